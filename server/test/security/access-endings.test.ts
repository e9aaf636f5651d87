import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AccessEnding } from '../../src/lib/access-endings.ts';
import { databaseKinds } from '../support/databases.ts';
import { useTestApp } from '../support/test-app.ts';

// The one mechanism by which access ends (docs/decisions/081-access-ends-everywhere.md), as the parts
// that plug into it meet it: revokers run in the ending's transaction, subscribers hear of it once that
// transaction committed, and of nothing when it rolled back.

describe.each(databaseKinds)('access endings on %s', (kind) => {
  const server = useTestApp({ AGENT_WORKER: 'false' }, { kind });

  it('revokes in the transaction and tells subscribers after the commit; a rollback tells nobody', async () => {
    const { accessEndings } = server.runtime.deps;
    const revoked: AccessEnding[] = [];
    const heard: AccessEnding[] = [];
    accessEndings.revokeWith(async (tx, ending) => {
      await tx.execute('select 1');
      revoked.push(ending);
    });
    const unsubscribe = accessEndings.subscribe((ending) => heard.push(ending));
    try {
      const kept = { userId: 'user-kept', conversationId: randomUUID() };
      const everything = { userId: 'user-gone', conversationId: null };
      const rolledBack = { userId: 'user-rolled-back', conversationId: null };
      await server.database.db.transaction(async (tx) => {
        await accessEndings.end(tx, [kept, everything]);
        expect(heard).toEqual([]);
      });
      await expect(
        server.database.db.transaction(async (tx) => {
          await accessEndings.end(tx, [rolledBack]);
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await expect.poll(() => heard).toEqual([kept, everything]);
      expect(revoked).toEqual([kept, everything, rolledBack]);
      // Whatever came after the commit has arrived by now: nothing of the rolled-back one.
      await server.database.db.transaction((tx) => accessEndings.end(tx, [kept]));
      await expect.poll(() => heard).toHaveLength(3);
      expect(heard).not.toContainEqual(rolledBack);
    } finally {
      unsubscribe();
    }
  });
});
