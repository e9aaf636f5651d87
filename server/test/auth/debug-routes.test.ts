import { describe, expect, it } from 'vitest';
import { callJson, newGuestId, sendMessage, fetchOn, waitForMessages } from '../support/http.ts';
import { signIn } from '../support/sign-in.ts';
import { useTestApp } from '../support/test-app.ts';

const DEBUG_CALLS = ['/api/ping', '/api/test-redirect', '/api/session', '/api/login/dev', '/api/conversations'];

describe('debug probes and redirects', () => {
  const server = useTestApp({ SIGN_IN_RATE_LIMIT: '1000' });

  it('ping answers with the time; test-redirect goes to the redirect test page', async () => {
    const ping = await callJson(server, 'GET', '/api/ping', null);
    expect(ping).toEqual({ status: 200, body: { status: 'ok', time: expect.any(String) } });
    expect(Date.parse(ping.body.time)).not.toBeNaN();
    const redirect = await fetchOn(server, `/api/test-redirect`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/redirect-test?status=success&message=Redirect+test+successful');
  });

  it('/api/login/{provider} goes to the sign-in route with its query', async () => {
    const redirect = await fetchOn(server, `/api/login/linkedin?return_to=%2Fdebug`, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe('/api/auth/login/linkedin?return_to=%2Fdebug');
  });

  it('/api/session is 401 "Not authenticated" without a signed-in token, and shows the profile with one', async () => {
    const notAuthenticated = { status: 401, body: { code: 'unauthenticated', detail: 'Not authenticated' } };
    expect(await callJson(server, 'GET', '/api/session', null)).toEqual(notAuthenticated);
    expect(await callJson(server, 'GET', '/api/session', { guest: newGuestId() })).toEqual(notAuthenticated);
    const person = await signIn(server, { email: 'debugger@example.com', name: 'De Bugger' });
    expect(await callJson(server, 'GET', '/api/session', { token: person.token })).toEqual({
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
    const sent = await sendMessage(server, guest, { content: 'Supabase auth loops forever' });
    // Once agent-1 answered, the conversation is titled by its task, as Messages titles it.
    await waitForMessages(server, guest, sent.body.conversation_id, (messages) => messages.length >= 2);
    const task = await callJson(server, 'GET', `/api/v2/conversations/${sent.body.conversation_id}/task`, guest);
    expect(task.body.title).toEqual(expect.any(String));
    const list = await callJson(server, 'GET', '/api/conversations', guest);
    expect(list.body).toEqual([
      {
        id: sent.body.conversation_id,
        title: task.body.title,
        message_count: expect.any(Number),
        participants: [guest.guest, 'agent-1'],
        last_message_at: expect.any(String),
      },
    ]);
    const v2 = await callJson(server, 'GET', `/api/v2/conversations/${sent.body.conversation_id}/messages`, guest);
    const debug = await callJson(server, 'GET', `/api/conversations/${sent.body.conversation_id}/messages`, guest);
    expect(debug.body[0]).toEqual(v2.body[0]);
    expect((await callJson(server, 'GET', '/api/conversations', null)).status).toBe(401);
  });
});

describe('with DEBUG_PAGES=false', () => {
  const server = useTestApp({ DEBUG_PAGES: 'false' });

  it('the debug calls are unknown paths: 404', async () => {
    for (const path of DEBUG_CALLS) {
      const answer = await fetchOn(server, path, { redirect: 'manual' });
      expect({ path, status: answer.status, body: await answer.json() }).toEqual({
        path,
        status: 404,
        body: { code: 'not_found', detail: `Not found: GET ${path}` },
      });
    }
  });
});
