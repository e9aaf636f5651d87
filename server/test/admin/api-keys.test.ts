import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../src/db/schema.ts';
import { listAgentApiKeys, verifyAgentApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { callJson } from '../support/http.ts';
import { signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';

describe('agent API keys', () => {
  const server = useTestApp({ ...STAFF_ENV, AGENT_WORKER: 'false' });
  let admin = { token: '' };

  beforeAll(async () => {
    admin = { token: (await signInStaff(server)).admin.token };
  });

  const create = (body: unknown) => callJson(server, 'POST', '/api/admin/agents/apikeys', admin, body);
  // agent-1 has one current key: the tests' keys replace each other.
  const rotate = (agentName: string) => create({ agentId: 'agent-1', agentName, rotate: true });
  const list = async () => (await callJson(server, 'GET', '/api/admin/agents/apikeys', admin)).body.api_keys as any[];
  // The function the MCP server and the agent REST call authenticate with.
  const verify = (key: string, at = new Date()) => verifyAgentApiKey({ db: server.database.db, clock: { now: () => at } }, key);
  const revokeAll = async () => {
    for (const key of await list()) if (key.active) await callJson(server, 'DELETE', `/api/admin/agents/apikeys/${key.id}`, admin);
  };

  it('a new key is shown once, at least 128 random bits, and only its hash is stored', async () => {
    const created = await rotate('Support agent');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      agentId: 'agent-1',
      agentName: 'Support agent',
      active: true,
      createdAt: expect.any(String),
      lastAccess: null,
      accessCount: 0,
      expiresAt: null,
      api_key: expect.stringMatching(/^unstuck_ak_[A-Za-z0-9_-]{43}$/),
    });
    // 43 base64url characters carry 258 bits; the generator takes 32 random bytes.
    const key: string = created.body.api_key;
    const listed = (await list()).find((k) => k.id === created.body.id);
    expect(listed).not.toHaveProperty('api_key');
    expect(JSON.stringify(await list())).not.toContain(key);
    const [row] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.body.id));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    const dump = await server.database.db.execute(sql`select * from api_keys`);
    expect(JSON.stringify(dump)).not.toContain(key.slice('unstuck_ak_'.length));
    const second = await rotate('Support agent');
    expect(second.body.api_key).not.toBe(key);
  });

  it('each use of a key records the last access and counts; unknown and malformed keys are refused', async () => {
    const created = await rotate('Counter');
    const before = Date.now();
    expect(await verify(created.body.api_key)).toEqual({ keyId: created.body.id, agentId: 'agent-1', agentName: 'Counter' });
    await Promise.all([verify(created.body.api_key), verify(created.body.api_key)]);
    const listed = (await list()).find((k) => k.id === created.body.id);
    expect(listed.accessCount).toBe(3);
    expect(new Date(listed.lastAccess).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const key: string = created.body.api_key;
    // One character changed (never to itself: a key that ends in "A" gets "B").
    expect(await verify(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(await verify('not a key')).toBeNull();
  });

  it('revoking a key refuses it at once and shows it as revoked', async () => {
    const created = await rotate('Revoked');
    expect(await verify(created.body.api_key)).not.toBeNull();
    const revoked = await callJson(server, 'DELETE', `/api/admin/agents/apikeys/${created.body.id}`, admin);
    expect(revoked).toEqual({
      status: 200,
      body: { revoked: true, key: expect.objectContaining({ id: created.body.id, active: false, accessCount: 1 }) },
    });
    expect(await verify(created.body.api_key)).toBeNull();
    expect((await list()).find((k) => k.id === created.body.id)).toMatchObject({ active: false, accessCount: 1 });
    expect((await callJson(server, 'DELETE', '/api/admin/agents/apikeys/00000000-0000-4000-8000-000000000000', admin)).status).toBe(404);
    const audit = await callJson(server, 'GET', '/api/admin/audit-log?limit=2', admin);
    expect(audit.body.entries.map((e: any) => e.action)).toEqual(['api_key.revoke', 'api_key.rotate']);
  });

  it('both Agent ID and Agent Name are required (docs/product.md "Validation"), with a clear reason', async () => {
    expect(await create({ agentName: 'No id' })).toEqual({
      status: 400,
      body: { code: 'invalid_request', detail: 'agentId: agentId is required' },
    });
    expect(await create({ agentId: 'agent-1', agentName: '   ' })).toEqual({
      status: 400,
      body: { code: 'invalid_request', detail: 'agentName: agentName is required' },
    });
  });

  it('a key is for an agent that receives messages: agent-1; any other id is refused with the reason', async () => {
    for (const agentId of ['agent_name_001', 'agent-7', 'has spaces']) {
      expect(await create({ agentId, agentName: 'x' })).toEqual({
        status: 400,
        body: { code: 'invalid_request', detail: 'agentId: agentId must be one of the agents that receive messages: agent-1' },
      });
    }
  });

  it('an agent has one current key: a second is refused, even when two admins create at once, unless rotating', async () => {
    await revokeAll();
    const racing = await Promise.all([1, 2, 3].map((n) => create({ agentId: 'agent-1', agentName: `Racer ${n}` })));
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(racing.find((answer) => answer.status === 409)!.body).toEqual({
      code: 'agent_key_exists',
      detail: expect.stringMatching(/^agent-1 already has an active key\. Rotate it \(rotate: true\)/),
    });
    expect((await list()).filter((key) => key.active)).toHaveLength(1);
  });

  it('rotating keeps the old key working beside the new one for 24 hours, then it is revoked', async () => {
    const old = await rotate('Before rotation');
    const fresh = await rotate('After rotation');
    expect(fresh.status).toBe(201);
    const listed = await list();
    const oldListed = listed.find((key) => key.id === old.body.id);
    expect(oldListed).toMatchObject({ active: true, expiresAt: expect.any(String) });
    const expiresAt = new Date(oldListed.expiresAt).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(listed.find((key) => key.id === fresh.body.id)).toMatchObject({ active: true, expiresAt: null });
    expect(await verify(old.body.api_key)).not.toBeNull();
    expect(await verify(fresh.body.api_key)).not.toBeNull();

    const later = new Date(expiresAt + 1000);
    expect(await verify(old.body.api_key, later)).toBeNull();
    expect(await verify(fresh.body.api_key, later)).not.toBeNull();
    const afterGrace = await listAgentApiKeys({ db: server.database.db, clock: { now: () => later } });
    expect(afterGrace.find((key) => key.id === old.body.id)).toMatchObject({ active: false });
    const [row] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.id, old.body.id));
    expect(row!.revokedAt?.getTime()).toBe(expiresAt);
  });
});
