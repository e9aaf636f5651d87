import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { appSettings, authSessions, revokedTokens, users } from '../../src/db/schema.ts';
import { RETIRED_TOKEN_GRACE_SECONDS } from '../../src/modules/auth/tokens.ts';
import { databaseKinds } from '../support/databases.ts';
import { callJson, fetchOn, sendMessage } from '../support/http.ts';
import { signIn } from '../support/sign-in.ts';
import { signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';

// Tokens through app.inject; the one-time code the provider's callback leaves is tested with the real
// sign-in flow (server/test/auth/embedded-sign-in.test.ts).
describe('our session token', () => {
  const server = useTestApp({ ...STAFF_ENV, ADMIN_EMAILS: 'Boss@Example.com, other@example.org, admin@example.com' });

  const session = (token: string) => callJson(server, 'GET', '/api/session', { token });
  const post = (path: string, token: string) => callJson(server, 'POST', path, { token });

  it('an email in ADMIN_EMAILS (any case) makes admin:true; others are not admin', async () => {
    const boss = await signIn(server, { email: 'boss@example.com', name: 'Boss' });
    expect(boss.user).toMatchObject({ role: 'user', admin: true });
    expect(decodeJwt(boss.token)).toMatchObject({ uid: boss.user.uid, email: 'boss@example.com', role: 'user', admin: true });
    const worker = await signIn(server, { email: 'worker@example.com' });
    expect(worker.user.admin).toBe(false);
  });

  it('refresh re-reads the database: a role changed to admin shows in the new token', async () => {
    const person = await signIn(server, { email: 'promoted@example.com' });
    await server.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, person.user.uid));
    const refreshed = await post('/api/auth/refresh', person.token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user).toEqual({ ...person.user, role: 'admin', admin: true });
    expect(decodeJwt(refreshed.body.token)).toMatchObject({ role: 'admin', admin: true });
    expect((await session(refreshed.body.token)).status).toBe(200);
  });

  it('after logout the token gets 401 everywhere, while another sign-in of the same person still works', async () => {
    const first = await signIn(server, { email: 'leaver@example.com' });
    const second = await signIn(server, { email: 'leaver@example.com' });
    expect(await post('/api/auth/logout', first.token)).toEqual({ status: 200, body: { status: 'signed_out' } });
    const expired = { status: 401, body: { code: 'unauthenticated', detail: 'Invalid or expired token' } };
    expect(await session(first.token)).toEqual(expired);
    expect(await post('/api/auth/refresh', first.token)).toEqual(expired);
    expect(await sendMessage(server, { token: first.token }, { content: 'still here?' })).toEqual(expired);
    expect((await session(second.token)).status).toBe(200);
  });

  it('an expired token and a token signed with another key get 401', async () => {
    const person = await signIn(server, { email: 'forger@example.com' });
    const [stored] = await server.database.db.select().from(appSettings).where(eq(appSettings.key, 'auth_secret'));
    const { sid } = decodeJwt(person.token);
    const sign = (key: string, expiresAt: number, claims: object = { ...person.user, sid }) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(person.user.uid)
        .setIssuer('unstuck')
        .setAudience('unstuck-api')
        .setJti(crypto.randomUUID())
        .setIssuedAt(expiresAt - 3600)
        .setExpirationTime(expiresAt)
        .sign(new TextEncoder().encode(key));
    const now = Math.floor(Date.now() / 1000);
    expect((await session(await sign(stored!.value, now + 600))).status).toBe(200);
    const withoutSession = await sign(stored!.value, now + 600, person.user);
    const otherSession = await sign(stored!.value, now + 600, { ...person.user, sid: crypto.randomUUID() });
    for (const token of [await sign(stored!.value, now - 10), await sign('x'.repeat(64), now + 600), withoutSession, otherSession]) {
      expect(await session(token)).toEqual({ status: 401, body: { code: 'unauthenticated', detail: 'Invalid or expired token' } });
    }
  });

  it('session, refresh and logout need a token', async () => {
    expect(await callJson(server, 'POST', '/api/auth/refresh', null)).toEqual({
      status: 401,
      body: { code: 'unauthenticated', detail: 'Authentication required' },
    });
    expect((await callJson(server, 'POST', '/api/auth/logout', { guest: 'guest-abcdef123' })).status).toBe(401);
    const empty = await fetchOn(server, '/api/auth/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(empty.status).toBe(400);
  });

  it('every token refreshed from one sign-in shares its session id; logout ends all of them', async () => {
    const person = await signIn(server, { email: 'tabs@example.com' });
    const other = await signIn(server, { email: 'tabs@example.com' });
    const refreshed = await post('/api/auth/refresh', person.token);
    expect(refreshed.status).toBe(200);
    const sid = decodeJwt(person.token).sid;
    expect(sid).toEqual(expect.any(String));
    expect(decodeJwt(refreshed.body.token).sid).toBe(sid);
    expect(decodeJwt(other.token).sid).not.toBe(sid);
    expect((await session(person.token)).status).toBe(200); // within the grace of a concurrent refresh

    expect((await post('/api/auth/logout', refreshed.body.token)).status).toBe(200);
    const expired = { status: 401, body: { code: 'unauthenticated', detail: 'Invalid or expired token' } };
    expect(await session(refreshed.body.token)).toEqual(expired);
    expect(await session(person.token)).toEqual(expired);
    expect(await post('/api/auth/refresh', person.token)).toEqual(expired);
    expect((await session(other.token)).status).toBe(200);
  });

  it('a refresh retires the token it replaces after a short grace', async () => {
    const person = await signIn(server, { email: 'renewer@example.com' });
    const renewed = await post('/api/auth/refresh', person.token);
    expect(renewed.status).toBe(200);
    // A second tab renewing the same token at the same moment is not signed out, and gets the same
    // successor: a replaced token never mints a second one.
    expect(await post('/api/auth/refresh', person.token)).toEqual(renewed);
    const { jti } = decodeJwt(person.token);
    const [retired] = await server.database.db.select().from(revokedTokens).where(eq(revokedTokens.jti, jti!));
    expect(retired!.refusedFrom.getTime() - Date.now()).toBeGreaterThan((RETIRED_TOKEN_GRACE_SECONDS - 10) * 1000);
    expect(retired!.refusedFrom.getTime() - Date.now()).toBeLessThanOrEqual(RETIRED_TOKEN_GRACE_SECONDS * 1000);
    // The grace ends.
    await server.database.db
      .update(revokedTokens)
      .set({ refusedFrom: new Date(Date.now() - 1000) })
      .where(eq(revokedTokens.jti, jti!));
    const expired = { status: 401, body: { code: 'unauthenticated', detail: 'Invalid or expired token' } };
    expect(await session(person.token)).toEqual(expired);
    expect(await post('/api/auth/refresh', person.token)).toEqual(expired);
    expect((await session(renewed.body.token)).status).toBe(200);
  });

  it("a deleted user's tokens get 401 and do not bring the account back", async () => {
    const { admin } = await signInStaff(server);
    const leaver = await signIn(server, { email: 'deleted@example.com', name: 'Deleted' });
    const renewed = await post('/api/auth/refresh', leaver.token);
    const deleted = await callJson(server, 'DELETE', `/api/admin/users/${leaver.user.uid}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect(await server.database.db.select().from(authSessions).where(eq(authSessions.userId, leaver.user.uid))).toEqual([]);

    const expired = { status: 401, body: { code: 'unauthenticated', detail: 'Invalid or expired token' } };
    for (const token of [leaver.token, renewed.body.token]) {
      expect(await sendMessage(server, { token }, { content: 'I am back' })).toEqual(expired);
      expect(await post('/api/auth/refresh', token)).toEqual(expired);
      expect(await session(token)).toEqual(expired);
    }
    expect(await server.database.db.select().from(users).where(eq(users.id, leaver.user.uid))).toEqual([]);
  });
});

// A race on the token's row: PostgreSQL's concurrent transactions are the subject, HTTP is not.
describe.each(databaseKinds)('refreshing one token from several tabs on %s', (kind) => {
  const server = useTestApp({}, { kind });
  const post = (path: string, token: string) => callJson(server, 'POST', path, { token });

  it('tabs refreshing one token at the same moment all get the one successor', async () => {
    const person = await signIn(server, { email: 'racer@example.com' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/auth/refresh', person.token)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.token)).size).toBe(1);
    // The successor is refreshed in its turn like any token.
    const next = await post('/api/auth/refresh', answers[0]!.body.token);
    expect(next.status).toBe(200);
    expect(next.body.token).not.toBe(answers[0]!.body.token);
  });
});
