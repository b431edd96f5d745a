import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// `npm run lint` runs this beside tsc, Prettier and the layer rules (.dependency-cruiser.cjs).
// TypeScript files are linted with type information (typescript-eslint's projectService reads tsconfig.json);
// the few plain .mjs/.cjs files (server, bin, scripts, configs) without it.

export default defineConfig(
  {
    ignores: [
      'node_modules/',
      '.next*/',
      'lib/db/generated/',
      'build/',
      'artifacts/',
      'coverage/',
      '.cache/',
      'data/',
      'next-env.d.ts',
      'tests/generated/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // vitest.config.mts is the one TypeScript file outside tsconfig.json's `include`.
        projectService: { allowDefaultProject: ['vitest.config.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (destructuring a field away, an ignored parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // `async` is how an implementation meets a Promise-returning interface (a tool's run, Prisma's adapter
      // factory, test fakes); dropping it would only add Promise.resolve wrappers.
      '@typescript-eslint/require-await': 'off',
      // React event handlers may be async (onClick={async () => …}); promises passed anywhere else are still checked.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `import type` keeps type-only imports out of the layer graph's value edges (see .dependency-cruiser.cjs).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Tools reach stored data through repository functions, never by querying Prisma inline
    // (`ctx.db.price.findMany(…)`, `db.$transaction(…)`): the import rule cannot see a query made through the context.
    files: ['lib/tools/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MemberExpression'][object.object.property.name='db']",
          message: 'Tools query stored data through a repository function (lib/data, lib/account), not Prisma inline.',
        },
        {
          selector: "MemberExpression[object.type='MemberExpression'][object.object.name='db']",
          message: 'Tools query stored data through a repository function (lib/data, lib/account), not Prisma inline.',
        },
        {
          selector: "MemberExpression[object.property.name='db'][property.name=/^\\$/]",
          message: 'Tools query stored data through a repository function (lib/data, lib/account), not Prisma inline.',
        },
        {
          selector: "MemberExpression[object.name='db'][property.name=/^\\$/]",
          message: 'Tools query stored data through a repository function (lib/data, lib/account), not Prisma inline.',
        },
      ],
    },
  },
  {
    // Tests read HTTP and JSON-RPC answers as untyped JSON and assert on them field by field: typing every body
    // would add nothing the assertions do not already check.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
