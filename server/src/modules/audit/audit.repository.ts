import { desc, lt } from 'drizzle-orm';
import type { AuditEntry } from '@unstuck/contract';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** Who did something: their id and email at the time (kept when the account is later deleted). */
export interface AuditActor {
  id: string;
  email: string | null;
}

/** One change to record. `action` is a dotted verb such as `user.delete`; `targetType` names the entity. */
export interface AuditEvent {
  action: string;
  targetType: 'user' | 'guests' | 'conversation' | 'task' | 'api_key' | 'share_link';
  targetId: string;
  details?: Record<string, unknown>;
}

/**
 * Writes an audit log entry. Call it inside the transaction of the change it records, so the two
 * commit or roll back together.
 */
export async function recordAudit(db: Db, actor: AuditActor, event: AuditEvent, now: Date): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    details: event.details ?? {},
    createdAt: now,
  });
}

/**
 * A page of the audit log, newest first.
 * @param page `limit` entries with ids below `before` (from the previous page's `next_before`).
 */
export async function listAudit(
  db: Db,
  page: { limit: number; before?: number },
): Promise<{ entries: AuditEntry[]; next_before: number | null }> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(page.before ? lt(auditLog.id, page.before) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(page.limit + 1);
  const entries = rows.slice(0, page.limit).map((row) => ({
    id: row.id,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  }));
  return { entries, next_before: rows.length > page.limit ? (entries.at(-1)?.id ?? null) : null };
}
