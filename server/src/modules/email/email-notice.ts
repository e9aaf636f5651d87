import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EmailEvent } from '../../lib/email-event.ts';
import type { DigestMark } from './email.repository.ts';
import type { PlannedEmail } from './planned-email.ts';

// The email module's plug: a feature that wants people to hear of something by email defines an
// EmailNotice in its own module (its event, payload, planner and templates) and deps.ts registers it.
// The email module knows no feature (docs/decisions/096-email-notice-registry.md).

export type { PlannedEmail } from './planned-email.ts';
export { withEmail } from './planned-email.ts';

/** What a notice's planner reads with: the database, the settings, and its recipients' digest marks. */
export interface NoticeContext {
  db: Db;
  config: Config;
  /** How far a person's digest of `topic` has gone (docs/decisions/086-email-digests.md): version 0 before the first. */
  digestMark(userId: string, topic: string): Promise<DigestMark>;
}

/**
 * One kind of email event and the emails it calls for.
 * @typeParam T the event's `type`, as features queue it (`deps.emails.enqueue({ type, ...payload })`).
 * @typeParam S the zod schema of the rest of the event: only ids and what is not stored elsewhere travel
 *   (the job reads the rest as it is when it runs).
 */
export interface EmailNoticeDefinition<T extends string, S extends z.ZodObject> {
  type: T;
  payload: S;
  /**
   * The event's identity, the first half of each of its emails' idempotency keys: the same event twice
   * is one event. Stored with every email made: changing it for an existing type sends again. By
   * default the type and every payload value in the schema's order, joined by `:`
   * (`task_done:{taskId}:{completedAt}`); a payload with more than its identity names its own.
   */
  key?(payload: z.output<S>): string;
  /**
   * The emails the event calls for, as things stand when its job runs: none when what it is about is
   * gone or changed since, or its recipients cannot get email.
   */
  plan(context: NoticeContext, payload: z.output<S>): Promise<PlannedEmail[]>;
}

/** A registered notice, its payload type erased: what the email module keeps of an {@link EmailNoticeDefinition}. */
export interface EmailNotice {
  type: string;
  /**
   * Reads an event of this type.
   * @throws ZodError when the event does not carry this notice's payload.
   */
  read(event: EmailEvent): { key: string; plan(context: NoticeContext): Promise<PlannedEmail[]> };
}

/**
 * Makes a notice from its definition, for the module's list of contributions (`xEmailNotices`) that
 * deps.ts registers. The event's type belongs in `EmailEventTypes` (lib/email-event.ts) by the
 * module's own `declare module` block, so that `enqueue` type-checks its payload.
 */
export function defineEmailNotice<T extends string, S extends z.ZodObject>(definition: EmailNoticeDefinition<T, S>): EmailNotice {
  return {
    type: definition.type,
    read(event) {
      const payload = definition.payload.parse(event);
      const key = definition.key?.(payload) ?? [definition.type, ...Object.values(payload)].join(':');
      return { key, plan: (context) => definition.plan(context, payload) };
    },
  };
}

/** Every notice of the app, by event type ({@link createNoticeRegistry}). */
export type EmailNotices = ReadonlyMap<string, EmailNotice>;

/**
 * The registry of the app's notices.
 * @throws Error when two notices claim one event type (a programming error, found at start-up).
 */
export function createNoticeRegistry(notices: readonly EmailNotice[]): EmailNotices {
  const registry = new Map<string, EmailNotice>();
  for (const notice of notices) {
    if (registry.has(notice.type)) throw new Error(`Two email notices for the event type ${notice.type}`);
    registry.set(notice.type, notice);
  }
  return registry;
}
