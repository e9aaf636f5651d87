import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { clientAddressKey } from '../../src/lib/client-address.ts';
import { newGuestId } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { ADMIN_EMAIL } from '../support/staff.ts';
import { signInWithDevProvider } from '../support/sign-in.ts';
import { useTestServer } from '../support/test-server.ts';

// Each limit below is met by clients rotating through addresses of one IPv6 /64 (or an IPv4 client
// that also speaks through an IPv4-mapped IPv6 address): they count as one client.
const MESSAGES = 3;
const GUEST_SESSIONS = 2;
const UPLOAD_BYTES = 4096;
const SIGN_IN = 3;
const SHARE_FAILURES = 3;
const ACCESS_REQUESTS = 2;

/** The `host`-th client address in the /64 number `network` (of the 2001:db8::/32 documentation prefix). */
const inNetwork = (network: number, host: number) =>
  `2001:db8:${network.toString(16)}:7:${((host * 7919) % 65_536).toString(16)}:${host}::${host}`;

describe('clientAddressKey', () => {
  it('keys IPv6 by its network of the configured length, IPv4-mapped IPv6 as IPv4, IPv4 as itself', () => {
    expect(clientAddressKey('2001:db8:1:2::a', 64)).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:DB8:1:2:ffff:1:2:3', 64)).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:3::1', 64)).toBe('2001:db8:1:3::/64');
    expect(clientAddressKey('2001:db8:1:2::a', 128)).toBe('2001:db8:1:2::a/128');
    expect(clientAddressKey('2001:db8:1:2::a', 48)).toBe('2001:db8:1::/48');
    expect(clientAddressKey('::ffff:192.0.2.7', 64)).toBe('192.0.2.7');
    expect(clientAddressKey('::ffff:c000:207', 64)).toBe('192.0.2.7');
    expect(clientAddressKey('192.0.2.7', 64)).toBe('192.0.2.7');
    expect(clientAddressKey('fe80::1%eth0', 64)).toBe('fe80::/64');
  });

  it('CLIENT_IPV6_PREFIX_LENGTH is 64 by default and 1 to 128', () => {
    expect(loadConfig({}).CLIENT_IPV6_PREFIX_LENGTH).toBe(64);
    expect(loadConfig({ CLIENT_IPV6_PREFIX_LENGTH: '56' }).CLIENT_IPV6_PREFIX_LENGTH).toBe(56);
    expect(() => loadConfig({ CLIENT_IPV6_PREFIX_LENGTH: '129' })).toThrow(/CLIENT_IPV6_PREFIX_LENGTH/);
    expect(() => loadConfig({ CLIENT_IPV6_PREFIX_LENGTH: '0' })).toThrow(/CLIENT_IPV6_PREFIX_LENGTH/);
  });
});

describe('per-address limits count an IPv6 /64 as one client', { timeout: 120_000 }, () => {
  // The test client is the trusted proxy (loopback) and names the client in X-Forwarded-For.
  const server = useTestServer('pglite', {
    TRUST_PROXY: 'loopback',
    ADMIN_EMAILS: ADMIN_EMAIL,
    MESSAGES_PER_HOUR_PER_ADDRESS: String(MESSAGES),
    GUEST_SESSIONS_PER_HOUR_PER_ADDRESS: String(GUEST_SESSIONS),
    UPLOAD_BYTES_PER_HOUR_PER_ADDRESS: String(UPLOAD_BYTES),
    SIGN_IN_RATE_LIMIT: String(SIGN_IN),
    SHARE_LINK_FAILURE_LIMIT: String(SHARE_FAILURES),
    ACCESS_REQUEST_LIMIT: String(ACCESS_REQUESTS),
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const send = async (address: string, guest: string, file?: Uint8Array) => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ type: 'direct', recipientId: 'agent-1', content: 'My build fails on CI' })) {
      form.append(key, value);
    }
    if (file) form.append('file', new Blob([new Uint8Array(file)], { type: 'application/octet-stream' }), 'build.log');
    const response = await fetch(`${server.url}/api/v2/messages`, {
      method: 'POST',
      headers: { ...from(address), 'x-guest-session-id': guest },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as { detail?: string } };
  };
  const call = async (address: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { ...from(address), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { detail?: string } };
  };

  it('new guest sessions', async () => {
    expect((await send(inNetwork(1, 1), newGuestId())).status).toBe(200);
    expect((await send(inNetwork(1, 2), newGuestId())).status).toBe(200);
    const refused = await send(inNetwork(1, 3), newGuestId());
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/new guest sessions/);
    // Another /64 is another client.
    expect((await send(inNetwork(2, 4), newGuestId())).status).toBe(200);
  });

  it('messages', async () => {
    const guest = newGuestId();
    const other = newGuestId();
    expect((await send(inNetwork(3, 5), guest)).status).toBe(200);
    expect((await send(inNetwork(3, 6), guest)).status).toBe(200);
    expect((await send(inNetwork(3, 7), other)).status).toBe(200);
    const refused = await send(inNetwork(3, 8), other);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Too many messages/);
  });

  it('uploaded bytes', async () => {
    expect((await send(inNetwork(4, 9), newGuestId(), new Uint8Array(3000))).status).toBe(200);
    const refused = await send(inNetwork(4, 10), newGuestId(), new Uint8Array(3000));
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Too much uploaded/);
  });

  it('an IPv4 client speaking through an IPv4-mapped IPv6 address is the same client', async () => {
    expect((await send('::ffff:198.51.100.7', newGuestId())).status).toBe(200);
    expect((await send('::ffff:c633:6407', newGuestId())).status).toBe(200);
    expect((await send('198.51.100.7', newGuestId())).status).toBe(429);
  });

  it('sign-in calls', async () => {
    const signIn = async (address: string) => (await call(address, 'POST', '/api/auth/session', { code: 'x' })).status;
    const answers = [];
    for (let i = 1; i <= SIGN_IN + 1; i++) answers.push(await signIn(inNetwork(5, i)));
    expect(answers).toEqual([...Array<number>(SIGN_IN).fill(401), 429]);
    // An IPv4 client is one client through both of its forms, and IPv4-mapped clients are not one /64.
    const mixed = [];
    for (const address of ['::ffff:203.0.113.1', '203.0.113.1', '::ffff:203.0.113.1', '203.0.113.1']) mixed.push(await signIn(address));
    expect(mixed).toEqual([401, 401, 401, 429]);
    for (let i = 2; i <= SIGN_IN + 1; i++) expect(await signIn(`::ffff:203.0.113.${i}`)).toBe(401);
  });

  it('wrong share tokens, and access requests', async () => {
    const answers = [];
    for (let i = 1; i <= SHARE_FAILURES + 1; i++)
      answers.push((await call(inNetwork(6, i), 'GET', `/api/task-share/${'x'.repeat(43)}`)).status);
    expect(answers).toEqual([...Array<number>(SHARE_FAILURES).fill(404), 429]);

    const admin = await signInWithDevProvider(server.url, { email: ADMIN_EMAIL });
    const task = await seedTask(server.database.db);
    const shared = await fetch(`${server.url}/api/admin/tasks/${task.taskId}/share`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const token = ((await shared.json()) as { share_token: string }).share_token;
    const request = { name: 'Reader', email: 'reader@example.com', message: 'May I see it?' };
    const requests = [];
    for (let i = 1; i <= ACCESS_REQUESTS + 1; i++) {
      requests.push((await call(inNetwork(7, i), 'POST', `/api/task-share/${token}/request-access`, request)).status);
    }
    expect(requests).toEqual([...Array<number>(ACCESS_REQUESTS).fill(200), 429]);
  });
});
