import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app.ts';

describe('health while the embedded identity provider starts', () => {
  // The app is built but never listens, so the embedded provider (started once the address is known) has not started.
  const subject = useTestApp();

  it('answers 503 "starting" and logs it at debug, never as an error', async () => {
    const answer = await subject.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: 'starting', database: 'ok', identity: 'starting' });
    const line = subject.logs().find((record) => record.path === '/api/health');
    expect(line).toMatchObject({ level: 20, status: 503 });
    expect(subject.logs().filter((record) => record.level >= 50)).toEqual([]);
  });
});

describe('health in production without an identity provider', () => {
  const subject = useTestApp({ NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40) });

  it('says sign-in is unavailable while the instance keeps serving (200)', async () => {
    const answer = await subject.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok', database: 'ok', identity: 'unavailable' });
  });
});
