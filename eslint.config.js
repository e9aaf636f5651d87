// ESLint for the whole repository (issue 7): typescript-eslint with type information, React hooks,
// accessibility of JSX, and the import boundaries of docs/conventions.md "Layout". Formatting is Prettier's job.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Each web feature may not import another feature; shared web code imports no feature. */
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url));

/** The server's modules: each may use another's service, never its routes or its repository. */
const serverModules = readdirSync(new URL('./server/src/modules', import.meta.url));

/**
 * The files that may import values (tables) from `db/schema.ts`: repositories, and the stores that are
 * repositories by role. Everyone else reaches a table through its module's repository, so that
 * each table has one writer (docs/decisions/029-server-module-boundaries.md).
 */
const dataAccessFiles = [
  'server/src/**/*.repository.ts',
  'server/src/db/**',
  'server/src/modules/auth/embedded-op/op-adapter.ts',
  'server/src/lib/rate-limit-store.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'web/dist-ssr/**',
      '**/*.gen.ts',
      '**/node_modules/**',
      '.tools/**',
      '.tmp/**',
      'data/**',
      'server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Fastify handlers and options (errorHandler) and React event props take async functions by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false, properties: false } }],
      // Fastify handlers and hooks are async by contract even when they only return a value.
      '@typescript-eslint/require-await': 'off',
      'import/no-cycle': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './contract', from: ['./server', './web'], message: 'The contract is shared: it imports neither side.' },
            { target: './web', from: './server', message: 'The web app talks to the server over HTTP only.' },
            { target: './server', from: './web', message: 'The server does not import the web app.' },
            {
              // app-deps.ts too: fifty module files import it (docs/decisions/079-no-hidden-cycles.md).
              target: ['./server/src/lib', './server/src/db', './server/src/app-deps.ts'],
              from: './server/src/modules',
              message: 'Shared server code does not depend on a feature module.',
            },
            {
              target: ['./web/src/components', './web/src/lib'],
              from: './web/src/features',
              message: 'Shared web code imports no feature (docs/conventions.md "Layout").',
            },
            {
              target: './server/src/modules/**/*',
              from: './server/src/modules/**/*.routes.ts',
              message: "A module's routes are registered by app.ts only; what others need of them belongs in a service.",
            },
            ...serverModules.map((module) => ({
              target: `./server/src/modules/${module}/**/*`,
              from: `./server/src/modules/!(${module})/**/*.repository.ts`,
              message: "Another module's repository is reached through that module's service.",
            })),
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'A web feature does not import another feature (docs/conventions.md "Layout").',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.{ts,tsx}'],
    ignores: dataAccessFiles,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)db/schema(\\.ts)?$',
              allowTypeImports: true,
              message: "Only repositories import tables from db/schema.ts; use the owning module's repository.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.flat['recommended-latest'].rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // Tests read JSON answers as `any` and check them with assertions, which is what catches a wrong
    // shape; typing every answer would add casts, not safety (docs/decisions/007-lint-and-format.md).
    files: ['server/test/**', 'e2e/**', 'server/bench/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Plain JavaScript build scripts and this file are not part of a TypeScript project.
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
