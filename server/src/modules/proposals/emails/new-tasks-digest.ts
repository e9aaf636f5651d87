import type { Db } from '../../../db/client.ts';
import { customerTerms } from '../../agent/intake/customer-terms.ts';
import { formatPrice } from '../../agent/llm/pricing.ts';
import { matchingSkills } from '../../agent/technologies/skill-match.ts';
import { findLatestIntakeStacks, findMessage, listConversationMessages } from '../../chat/chat.service.ts';
import { withEmail, type NoticeContext, type PlannedEmail } from '../../email/email-notice.ts';
import { listExpertTasks, type TaskWithPeople } from '../../tasks/tasks.service.ts';
import { personName } from '../../users/people.ts';
import { listExperts, type UserRow } from '../../users/users.service.ts';
import { newTaskEmail, type NewTaskItem } from './new-task.tsx';

/** The topic of an expert's new-task digest. */
const TOPIC = 'new-tasks';
/** Tasks described in one digest at most, the earliest accepted first; the rest are counted (the queue lists them). */
const MOST_LISTED = 20;

type Expert = UserRow & { email: string };

/**
 * Who hears of a task (docs/decisions/068-skill-matching.md): the experts whose skills match its stack,
 * with those skills, or every expert when none match (or agent-1 recorded no stack); never its own customer.
 */
function audienceOf(experts: readonly Expert[], ownerId: string, stack: readonly string[]): Map<string, readonly string[]> {
  const matched = experts
    .filter((expert) => expert.id !== ownerId)
    .map((expert) => ({ expert, skills: matchingSkills(expert.skills, stack) }));
  const anyMatch = matched.some(({ skills }) => skills.length > 0);
  return new Map(matched.filter(({ skills }) => !anyMatch || skills.length > 0).map(({ expert, skills }) => [expert.id, skills]));
}

/** What the expert reads of a task: its price range (the accepted proposal's estimate), the customer's budget and deadline, its scope. */
async function describeTask(
  db: Db,
  { task }: TaskWithPeople,
  stack: readonly string[],
  matchedSkills: readonly string[],
): Promise<NewTaskItem> {
  const proposal = task.proposalMessageId ? await findMessage(db, task.proposalMessageId) : null;
  const estimate = proposal?.metadata.intake?.estimate;
  const customerWords = (await listConversationMessages(db, task.conversationId))
    .filter((message) => message.senderId === task.userId)
    .map((message) => message.content);
  const hours =
    estimate &&
    (estimate.hoursLow === estimate.hoursHigh ? `${estimate.hoursLow} hours` : `${estimate.hoursLow}–${estimate.hoursHigh} hours`);
  return {
    title: task.title,
    stack,
    scope: task.clarifiedScope,
    priceRange: estimate
      ? `${formatPrice(estimate.priceLow, estimate.currency)} – ${formatPrice(estimate.priceHigh, estimate.currency)} (${hours})`
      : null,
    ...customerTerms(customerWords),
    matchedSkills,
  };
}

/**
 * The new-task digests an accepted task calls for when its window (EMAIL_NEW_TASKS_DIGEST_SECONDS)
 * ends (docs/decisions/086-email-digests.md): each expert who hears of the task and has not had it
 * in a digest yet gets one email listing every task still waiting in the queue (accepted, nobody
 * holds it) that they hear of, accepted after their last digest and at most `windowSeconds` before
 * this one. A task taken or gone meanwhile calls for none.
 */
export async function planNewTasksDigest(context: NoticeContext, taskId: string): Promise<PlannedEmail[]> {
  const { db } = context;
  const windowSeconds = context.config.EMAIL_NEW_TASKS_DIGEST_SECONDS;
  const waiting = (await listExpertTasks(db)).filter(
    ({ task }) => task.status === 'ACCEPTED' && task.assigneeId === null && task.proposalAcceptedAt,
  );
  const trigger = waiting.find(({ task }) => task.id === taskId);
  if (!trigger) return [];
  const windowStart = trigger.task.proposalAcceptedAt!.getTime() - windowSeconds * 1000;
  const experts = (await listExperts(db)).filter(withEmail);
  const stacks = await findLatestIntakeStacks(
    db,
    waiting.map(({ task }) => task.conversationId),
  );
  const stackOf = ({ task }: TaskWithPeople) => stacks.get(task.conversationId) ?? [];
  const audiences = new Map(waiting.map((one) => [one.task.id, audienceOf(experts, one.task.userId, stackOf(one))]));
  const described = new Map<string, Promise<NewTaskItem>>();
  const plans: PlannedEmail[] = [];
  for (const expert of experts) {
    if (!audiences.get(taskId)?.has(expert.id)) continue;
    const mark = await context.digestMark(expert.id, TOPIC);
    // New tasks only: accepted after the last digest and in this task's window, never an older backlog.
    const after = Math.max(mark.throughAt?.getTime() ?? -Infinity, windowStart - 1);
    const listed = waiting.filter(({ task }) => task.proposalAcceptedAt!.getTime() > after && audiences.get(task.id)?.has(expert.id));
    const [first] = listed;
    const last = listed.at(-1);
    if (!first || !last || !listed.includes(trigger)) continue;
    const items: NewTaskItem[] = [];
    for (const one of listed.slice(0, MOST_LISTED)) {
      const skills = audiences.get(one.task.id)?.get(expert.id) ?? [];
      // Described once per task, then read as this expert's skills see it.
      if (!described.has(one.task.id)) described.set(one.task.id, describeTask(db, one, stackOf(one), []));
      items.push({ ...(await described.get(one.task.id)!), matchedSkills: skills });
    }
    plans.push({
      recipient: expert,
      template: 'new-task',
      key: `${TOPIC}:${first.task.id}:new-task:${expert.id}`,
      digest: { topic: TOPIC, from: mark.version, throughSeq: null, throughAt: last.task.proposalAcceptedAt },
      write: (context) => newTaskEmail(context, { expertName: personName(expert), tasks: items, more: listed.length - items.length }),
    });
  }
  return plans;
}
