import { notFound } from '../../lib/errors.ts';

// Errors about tasks (docs/decisions/027-error-codes.md).

/** 404: no such task, or not one the caller may reach. */
export const taskNotFound = () => notFound('Task not found');
