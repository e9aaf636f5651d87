// Loaded on demand by get-shared-task.ts, beside the answer it checks: zod stays out of the first view.
export { shareResponseSchema } from '@unstuck/contract';
