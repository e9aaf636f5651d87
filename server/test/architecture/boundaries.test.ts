import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The server's module boundaries are lint rules (eslint.config.js,
// docs/decisions/029-server-module-boundaries.md); these cases show each rule refusing a file that
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

const schema = 'Only repositories import tables from db/schema.ts';
const repository = "Another module's repository is reached through that module's service";
const routes = "A module's routes are registered by app.ts only";
const shared = 'Shared server code does not depend on a feature module';

// [the case, the file's path, its text, the message expected (null: none)]
const cases: Array<[string, string, string, string | null]> = [
  [
    'a table in a module',
    'server/src/modules/expert/fixture.ts',
    "import { tasks } from '../../db/schema.ts';\nexport const table = tasks;\n",
    schema,
  ],
  ['a table in lib', 'server/src/lib/fixture.ts', "import { users } from '../db/schema.ts';\nexport const table = users;\n", schema],
  [
    'a row type',
    'server/src/modules/expert/fixture.ts',
    "import type { tasks } from '../../db/schema.ts';\nexport type Row = typeof tasks.$inferSelect;\n",
    null,
  ],
  [
    'a table in a repository',
    'server/src/modules/expert/fixture.repository.ts',
    "import { tasks } from '../../db/schema.ts';\nexport const table = tasks;\n",
    null,
  ],
  [
    "another module's repository",
    'server/src/modules/expert/fixture.ts',
    "import { findTask } from '../tasks/tasks.repository.ts';\nexport const find = findTask;\n",
    repository,
  ],
  [
    "another module's service",
    'server/src/modules/expert/fixture.ts',
    "import { findTask } from '../tasks/tasks.service.ts';\nexport const find = findTask;\n",
    null,
  ],
  [
    "the module's own repository",
    'server/src/modules/tasks/fixture.ts',
    "import { findTask } from './tasks.repository.ts';\nexport const find = findTask;\n",
    null,
  ],
  [
    "another module's routes",
    'server/src/modules/shares/fixture.ts',
    "import { registerFileRoutes } from '../files/files.routes.ts';\nexport const register = registerFileRoutes;\n",
    routes,
  ],
  [
    "a module's type in app-deps.ts",
    'server/src/app-deps.ts',
    "import type { TokenService } from './modules/auth/tokens.ts';\nexport type Tokens = TokenService;\n",
    shared,
  ],
  [
    "a module's type in lib",
    'server/src/lib/fixture.ts',
    "import type { FileUrlSigner } from '../modules/files/file-urls.ts';\nexport type Signer = FileUrlSigner;\n",
    shared,
  ],
  [
    'a port in app-deps.ts',
    'server/src/app-deps.ts',
    "import type { TokenService } from './lib/token-service.ts';\nexport type Tokens = TokenService;\n",
    null,
  ],
  [
    'routes in app.ts',
    'server/src/app-fixture.ts',
    "import { registerFileRoutes } from './modules/files/files.routes.ts';\nexport const register = registerFileRoutes;\n",
    null,
  ],
];

describe('server module boundaries (lint)', { timeout: 120_000 }, () => {
  it.each(cases)('%s: %s', async (_case, path, code, message) => {
    expect(await boundaryMessages(path, code)).toEqual(message ? [expect.stringContaining(message)] : []);
  });
});
