import { describe, expect, it } from 'vitest';
import { fixtureTree } from './fixture-tree.ts';
import { partGraph, sourceRoot } from './part-graph.ts';

// Features plug into email and real time, not the reverse (docs/decisions/096-email-notice-registry.md):
// a module contributes its email notices, and realtime is given its change sources and access checks,
// through ports that deps.ts fills. So these two modules import no other module, not even a type.

/** The modules every feature plugs into. */
const platforms = ['modules/email', 'modules/realtime'];

/** The other module folders the files of `part` import, by value or by type. */
function foreignModules(graph: Map<string, Set<string>>, part: string): string[] {
  return [...(graph.get(part) ?? [])].filter((target) => target.startsWith('modules/')).sort();
}

describe('email and realtime', () => {
  it('are seen importing a module, even by a type or a nested file', () => {
    const root = fixtureTree({
      'modules/email/email.service.ts': "import { send } from './transport.ts';\nexport const run = send;\n",
      'modules/email/transport.ts': "import type { Db } from '../../db/client.ts';\nexport const send = (db: Db) => db;\n",
      'modules/email/templates/hand-off.tsx': "import type { TaskRow } from '../../tasks/tasks.service.ts';\nexport type Row = TaskRow;\n",
      'modules/realtime/event-stream.ts': "import { admitAdmins } from '../auth/staff.ts';\nexport const admit = admitAdmins;\n",
      'modules/tasks/tasks.service.ts': 'export interface TaskRow { id: string }\n',
      'modules/auth/staff.ts': 'export const admitAdmins = () => true;\n',
      'db/client.ts': 'export type Db = object;\n',
    });
    const graph = partGraph(root);
    expect(foreignModules(graph, 'modules/email')).toEqual(['modules/tasks']);
    expect(foreignModules(graph, 'modules/realtime')).toEqual(['modules/auth']);
  });

  it('import no other module', () => {
    const graph = partGraph(sourceRoot);
    // The graph does see these modules' imports (of lib/ and app-deps.ts).
    expect(graph.get('modules/email')).toContain('lib');
    expect(graph.get('modules/realtime')).toContain('app-deps.ts');
    for (const part of platforms) expect(foreignModules(graph, part), part).toEqual([]);
  });
});
