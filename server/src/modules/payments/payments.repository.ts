import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentEntries, taskPayments } from '../../db/schema.ts';

// The payments module's tables (docs/decisions/093-payments.md): one plan per task, and its ledger.

export type PaymentPlanRow = typeof taskPayments.$inferSelect;
export type PaymentEntryRow = typeof paymentEntries.$inferSelect;

/** Stores a task's plan unless it has one. @returns the task's plan (the stored one when it already had one). */
export async function insertPlan(db: Db, plan: typeof taskPayments.$inferInsert): Promise<PaymentPlanRow> {
  const [inserted] = await db.insert(taskPayments).values(plan).onConflictDoNothing().returning();
  return inserted ?? (await findPlan(db, plan.taskId))!;
}

/** @returns the task's plan, or null when it has none. */
export async function findPlan(db: Db, taskId: string): Promise<PaymentPlanRow | null> {
  const [row] = await db.select().from(taskPayments).where(eq(taskPayments.taskId, taskId));
  return row ?? null;
}

/** @returns the task's plan locked for update (in a transaction), or null when it has none. */
export async function lockPlan(db: Db, taskId: string): Promise<PaymentPlanRow | null> {
  const [row] = await db.select().from(taskPayments).where(eq(taskPayments.taskId, taskId)).for('update');
  return row ?? null;
}

/** @returns the plans of these tasks, by task id (tasks without one left out). */
export async function findPlans(db: Db, taskIds: readonly string[]): Promise<Map<string, PaymentPlanRow>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(taskPayments)
    .where(inArray(taskPayments.taskId, [...taskIds]));
  return new Map(rows.map((row) => [row.taskId, row]));
}

/** Changes a plan's status and, when given, the hours worked and the balance. @returns the plan after. */
export async function updatePlan(
  db: Db,
  taskId: string,
  changes: Partial<Pick<PaymentPlanRow, 'status' | 'hoursWorked' | 'balanceMinor'>>,
): Promise<PaymentPlanRow> {
  const [row] = await db.update(taskPayments).set(changes).where(eq(taskPayments.taskId, taskId)).returning();
  return row!;
}

/**
 * Adds a ledger entry. An entry whose `externalId` (a Stripe event) is stored already is not added again.
 * @returns the new entry, or null when its event was recorded before.
 */
export async function insertEntry(db: Db, entry: typeof paymentEntries.$inferInsert): Promise<PaymentEntryRow | null> {
  const [row] = await db.insert(paymentEntries).values(entry).onConflictDoNothing().returning();
  return row ?? null;
}

/** @returns the task's ledger, the oldest entry first. */
export function listEntries(db: Db, taskId: string): Promise<PaymentEntryRow[]> {
  return db.select().from(paymentEntries).where(eq(paymentEntries.taskId, taskId)).orderBy(asc(paymentEntries.createdAt));
}

/** @returns the task whose payment went through this Stripe PaymentIntent, or null. */
export async function findTaskOfIntent(db: Db, paymentIntent: string): Promise<string | null> {
  const [row] = await db
    .select({ taskId: paymentEntries.taskId })
    .from(paymentEntries)
    .where(and(eq(paymentEntries.paymentIntent, paymentIntent), inArray(paymentEntries.kind, ['deposit', 'balance'])))
    .limit(1);
  return row?.taskId ?? null;
}

/** @returns one ledger entry, or null. */
export async function findEntry(db: Db, id: string): Promise<PaymentEntryRow | null> {
  const [row] = await db.select().from(paymentEntries).where(eq(paymentEntries.id, id));
  return row ?? null;
}
