import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.ts';
import { callJson, newGuestId, sendMessage } from '../support/http.ts';
import { signInWithDevProvider } from '../support/sign-in.ts';
import { useTestServer } from '../support/test-server.ts';

const DEBUG_CALLS = ['/api/ping', '/api/test-redirect', '/api/session', '/api/login/dev', '/api/conversations'];

describe.each(databaseKinds)('debug probes and redirects on %s', (kind) => {
  const server = useTestServer(kind, { SIGN_IN_RATE_LIMIT: '1000' });

  it('ping answers with the time; test-redirect goes to the redirect test page', async () => {
    const ping = await callJson(server.url, 'GET', '/api/ping', null);
    expect(ping).toEqual({ status: 200, body: { status: 'ok', time: expect.any(String) } });
    expect(Date.parse(ping.body.time)).not.toBeNaN();
    const redirect = await fetch(`${server.url}/api/test-redirect`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/redirect-test?status=success&message=Redirect+test+successful');
  });

  it('/api/login/{provider} goes to the sign-in route with its query', async () => {
    const redirect = await fetch(`${server.url}/api/login/linkedin?return_to=%2Fdebug`, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe('/api/auth/login/linkedin?return_to=%2Fdebug');
  });

  it('/api/session is 401 "Not authenticated" without a signed-in token, and shows the profile with one', async () => {
    const notAuthenticated = { status: 401, body: { code: 'unauthenticated', detail: 'Not authenticated' } };
    expect(await callJson(server.url, 'GET', '/api/session', null)).toEqual(notAuthenticated);
    expect(await callJson(server.url, 'GET', '/api/session', { guest: newGuestId() })).toEqual(notAuthenticated);
    const person = await signInWithDevProvider(server.url, { email: 'debugger@example.com', name: 'De Bugger' });
    expect(await callJson(server.url, 'GET', '/api/session', { token: person.token })).toEqual({
      status: 200,
      body: {
        user: {
          id: person.user.uid,
          name: 'De Bugger',
          email: 'debugger@example.com',
          handle: null,
          userCategory: null,
          skills: [],
          location: null,
        },
      },
    });
  });

  it("lists the caller's conversations and reads one like the v2 call", async () => {
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server.url, guest, { content: 'Supabase auth loops forever' });
    const list = await callJson(server.url, 'GET', '/api/conversations', guest);
    expect(list.body).toEqual([
      {
        id: sent.body.conversation_id,
        title: 'Supabase auth loops forever',
        message_count: expect.any(Number),
        participants: [guest.guest, 'agent-1'],
        last_message_at: expect.any(String),
      },
    ]);
    const v2 = await callJson(server.url, 'GET', `/api/v2/conversations/${sent.body.conversation_id}/messages`, guest);
    const debug = await callJson(server.url, 'GET', `/api/conversations/${sent.body.conversation_id}/messages`, guest);
    expect(debug.body[0]).toEqual(v2.body[0]);
    expect((await callJson(server.url, 'GET', '/api/conversations', null)).status).toBe(401);
  });
});

describe.each(databaseKinds)('with DEBUG_PAGES=false on %s', (kind) => {
  const server = useTestServer(kind, { DEBUG_PAGES: 'false' });

  it('the debug calls are unknown paths: 404', async () => {
    for (const path of DEBUG_CALLS) {
      const answer = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect({ path, status: answer.status, body: await answer.json() }).toEqual({
        path,
        status: 404,
        body: { code: 'not_found', detail: `Not found: GET ${path}` },
      });
    }
  });
});
