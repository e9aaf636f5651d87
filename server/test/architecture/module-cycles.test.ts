import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No two server modules depend on each other, even through others and even by types only
// (docs/decisions/029-server-module-boundaries.md). ESLint's import/no-cycle sees cycles between
// files; this sees them between the folders of server/src/modules.

const modulesRoot = fileURLToPath(new URL('../../src/modules', import.meta.url));

/** Module → the modules its files import (TypeScript's own reading of each file's imports). */
function moduleGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const moduleOf = (path: string) => relative(root, path).split(sep)[0]!;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.test.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const from = moduleOf(file);
    const targets = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const target = resolve(dirname(file), fileName);
      if (fileName.startsWith('.') && target.startsWith(root + sep) && moduleOf(target) !== from) targets.add(moduleOf(target));
    }
  }
  return graph;
}

/** The cycles of a graph, each as the path that closes it (`a → b → a`), one per module that starts one. */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, path: string[]) => {
    for (const next of graph.get(path.at(-1)!) ?? []) {
      if (next === start) found.add([...path, start].join(' → '));
      else if (!path.includes(next) && next > start) walk(start, [...path, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, [start]);
  return [...found];
}

describe('server modules', () => {
  it('find a cycle when there is one', () => {
    const graph = new Map([
      ['auth', new Set(['users'])],
      ['users', new Set(['email'])],
      ['email', new Set(['auth'])],
      ['chat', new Set(['users'])],
    ]);
    expect(cycles(graph)).toEqual(['auth → users → email → auth']);
  });

  // Chat depends on tasks (a send creates, routes by and resumes the task); tasks reaches its
  // conversations' event lines through the `taskConversations` port that deps.ts fills with chat's
  // functions (docs/decisions/029-server-module-boundaries.md).
  it('import each other in no cycle', () => {
    const graph = moduleGraph(modulesRoot);
    expect(graph.get('chat')).toContain('files');
    expect(graph.get('chat')).toContain('tasks');
    expect(cycles(graph)).toEqual([]);
  });
});
