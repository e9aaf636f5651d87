import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { conversations, messages, tasks, users } from '../../db/schema.ts';
import { EXPERT_STATUSES } from './hand-off.ts';

// Read from here by older callers; the rule lives in ./hand-off.ts.
export { EXPERT_STATUSES } from './hand-off.ts';

/** A tasks row. */
export type TaskRow = typeof tasks.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** A task with its customer and the expert who took it (null when none). */
export interface TaskWithPeople {
  task: TaskRow;
  owner: UserRow;
  assignee: UserRow | null;
}

const owner = alias(users, 'owner');
const assignee = alias(users, 'assignee');

const withPeople = (db: Db) =>
  db
    .select({ task: tasks, owner, assignee })
    .from(tasks)
    .innerJoin(owner, eq(owner.id, tasks.userId))
    .leftJoin(assignee, eq(assignee.id, tasks.assigneeId));

/** @returns the task, or null. */
export async function findTask(db: Db, id: string): Promise<TaskRow | null> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row ?? null;
}

/** @returns the task with its people, or null. */
export async function findTaskWithPeople(db: Db, id: string): Promise<TaskWithPeople | null> {
  const [row] = await withPeople(db).where(eq(tasks.id, id));
  return row ?? null;
}

/**
 * @param id only this task, when given.
 * @returns every task with its people, newest first.
 */
export function listTasksForAdmin(db: Db, id?: string): Promise<TaskWithPeople[]> {
  return withPeople(db)
    .where(id ? eq(tasks.id, id) : undefined)
    .orderBy(desc(tasks.createdAt));
}

/** @returns the tasks handed to the experts, the earliest accepted first. */
export function listExpertTasks(db: Db): Promise<TaskWithPeople[]> {
  return withPeople(db)
    .where(inArray(tasks.status, [...EXPERT_STATUSES]))
    .orderBy(asc(tasks.proposalAcceptedAt), asc(tasks.createdAt));
}

/** Deletes one task. @returns whether it existed. */
export async function deleteTask(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(tasks).where(eq(tasks.id, id)).returning({ id: tasks.id });
  return rows.length > 0;
}

/** Deletes the tasks of these conversations. @returns how many. */
export async function deleteTasksOfConversations(db: Db, conversationIds: string[]): Promise<number> {
  if (conversationIds.length === 0) return 0;
  const rows = await db.delete(tasks).where(inArray(tasks.conversationId, conversationIds)).returning({ id: tasks.id });
  return rows.length;
}

/** @returns how many tasks these people own. */
export async function countTasksOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(tasks)
    .where(eq(tasks.userId, userId));
  return row?.n ?? 0;
}

/**
 * A person's proposal acceptances since `since`: how many of their tasks were accepted then or later,
 * and the earliest of those acceptances (null when none), from which the acceptance cap's window ends.
 */
export async function countAcceptancesSince(db: Db, userId: string, since: Date): Promise<{ count: number; earliest: Date | null }> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      earliest: sql<Date | null>`min(${tasks.proposalAcceptedAt})`.mapWith(tasks.proposalAcceptedAt),
    })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), gte(tasks.proposalAcceptedAt, since)));
  return { count: row?.n ?? 0, earliest: row?.earliest ?? null };
}

/** Saves a task's admin notes. @returns the row, or null when unknown. */
export async function saveAdminNotes(db: Db, id: string, adminNotes: string): Promise<TaskRow | null> {
  const [row] = await db.update(tasks).set({ adminNotes }).where(eq(tasks.id, id)).returning();
  return row ?? null;
}

/**
 * Gives an accepted task to an expert: IN_PROGRESS, with the assignee and the time. Taking a task
 * one already holds changes nothing.
 * @returns the row, or null when the task is not ACCEPTED or held by this expert.
 */
export async function assignTask(db: Db, id: string, expertId: string, now: Date): Promise<TaskRow | null> {
  const [taken] = await db
    .update(tasks)
    .set({ status: 'IN_PROGRESS', assigneeId: expertId, assignedAt: now })
    .where(and(eq(tasks.id, id), eq(tasks.status, 'ACCEPTED'), isNull(tasks.assigneeId)))
    .returning();
  if (taken) return taken;
  const [held] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.assigneeId, expertId), inArray(tasks.status, ['IN_PROGRESS', 'DONE'])));
  return held ?? null;
}

/** Statuses of a task an expert holds and works on. */
const WORKING = ['IN_PROGRESS', 'WAITING_ON_CUSTOMER'] as const;

/**
 * Sets where a task its expert holds stands: IN_PROGRESS, WAITING_ON_CUSTOMER, or DONE (with the
 * completion time; a confirmation from before a reopen is cleared).
 * @returns the row, or null when the task is not in progress or waiting with this expert.
 */
export async function setWorkStatus(
  db: Db,
  id: string,
  expertId: string,
  status: 'IN_PROGRESS' | 'WAITING_ON_CUSTOMER' | 'DONE',
  now: Date,
): Promise<TaskRow | null> {
  const [row] = await db
    .update(tasks)
    .set(status === 'DONE' ? { status, completedAt: now, confirmedAt: null } : { status })
    .where(and(eq(tasks.id, id), eq(tasks.assigneeId, expertId), inArray(tasks.status, [...WORKING])))
    .returning();
  return row ?? null;
}

/**
 * The task of a conversation that waits on its customer goes back to IN_PROGRESS (the customer answered).
 * @returns the row, or null when the conversation's task is not waiting on the customer.
 */
export async function resumeWaitingTask(db: Db, conversationId: string): Promise<TaskRow | null> {
  const [row] = await db
    .update(tasks)
    .set({ status: 'IN_PROGRESS' })
    .where(and(eq(tasks.conversationId, conversationId), eq(tasks.status, 'WAITING_ON_CUSTOMER')))
    .returning();
  return row ?? null;
}

/**
 * An admin gives a task with the experts that is not done to an expert (IN_PROGRESS, assigned now),
 * or back to the queue (`expertId` null: ACCEPTED, nobody holds it).
 * @returns the row, or null when the task is not with the experts or is done.
 */
export async function reassignTask(db: Db, id: string, expertId: string | null, now: Date): Promise<TaskRow | null> {
  const [row] = await db
    .update(tasks)
    .set(
      expertId
        ? { status: 'IN_PROGRESS', assigneeId: expertId, assignedAt: now }
        : { status: 'ACCEPTED', assigneeId: null, assignedAt: null },
    )
    .where(and(eq(tasks.id, id), inArray(tasks.status, ['ACCEPTED', ...WORKING])))
    .returning();
  return row ?? null;
}

/** The customer confirms done work. @returns the row, or null when the task is not theirs and DONE. */
export async function confirmTask(db: Db, id: string, ownerId: string, now: Date): Promise<TaskRow | null> {
  const [row] = await db
    .update(tasks)
    .set({ confirmedAt: now })
    .where(and(eq(tasks.id, id), eq(tasks.userId, ownerId), eq(tasks.status, 'DONE')))
    .returning();
  return row ?? null;
}

/**
 * The customer reopens done work: back to the expert who held it (IN_PROGRESS), or to the queue
 * when they are gone or `holderMayWork` is false (they may no longer work on tasks); completion and
 * confirmation cleared.
 * @returns the row, or null when the task is not theirs and DONE.
 */
export async function reopenTask(db: Db, id: string, ownerId: string, holderMayWork: boolean): Promise<TaskRow | null> {
  const [row] = await db
    .update(tasks)
    .set({
      ...(holderMayWork ? {} : { assigneeId: null, assignedAt: null }),
      status: holderMayWork ? sql`case when ${tasks.assigneeId} is null then 'ACCEPTED' else 'IN_PROGRESS' end` : 'ACCEPTED',
      completedAt: null,
      confirmedAt: null,
    })
    .where(and(eq(tasks.id, id), eq(tasks.userId, ownerId), eq(tasks.status, 'DONE')))
    .returning();
  return row ?? null;
}

/** The customer rates done work (again: the latest rating counts). @returns the row, or null when the task is not theirs and DONE. */
export async function rateTask(
  db: Db,
  id: string,
  ownerId: string,
  score: number,
  comment: string | null,
  now: Date,
): Promise<TaskRow | null> {
  const [row] = await db
    .update(tasks)
    .set({ ratingScore: score, ratingComment: comment, ratedAt: now })
    .where(and(eq(tasks.id, id), eq(tasks.userId, ownerId), eq(tasks.status, 'DONE')))
    .returning();
  return row ?? null;
}

/** @returns the rated tasks with their people, the latest rating first. */
export function listRatedTasks(db: Db): Promise<TaskWithPeople[]> {
  return withPeople(db).where(isNotNull(tasks.ratingScore)).orderBy(desc(tasks.ratedAt));
}

/**
 * Gives back the unfinished tasks these people held (they may no longer work on tasks): ACCEPTED again,
 * nobody holding them. Done tasks keep who did them.
 * @returns the tasks given back, as they are now.
 */
export async function releaseAssignments(db: Db, expertIds: readonly string[]): Promise<TaskRow[]> {
  if (expertIds.length === 0) return [];
  return db
    .update(tasks)
    .set({ status: 'ACCEPTED', assigneeId: null, assignedAt: null })
    .where(and(inArray(tasks.assigneeId, [...expertIds]), inArray(tasks.status, ['ACCEPTED', ...WORKING])))
    .returning();
}

/** @returns the conversation ids of the tasks with the experts (done ones too) these people hold. */
export async function listConversationsHeldBy(db: Db, expertIds: readonly string[]): Promise<string[]> {
  if (expertIds.length === 0) return [];
  const rows = await db
    .select({ conversationId: tasks.conversationId })
    .from(tasks)
    .where(and(inArray(tasks.assigneeId, [...expertIds]), inArray(tasks.status, [...EXPERT_STATUSES])));
  return rows.map((row) => row.conversationId);
}

/** @returns the task of a conversation, or null. */
export async function findTaskOfConversation(db: Db, conversationId: string): Promise<TaskRow | null> {
  const [row] = await db.select().from(tasks).where(eq(tasks.conversationId, conversationId));
  return row ?? null;
}

/**
 * Reads and locks (FOR UPDATE) the task of a conversation, so that two proposals stored at once are
 * numbered one after the other (docs/decisions/030-proposal-versions.md). Call inside a transaction.
 */
export async function lockTaskOfConversation(db: Db, conversationId: string): Promise<TaskRow | null> {
  const [row] = await db.select().from(tasks).where(eq(tasks.conversationId, conversationId)).for('update');
  return row ?? null;
}

/**
 * Updates the brief and status an agent keeps on a task (the MCP tool `update_task`), unless the
 * task is already with the human experts.
 * @returns the row, or null when the task is unknown or with the experts.
 */
export async function updateTaskBrief(
  db: Db,
  id: string,
  fields: Partial<Pick<TaskRow, 'diagnosis' | 'clarifiedScope' | 'jobSummaryForEngineer' | 'status'>>,
): Promise<TaskRow | null> {
  const [row] = await db
    .update(tasks)
    .set(fields)
    .where(and(eq(tasks.id, id), notInArray(tasks.status, [...EXPERT_STATUSES])))
    .returning();
  return row ?? null;
}

/**
 * Applies an agent's turn to its task: brief fields, and for a proposal its message, text, status
 * `pending` and the task's PENDING_ACCEPTANCE (docs/product.md "Proposal"). Does nothing when `fields` is empty.
 */
export async function applyAgentTurn(
  db: Db,
  id: string,
  fields: Partial<
    Pick<
      TaskRow,
      | 'title'
      | 'description'
      | 'diagnosis'
      | 'clarifiedScope'
      | 'jobSummaryForEngineer'
      | 'taskType'
      | 'proposalMessageId'
      | 'proposalContent'
      | 'proposalStatus'
      | 'proposalVersion'
      | 'status'
    >
  >,
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.update(tasks).set(fields).where(eq(tasks.id, id));
}

/**
 * Locks (FOR UPDATE) the task of the conversation holding message `messageId`, if `ownerId` owns that
 * conversation: the proposal actions' read (docs/product.md "Proposal"). Call inside a transaction.
 * @returns the task and the message's metadata, or null when the message is unknown or someone else's.
 */
export async function lockTaskOfProposal(db: Db, messageId: string, ownerId: string) {
  const [row] = await db
    .select({ task: tasks, metadata: messages.metadata })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(tasks, eq(tasks.conversationId, messages.conversationId))
    .where(and(eq(messages.id, messageId), eq(conversations.ownerId, ownerId)))
    .for('update', { of: tasks });
  return row ?? null;
}

/**
 * Records a proposal action on its task: accepted (status ACCEPTED, endUserAcceptedTask,
 * proposalAcceptedAt) or a modification asked for (docs/product.md "Proposal").
 * @returns the updated row. @throws when the task does not exist (the caller holds its lock).
 */
export async function updateProposalState(
  db: Db,
  id: string,
  fields: Partial<Pick<TaskRow, 'status' | 'endUserAcceptedTask' | 'proposalStatus' | 'proposalAcceptedAt'>>,
): Promise<TaskRow> {
  const [row] = await db.update(tasks).set(fields).where(eq(tasks.id, id)).returning();
  if (!row) throw new Error(`task ${id} vanished while locked`);
  return row;
}

/** Records the repository made for a task (docs/product.md "Entities" Task.github_repository). */
export async function saveRepositoryLink(db: Db, id: string, link: NonNullable<TaskRow['githubRepository']>): Promise<void> {
  await db.update(tasks).set({ githubRepository: link }).where(eq(tasks.id, id));
}

/**
 * Records the outcome of the latest analysis of a task's code (Task.code_analysis, decision 025): its
 * figures (state `ready`), or why there are none (state `failed`; figures of earlier code are kept).
 * @param stillPending another analysis of the task waits or runs: the state stays `pending`.
 */
export async function saveCodeAnalysis(
  db: Db,
  id: string,
  outcome: { analysis: NonNullable<TaskRow['codeAnalysis']> } | { failure: string },
  stillPending = false,
): Promise<void> {
  const state = (settled: 'ready' | 'failed') => (stillPending ? ('pending' as const) : settled);
  const fields =
    'analysis' in outcome
      ? { codeAnalysis: outcome.analysis, codeAnalysisState: state('ready'), codeAnalysisFailure: null }
      : { codeAnalysisState: state('failed'), codeAnalysisFailure: outcome.failure };
  await db.update(tasks).set(fields).where(eq(tasks.id, id));
}

/** Ends a pending analysis that had nothing to analyse (its file or repository gone): `ready` with earlier figures, else none. */
export async function settleCodeAnalysis(db: Db, id: string): Promise<void> {
  await db
    .update(tasks)
    .set({ codeAnalysisState: sql`case when ${tasks.codeAnalysis} is null then null else 'ready' end` })
    .where(eq(tasks.id, id));
}

/** Marks a task's code analysis as waiting for its job (decision 025); agent-1's turns wait for it. */
export async function markCodeAnalysisPending(db: Db, id: string): Promise<void> {
  await db.update(tasks).set({ codeAnalysisState: 'pending', codeAnalysisFailure: null }).where(eq(tasks.id, id));
}

/**
 * @returns the tasks this person owns that are not done yet, or done and not confirmed, newest first,
 * with their people (the dashboard's active jobs).
 */
export function listActiveTasksOf(db: Db, userId: string): Promise<TaskWithPeople[]> {
  return withPeople(db)
    .where(and(eq(tasks.userId, userId), or(ne(tasks.status, 'DONE'), isNull(tasks.confirmedAt))))
    .orderBy(desc(tasks.createdAt));
}

/** @returns the user's finished tasks (done and confirmed) with their people, the latest confirmed first. */
export function listFinishedTasksOf(db: Db, userId: string): Promise<TaskWithPeople[]> {
  return withPeople(db)
    .where(and(eq(tasks.userId, userId), eq(tasks.status, 'DONE'), isNotNull(tasks.confirmedAt)))
    .orderBy(desc(tasks.confirmedAt));
}

/** @returns the task of a conversation with its people, or null. */
export async function findTaskOfConversationWithPeople(db: Db, conversationId: string): Promise<TaskWithPeople | null> {
  const [row] = await withPeople(db).where(eq(tasks.conversationId, conversationId));
  return row ?? null;
}

/**
 * The insert of a new conversation's task (docs/product.md "Task"): status PENDING_CLARIFICATION, owned by
 * the person who opened it; `id` is chosen by the caller (a random UUID). Run it, or let the conversation's first message's statement carry it.
 */
export function newTask(
  db: Db,
  input: { id: string; userId: string; conversationId: string; title: string; description: string; now: Date },
) {
  return db.insert(tasks).values({
    id: input.id,
    title: input.title,
    description: input.description,
    status: 'PENDING_CLARIFICATION',
    userId: input.userId,
    conversationId: input.conversationId,
    createdAt: input.now,
  });
}

/** Gives `toUserId` every task of `fromUserId` (a guest session handed over at sign-in). @returns how many moved. */
export async function moveTasksToUser(db: Db, fromUserId: string, toUserId: string): Promise<number> {
  const moved = await db.update(tasks).set({ userId: toUserId }).where(eq(tasks.userId, fromUserId)).returning({ id: tasks.id });
  return moved.length;
}

/**
 * The median, in minutes, from a proposal's acceptance to the first expert message of its task, over the
 * tasks whose first expert message came at or after `since` (PostgreSQL `percentile_cont`, continuous:
 * the mean of the two middle values for an even count). `tasks` is how many were measured; `medianMinutes`
 * is null when none were.
 */
export async function measureFirstExpertReplies(db: Db, since: Date): Promise<{ medianMinutes: number | null; tasks: number }> {
  const firstReply = sql`min(${messages.createdAt})`;
  const firsts = db
    .select({ minutes: sql<number>`extract(epoch from (${firstReply} - ${tasks.proposalAcceptedAt})) / 60`.as('minutes') })
    .from(tasks)
    .innerJoin(
      messages,
      and(
        eq(messages.conversationId, tasks.conversationId),
        eq(messages.senderRole, 'expert'),
        sql`${messages.createdAt} >= ${tasks.proposalAcceptedAt}`,
      ),
    )
    .where(isNotNull(tasks.proposalAcceptedAt))
    .groupBy(tasks.id)
    .having(sql`${firstReply} >= ${since.toISOString()}::timestamptz`)
    .as('firsts');
  const [row] = await db
    .select({
      medianMinutes: sql<number | null>`percentile_cont(0.5) within group (order by ${firsts.minutes})`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
      tasks: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(firsts);
  return { medianMinutes: row?.medianMinutes ?? null, tasks: row?.tasks ?? 0 };
}
