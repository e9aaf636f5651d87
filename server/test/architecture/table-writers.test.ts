import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fixtureTree } from './fixture-tree.ts';

// One writer per table (docs/decisions/029-server-module-boundaries.md, docs/decisions/080-one-writer-checked.md).
// The lint rule keeps table objects out of files that are not repositories; this test reads every write
// itself, Drizzle's and raw SQL's, so a repository writing another module's table, or a service running
// `update tasks …` in a string, is caught too.

const sourceRoot = fileURLToPath(new URL('../../src', import.meta.url));

/**
 * Table (SQL name) → the module that owns it: the module whose data it is, as schema.ts describes it.
 * Its one writer is a `*.repository.ts` file of that module. A new table needs an entry here.
 */
const owners: Record<string, string> = {
  users: 'modules/users',
  conversations: 'modules/chat',
  messages: 'modules/chat',
  tasks: 'modules/tasks',
  files: 'modules/files',
  auth_requests: 'modules/auth',
  sign_in_codes: 'modules/auth',
  auth_sessions: 'modules/auth',
  revoked_tokens: 'modules/auth',
  api_keys: 'modules/api-keys',
  task_shares: 'modules/shares',
  access_requests: 'modules/shares',
  audit_log: 'modules/audit',
  email_preferences: 'modules/email',
  emails: 'modules/email',
  email_digests: 'modules/email',
  email_reply_tokens: 'modules/email',
  inbound_emails: 'modules/email',
  code_repositories: 'modules/code-sharing',
  task_payments: 'modules/payments',
  payment_entries: 'modules/payments',
};

/**
 * Table → its writer when that is a store that is a repository by role (decision 029): the settings
 * kept beside the schema, the rate-limit counters shared by every module's routes, and the embedded
 * identity provider's storage adapter, whose interface oidc-provider defines.
 */
const storesByRole: Record<string, string> = {
  app_settings: 'db/app-settings.ts',
  rate_limits: 'lib/rate-limit-store.ts',
  oidc_payloads: 'modules/auth/embedded-op/op-adapter.ts',
};

/** A statement that writes a table, in raw SQL: its table is the first group. */
const rawWrite = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/** Table object name → SQL name, from the `pgTable(...)` declarations of `db/schema.ts`. */
function schemaTables(root: string): Map<string, string> {
  const source = ts.createSourceFile('schema.ts', readFileSync(join(root, 'db/schema.ts'), 'utf8'), ts.ScriptTarget.Latest, true);
  const tables = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isCallExpression(node.initializer)) {
      const [name] = node.initializer.arguments;
      if (node.initializer.expression.getText() === 'pgTable' && name && ts.isStringLiteral(name)) tables.set(node.name.text, name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return tables;
}

/**
 * Every write of a schema table in the tree's TypeScript files (tests left out), as `[table, file]`
 * with the file relative to the root: Drizzle's `.insert(t)`, `.update(t)` and `.delete(t)` on a table
 * imported from `db/schema.ts` (by name, renamed or through a namespace), and raw `insert into`,
 * `update … `, `delete from` and `truncate` in any string or template, tables interpolated by object.
 */
function tableWrites(root: string): Array<[string, string]> {
  const tables = schemaTables(root);
  const sqlNames = new Set(tables.values());
  const writes = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.test.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    const file = relative(root, path).split(sep).join('/');
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    // Local name → table object name, and the local names of the schema module itself.
    const locals = new Map<string, string>(file === 'db/schema.ts' ? [...tables.keys()].map((name) => [name, name]) : []);
    const namespaces = new Set<string>();
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !/(^|\/)(db\/)?schema(\.ts)?$/.test((statement.moduleSpecifier as ts.StringLiteral).text))
        continue;
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) {
          const imported = (element.propertyName ?? element.name).text;
          if (imported === 'schema') namespaces.add(element.name.text);
          else if (tables.has(imported)) locals.set(element.name.text, imported);
        }
    }
    const tableOf = (node: ts.Node | undefined): string | undefined => {
      if (node && ts.isIdentifier(node)) return tables.get(locals.get(node.text) ?? '');
      if (node && ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text))
        return tables.get(node.name.text);
      return undefined;
    };
    const rawTables = (text: string) =>
      [...text.matchAll(rawWrite)].map((match) => match[1]!.toLowerCase()).filter((name) => sqlNames.has(name));
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        /^(insert|update|delete)$/.test(node.expression.name.text)
      ) {
        const table = tableOf(node.arguments[0]);
        if (table) writes.add(`${table}\t${file}`);
      }
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
        for (const table of rawTables(node.text)) writes.add(`${table}\t${file}`);
      if (ts.isTemplateExpression(node)) {
        const text = node.head.text + node.templateSpans.map((span) => (tableOf(span.expression) ?? '${…}') + span.literal.text).join('');
        for (const table of rawTables(text)) writes.add(`${table}\t${file}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...writes].sort().map((write) => write.split('\t') as [string, string]);
}

/**
 * What breaks the rule: a table without an owner, a table written by more than one file, or written
 * by a file that is not a repository of its owner (nor its store by role). Empty when the rule holds.
 */
function violations(root: string, tableOwners: Record<string, string>, stores: Record<string, string>): string[] {
  const found: string[] = [];
  for (const table of schemaTables(root).values())
    if (!tableOwners[table] && !stores[table]) found.push(`${table}: no owner (add it to the owners in this test)`);
  const writers = new Map<string, string[]>();
  for (const [table, file] of tableWrites(root)) writers.set(table, [...(writers.get(table) ?? []), file]);
  for (const [table, files] of writers) {
    if (files.length > 1) found.push(`${table}: written by ${files.join(', ')}`);
    const owner = tableOwners[table];
    const allowed = (file: string) =>
      stores[table] ? file === stores[table] : file.startsWith(`${owner}/`) && file.endsWith('.repository.ts');
    for (const file of files.filter((file) => (owner || stores[table]) && !allowed(file)))
      found.push(`${table}: written by ${file}, not by ${stores[table] ?? `a repository of ${owner}`}`);
  }
  return found.sort();
}

const fixtureSchema = `import { pgTable, text } from 'drizzle-orm/pg-core';
export const tasks = pgTable('tasks', { id: text('id') });
export const messages = pgTable(
  'messages',
  { id: text('id') },
);
export const schema = { tasks, messages };
`;

describe('each table', () => {
  it('is found written by Drizzle and by raw SQL, however the table is named', () => {
    const root = fixtureTree({
      'db/schema.ts': fixtureSchema,
      'modules/tasks/tasks.repository.ts':
        "import { tasks as taskTable } from '../../db/schema.ts';\nexport const close = (db: any) => db.update(taskTable).set({});\n",
      'modules/chat/chat.repository.ts':
        "import * as tables from '../../db/schema.ts';\nexport const add = (db: any) => db.insert(tables.messages).values({});\n",
      'modules/expert/expert.service.ts':
        "export const reopen = (db: any, sql: any) => db.execute(sql`UPDATE tasks SET status = 'OPEN'`);\n",
      'modules/chat/chat.service.ts':
        "import { messages } from '../../db/schema.ts';\nexport const purge = (db: any, sql: any) => db.execute(sql`delete from ${messages} where true`);\n",
      'lib/cleanup.ts': "export const wipe = 'truncate table tasks, messages';\n",
      'modules/chat/list.ts': 'const seen = new Set<string>();\nexport const forget = (tasks: string) => seen.delete(tasks);\n',
    });
    expect(tableWrites(root)).toEqual([
      ['messages', 'modules/chat/chat.repository.ts'],
      ['messages', 'modules/chat/chat.service.ts'],
      ['tasks', 'lib/cleanup.ts'],
      ['tasks', 'modules/expert/expert.service.ts'],
      ['tasks', 'modules/tasks/tasks.repository.ts'],
    ]);
  });

  it("fails when a service or another module's repository writes it", () => {
    const root = fixtureTree({
      'db/schema.ts': fixtureSchema,
      'modules/tasks/tasks.repository.ts':
        "import { tasks } from '../../db/schema.ts';\nexport const close = (db: any) => db.update(tasks).set({});\n",
      'modules/chat/chat.repository.ts':
        "import { messages, tasks } from '../../db/schema.ts';\nexport const add = (db: any) => [db.insert(messages), db.delete(tasks)];\n",
      'modules/expert/expert.service.ts':
        "export const reopen = (db: any, sql: any) => db.execute(sql`update tasks set status = 'OPEN'`);\n",
    });
    expect(violations(root, { tasks: 'modules/tasks', messages: 'modules/chat' }, {})).toEqual([
      'tasks: written by modules/chat/chat.repository.ts, modules/expert/expert.service.ts, modules/tasks/tasks.repository.ts',
      'tasks: written by modules/chat/chat.repository.ts, not by a repository of modules/tasks',
      'tasks: written by modules/expert/expert.service.ts, not by a repository of modules/tasks',
    ]);
    // A table nobody owns, and a store by role written by a second file.
    expect(violations(root, { tasks: 'modules/tasks' }, {})).toContain('messages: no owner (add it to the owners in this test)');
    expect(violations(root, { messages: 'modules/chat' }, { tasks: 'modules/tasks/tasks.repository.ts' })).toContain(
      'tasks: written by modules/expert/expert.service.ts, not by modules/tasks/tasks.repository.ts',
    );
  });

  it('has exactly one writer, a repository of its own module', () => {
    const writes = tableWrites(sourceRoot);
    // The scan sees both kinds of write in the tree: Drizzle's, and the rate-limit store's raw upsert.
    expect(writes).toContainEqual(['tasks', 'modules/tasks/tasks.repository.ts']);
    expect(writes).toContainEqual(['rate_limits', 'lib/rate-limit-store.ts']);
    expect(violations(sourceRoot, owners, storesByRole)).toEqual([]);
  });
});
