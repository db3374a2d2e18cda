import tseslint from 'typescript-eslint';

export default tseslint.config(
  // libs/client/src/api-types.ts is generated from the OpenAPI document (npm run build writes it).
  { ignores: ['**/dist/**', '**/node_modules/**', 'helm/**', 'docker/**', '.marketplace/**', 'libs/client/src/api-types.ts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
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
);
