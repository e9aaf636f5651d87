import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../src/db/schema.ts';
import { verifyAgentApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
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
  const list = async () => (await callJson(server, 'GET', '/api/admin/agents/apikeys', admin)).body.api_keys as any[];
  // The function the MCP server and the agent REST call authenticate with.
  const verify = (key: string) => verifyAgentApiKey({ db: server.database.db, clock: { now: () => new Date() } }, key);

  it('a new key is shown once, at least 128 random bits, and only its hash is stored', async () => {
    const created = await create({ agentId: 'agent_support_001', agentName: 'Support agent' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      agentId: 'agent_support_001',
      agentName: 'Support agent',
      active: true,
      createdAt: expect.any(String),
      lastAccess: null,
      accessCount: 0,
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
    const second = await create({ agentId: 'agent_support_001', agentName: 'Support agent' });
    expect(second.body.api_key).not.toBe(key);
  });

  it('each use of a key records the last access and counts; unknown and malformed keys are refused', async () => {
    const created = await create({ agentId: 'agent_counter', agentName: 'Counter' });
    const before = Date.now();
    expect(await verify(created.body.api_key)).toEqual({ keyId: created.body.id, agentId: 'agent_counter', agentName: 'Counter' });
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
    const created = await create({ agentId: 'agent_revoked', agentName: 'Revoked' });
    expect(await verify(created.body.api_key)).not.toBeNull();
    const revoked = await callJson(server, 'DELETE', `/api/admin/agents/apikeys/${created.body.id}`, admin);
    expect(revoked).toEqual({
      status: 200,
      body: { revoked: true, key: expect.objectContaining({ id: created.body.id, active: false, accessCount: 1 }) },
    });
    expect(await verify(created.body.api_key)).toBeNull();
    expect((await list()).find((k) => k.id === created.body.id)).toMatchObject({ active: false, accessCount: 1 });
    expect((await callJson(server, 'DELETE', '/api/admin/agents/apikeys/00000000-0000-4000-8000-000000000000', admin)).status).toBe(
      404,
    );
    const audit = await callJson(server, 'GET', '/api/admin/audit-log?limit=2', admin);
    expect(audit.body.entries.map((e: any) => e.action)).toEqual(['api_key.revoke', 'api_key.create']);
  });

  it('both Agent ID and Agent Name are required (spec §5), with a clear reason', async () => {
    expect(await create({ agentName: 'No id' })).toEqual({
      status: 400,
      body: { code: 'invalid_request', detail: 'agentId: agentId is required' },
    });
    expect(await create({ agentId: 'agent_x', agentName: '   ' })).toEqual({
      status: 400,
      body: { code: 'invalid_request', detail: 'agentName: agentName is required' },
    });
    expect((await create({ agentId: 'has spaces', agentName: 'x' })).body.detail).toMatch(/^agentId: agentId may contain only/);
  });
});
