// What other modules may use of the users module's data: its repository is theirs to call only
// through here (eslint.config.js, "another module's repository only through its service").
export {
  applyIdentityClaims,
  deleteUsers,
  findUser,
  findUsers,
  isUnknownUser,
  listAdminCandidates,
  listExperts,
  listGuestIds,
  listManagedUsers,
  lockCallerRow,
  lockGuestForHandover,
  markGuestMerged,
  setExpertFlag,
  updateProfile,
  upsertIdentityUser,
  type UserRow,
} from './users.repository.ts';
