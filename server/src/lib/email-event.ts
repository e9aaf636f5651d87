// The events features queue for email (AppDeps `emails`). They live in lib/, not in the email module,
// because app-deps.ts declares the queue and imports no module (docs/decisions/079-no-hidden-cycles.md).

/**
 * Each email event's type and payload, filled by the modules that define the notices: a module adds
 * its own by declaration merging next to its `defineEmailNotice` (docs/decisions/096-email-notice-registry.md):
 *
 *     declare module '../../../lib/email-event.ts' {
 *       interface EmailEventTypes { proposal_accepted: z.input<typeof payload> }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface EmailEventTypes {}

/**
 * What happened that people hear of by email. Each event is a job on the queue, stored in the
 * transaction of the change that causes it; its job works out the recipients and their emails when it
 * runs (docs/decisions/023-email.md). Only ids travel: the job reads the rest as it is then.
 */
export type EmailEvent = { [T in keyof EmailEventTypes]: { type: T } & EmailEventTypes[T] }[keyof EmailEventTypes];
