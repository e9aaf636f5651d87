import { conflict, notFound } from '../../lib/errors.ts';

// Errors about tasks (docs/decisions/024-error-codes.md).

/** 404: no such task, or not one the caller may reach. */
export const taskNotFound = () => notFound('Task not found');

/** 409: confirming, reopening or rating a task that is not done. */
export const taskNotDone = () => conflict('This task is not done');
