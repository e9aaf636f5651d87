import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConfigResponse } from '@unstuck/contract';
import type { Db } from '../../src/db/client.ts';
import { messages, tasks } from '../../src/db/schema.ts';
import { EXPERT_RESPONSE_CACHE_MS } from '../../src/modules/tasks/expert-response.ts';
import { seedTask } from '../support/seed.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';
import { MovableClock } from '../support/test-server.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * An accepted task whose expert first wrote `minutes` after the acceptance, `daysAgo` days before now
 * (a later expert message too, which must not count), written straight to the database.
 */
async function taskAnsweredAfter(db: Db, now: Date, minutes: number, daysAgo = 1): Promise<void> {
  const seeded = await seedTask(db, { status: 'IN_PROGRESS' });
  const firstReply = new Date(now.getTime() - daysAgo * DAY);
  const acceptedAt = new Date(firstReply.getTime() - minutes * MINUTE);
  await db.update(tasks).set({ proposalAcceptedAt: acceptedAt }).where(eq(tasks.id, seeded.taskId));
  const expertMessage = {
    conversationId: seeded.conversationId,
    senderId: 'expert-x',
    recipientId: seeded.ownerId,
    senderRole: 'expert' as const,
  };
  await db.insert(messages).values([
    { ...expertMessage, content: 'On it', createdAt: firstReply },
    { ...expertMessage, content: 'Later', createdAt: new Date(firstReply.getTime() + 600 * MINUTE) },
  ]);
}

const expertResponseOf = async (subject: TestApp) => {
  const answer = await subject.app.inject({ method: 'GET', url: '/api/config' });
  expect(answer.statusCode).toBe(200);
  return answer.json<ConfigResponse>().expertResponse;
};

describe('GET /api/config: the expected first reply, without a configured default', () => {
  const clock = new MovableClock();
  const subject = useTestApp({}, { clock });

  it('is null while nothing was measured, then the median of at least 5 tasks of the last 30 days, kept a few minutes', async () => {
    const db = subject.runtime.deps.db;
    expect(await expertResponseOf(subject)).toBeNull();

    const now = clock.now();
    for (const minutes of [30, 60, 90, 200]) await taskAnsweredAfter(db, now, minutes);
    // Outside the window, and a task the expert has not answered: neither counts.
    await taskAnsweredAfter(db, now, 5, 31);
    await seedTask(db, { status: 'ACCEPTED' });
    clock.advance(EXPERT_RESPONSE_CACHE_MS + 1000);
    expect(await expertResponseOf(subject)).toBeNull();

    await taskAnsweredAfter(db, clock.now(), 400);
    // Still the cached answer: the database is asked again only after the cache time.
    expect(await expertResponseOf(subject)).toBeNull();
    clock.advance(EXPERT_RESPONSE_CACHE_MS + 1000);
    expect(await expertResponseOf(subject)).toEqual({ medianMinutes: 90, basis: 'measured', tasks: 5 });

    await taskAnsweredAfter(db, clock.now(), 121);
    clock.advance(EXPERT_RESPONSE_CACHE_MS + 1000);
    // Six tasks: percentile_cont gives the mean of the two middle ones, (90 + 121) / 2, rounded up.
    expect(await expertResponseOf(subject)).toEqual({ medianMinutes: 106, basis: 'measured', tasks: 6 });
  });
});

describe('GET /api/config: the expected first reply with EXPERT_RESPONSE_DEFAULT_MINUTES', () => {
  const subject = useTestApp({ EXPERT_RESPONSE_DEFAULT_MINUTES: '180' });

  it('answers the default while fewer than 5 tasks were measured, saying how many were', async () => {
    await taskAnsweredAfter(subject.runtime.deps.db, new Date(), 10);
    expect(await expertResponseOf(subject)).toEqual({ medianMinutes: 180, basis: 'default', tasks: 1 });
  });
});
