import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// The server's parts and what each imports, for the architecture tests that read the import graph
// (module-cycles.test.ts, plug-ins.test.ts).

/** The server's source folder. */
export const sourceRoot = fileURLToPath(new URL('../../src', import.meta.url));

/** The part a source file belongs to: `modules/<name>` inside a module, else its first path segment. */
function partOf(root: string, path: string): string {
  const [first, second] = relative(root, path).split(sep);
  return first === 'modules' ? `modules/${second}` : first!;
}

/**
 * Part → the parts its files import (TypeScript's own reading of each file's imports, `import type` and
 * re-exports included). Tests are left out; imports of packages are not edges.
 */
export function partGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.test.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const from = partOf(root, file);
    const targets = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const target = resolve(dirname(file), fileName);
      if (!fileName.startsWith('.') || !target.startsWith(root + sep)) continue;
      if (partOf(root, target) !== from) targets.add(partOf(root, target));
    }
  }
  return graph;
}
