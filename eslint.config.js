import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // libs/client/src/api-types.ts is generated from the OpenAPI document (npm run build writes it).
  { ignores: ['**/dist/**', '**/node_modules/**', 'helm/**', 'docker/**', '.marketplace/**', 'libs/client/src/api-types.ts'] },
  ...tseslint.configs.recommended,
  {
    // Imports in one order everywhere (npm run format fixes them): packages, then the workspace, then relative.
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      // Entity and migration lists are typed as constructors; TypeORM's own API uses Function.
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['tests/**', '**/*.spec.ts', 'bench/**', 'tools/**', 'deploy/**', 'libs/local-stack/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Data access is typed from the migrated schema (ARCHITECTURE.md, "Data access"): every statement
    // is built and run in its area's *.queries.ts, and handlers, consumers and workers call those.
    files: ['apps/*/src/**/*.ts', 'libs/service-kit/src/**/*.ts'],
    // The gateway has no database (its Grant.save is oidc-provider's, kept by identity over the bus).
    ignores: ['apps/gateway/**', '**/*.queries.ts', '**/migrations/**', '**/*.migration.ts', '**/*.spec.ts', 'libs/service-kit/src/database/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(query|getRepository|createQueryBuilder|findOne|findOneBy|findBy|save|upsert|preparedQuery)$/]',
          message: 'Data access goes through the typed statements of this area\'s *.queries.ts (ARCHITECTURE.md, "Data access").',
        },
        {
          selector: 'CallExpression[callee.name=/^(preparedQuery|queryPage)$/]',
          message: 'Data access goes through the typed statements of this area\'s *.queries.ts (ARCHITECTURE.md, "Data access").',
        },
        {
          selector: 'MemberExpression[property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|mergeInto)$/]',
          message: "Statements are built in this area's *.queries.ts, not in a handler.",
        },
        {
          selector: 'TaggedTemplateExpression[tag.name="sql"]',
          message: "SQL is written in this area's *.queries.ts, not in a handler.",
        },
      ],
    },
  },
);
