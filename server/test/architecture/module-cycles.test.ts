import { describe, expect, it } from 'vitest';
import { fixtureTree } from './fixture-tree.ts';
import { partGraph, sourceRoot } from './part-graph.ts';

// No two parts of the server depend on each other, even through others and even by types only
// (docs/decisions/029-server-module-boundaries.md, docs/decisions/079-no-hidden-cycles.md). A part is a
// module folder under `modules/`, or any file or folder outside it (`app-deps.ts`, `lib/`, `db/`…): a
// file that many modules import and that imports a module closes a cycle as surely as a module does.
// ESLint's import/no-cycle sees cycles between files; this sees them between parts.

/**
 * The graph's cycles, one per strongly connected component of more than one part (Tarjan's algorithm),
 * each as its parts in sorted order joined by ` ↔ `: every part of it reaches every other.
 */
function cycles(graph: Map<string, Set<string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[] = [];
  const visit = (part: string) => {
    index.set(part, index.size);
    low.set(part, index.get(part)!);
    stack.push(part);
    for (const next of graph.get(part) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(part, Math.min(low.get(part)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(part, Math.min(low.get(part)!, index.get(next)!));
    }
    if (low.get(part) !== index.get(part)) return;
    const component = stack.splice(stack.indexOf(part));
    if (component.length > 1) found.push(component.sort().join(' ↔ '));
  };
  for (const part of [...graph.keys()].sort()) if (!index.has(part)) visit(part);
  return found.sort();
}

describe('server parts', () => {
  it('find a cycle when there is one', () => {
    const graph = new Map([
      ['modules/auth', new Set(['modules/users'])],
      ['modules/users', new Set(['modules/email'])],
      ['modules/email', new Set(['modules/auth'])],
      ['modules/chat', new Set(['modules/users'])],
    ]);
    expect(cycles(graph)).toEqual(['modules/auth ↔ modules/email ↔ modules/users']);
  });

  it('see a cycle through a shared file, by type imports only', () => {
    const root = fixtureTree({
      'app-deps.ts': "import type { Queue } from './modules/email/queue.ts';\nexport interface AppDeps { emails: Queue }\n",
      'modules/email/queue.ts': 'export interface Queue { wake(): void }\n',
      'modules/chat/chat.service.ts': "import type { AppDeps } from '../../app-deps.ts';\nexport type Deps = AppDeps;\n",
      'modules/email/email.service.ts': "import type { Deps } from '../chat/chat.service.ts';\nexport type Chat = Deps;\n",
    });
    expect(cycles(partGraph(root))).toEqual(['app-deps.ts ↔ modules/chat ↔ modules/email']);
  });

  it('see shared folders that import each other', () => {
    const root = fixtureTree({
      'db/schema.ts': "import type { Claims } from '../lib/caller.ts';\nexport type Stored = Claims;\n",
      'db/client.ts': 'export type Db = object;\n',
      'lib/caller.ts': 'export interface Claims { uid: string }\n',
      'lib/job-queue.ts': "import type { Db } from '../db/client.ts';\nexport type Queue = Db;\n",
    });
    expect(cycles(partGraph(root))).toEqual(['db ↔ lib']);
  });

  // Chat depends on tasks (a send creates, routes by and resumes the task); tasks reaches its
  // conversations' event lines through the `taskConversations` port that deps.ts fills with chat's
  // functions (docs/decisions/029-server-module-boundaries.md). Ports that modules publish to others
  // live in lib/, so app-deps.ts imports no module (docs/decisions/079-no-hidden-cycles.md).
  it('import each other in no cycle', () => {
    const graph = partGraph(sourceRoot);
    expect(graph.get('modules/chat')).toContain('modules/files');
    expect(graph.get('modules/chat')).toContain('modules/tasks');
    expect(graph.get('modules/chat')).toContain('app-deps.ts');
    expect(graph.get('lib')).toContain('db');
    expect(cycles(graph)).toEqual([]);
  });
});
