import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';

// Errors of the experts' queue (docs/decisions/024-error-codes.md).

/** 404: the task is unknown or not (yet) handed to the experts. */
export const taskNotInQueue = () => notFound('Task not found in the expert queue');

/** 409: the task is done. */
export const taskDone = () => conflict('This task is done');

/** 409: working on a task nobody took yet. */
export const taskNotTaken = () => conflict('Take this task before working on it');

/** 409: the task is neither waiting nor in progress for the caller. */
export const taskNotInProgress = () => conflict('This task is not in progress');

const takenBy = (holder: string | null) => `This task was taken by ${holder ?? 'another expert'}`;

/** 403: working on a task another expert holds; `holder` is their display name when known. */
export const taskHeldByOther = (holder: string | null) => forbidden(takenBy(holder));

/** 409: taking a task another expert took first. */
export const taskTakenByOther = (holder: string | null) => conflict(takenBy(holder));

/** 403: another expert reading or writing a task's conversation (they see the brief until they take it). */
export const conversationForHolder = () =>
  forbidden('Only the expert holding this task (or an admin) may read its conversation; take the task first');

/**
 * 409: a task's own customer holding it (an expert taking their own task, an admin giving a task to its
 * customer): nobody works on, completes or rates their own request.
 */
export const ownTask = () => conflict("A task's own customer cannot work on it; another expert must take it");

/** 400: assigning a task to someone who is neither an expert nor an admin. */
export const notAnExpert = () => badRequest('expertId must name a signed-in expert or admin');
