import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The server's module boundaries are lint rules (eslint.config.js,
// docs/decisions/032-server-module-boundaries.md); these cases show each rule refusing a file that
// breaks it and letting through the allowed form.

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const boundaryRules = new Set(['@typescript-eslint/no-restricted-imports', 'import/no-restricted-paths']);
// The repository's own configuration, run for the boundary rules only; the fixtures are not files of
// the TypeScript project, so the rules that need type information are off.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: tseslint.configs.disableTypeChecked,
  ruleFilter: ({ ruleId }) => boundaryRules.has(ruleId),
});

/** The boundary messages ESLint gives for `code` as if it were the file at `path` (relative to the repository). */
async function boundaryMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${path}` });
  return result!.messages.map((message) => message.message);
}

describe('server module boundaries (lint)', { timeout: 120_000 }, () => {
  it('refuses a table imported outside a repository, and lets types and repositories through', async () => {
    expect(
      await boundaryMessages(
        'server/src/modules/expert/fixture.ts',
        "import { tasks } from '../../db/schema.ts';\nexport const table = tasks;\n",
      ),
    ).toEqual([expect.stringContaining('Only repositories import tables from db/schema.ts')]);
    expect(
      await boundaryMessages('server/src/lib/fixture.ts', "import { users } from '../db/schema.ts';\nexport const table = users;\n"),
    ).toEqual([expect.stringContaining('Only repositories import tables from db/schema.ts')]);
    expect(
      await boundaryMessages(
        'server/src/modules/expert/fixture.ts',
        "import type { tasks } from '../../db/schema.ts';\nexport type Row = typeof tasks.$inferSelect;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryMessages(
        'server/src/modules/expert/fixture.repository.ts',
        "import { tasks } from '../../db/schema.ts';\nexport const table = tasks;\n",
      ),
    ).toEqual([]);
  });

  it("refuses another module's repository, and lets its service and the module's own repository through", async () => {
    expect(
      await boundaryMessages(
        'server/src/modules/expert/fixture.ts',
        "import { findTask } from '../tasks/tasks.repository.ts';\nexport const find = findTask;\n",
      ),
    ).toEqual([expect.stringContaining("Another module's repository is reached through that module's service")]);
    expect(
      await boundaryMessages(
        'server/src/modules/expert/fixture.ts',
        "import { findTask } from '../tasks/tasks.service.ts';\nexport const find = findTask;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryMessages(
        'server/src/modules/tasks/fixture.ts',
        "import { findTask } from './tasks.repository.ts';\nexport const find = findTask;\n",
      ),
    ).toEqual([]);
  });

  it("refuses a module's routes imported anywhere but app.ts", async () => {
    expect(
      await boundaryMessages(
        'server/src/modules/shares/fixture.ts',
        "import { registerFileRoutes } from '../files/files.routes.ts';\nexport const register = registerFileRoutes;\n",
      ),
    ).toEqual([expect.stringContaining("A module's routes are registered by app.ts only")]);
    expect(
      await boundaryMessages(
        'server/src/app-fixture.ts',
        "import { registerFileRoutes } from './modules/files/files.routes.ts';\nexport const register = registerFileRoutes;\n",
      ),
    ).toEqual([]);
  });
});
