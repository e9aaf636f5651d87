// Loaded on demand, beside the answers they check (get-shared-task.ts, request-access.ts): zod stays out of
// the first view and out of the share page's own chunk, which a painted share page runs without asking
// anything (docs/decisions/097-share-page-painted-on-the-server.md).
export { accessRequestResponseSchema, shareResponseSchema } from '@unstuck/contract';
