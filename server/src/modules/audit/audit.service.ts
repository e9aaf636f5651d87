// What other modules may use of the audit module's data: its repository is theirs to call only
// through here (eslint.config.js, "another module's repository only through its service").
export { type AuditActor, recordAudit } from './audit.repository.ts';
