import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * Writes a small source tree into a temporary folder, removed when the calling test finishes: the
 * violating fixtures the architecture tests must fail on.
 * @param files path (relative to the tree's root) → text.
 * @returns the tree's root.
 */
export function fixtureTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'architecture-fixture-'));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
