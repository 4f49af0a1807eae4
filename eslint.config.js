import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The web app's feature folders (apps/web/src/features/<name>). */
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
    },
  },
  {
    files: ['apps/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The self-serve survey page (ADR 063) is its own small bundle: none of the staff app's code
  // (its features, layouts, components, API client), only the shared contract and constants.
  {
    files: ['apps/web/src/public/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/(?!config/constants$)|\\.\\./)',
              message: 'The survey page loads none of the staff app (ADR 063).',
            },
          ],
        },
      ],
    },
  },
  // A feature uses another feature only through that feature's public index.ts (STYLE.md, feature
  // folders): `@/features/auth`, never `@/features/auth/hooks/use-session`.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*/**', `!@/features/${feature}/**`],
              message: 'Import another feature through its index.ts: @/features/<name>.',
            },
            {
              group: ['../../*'],
              message: 'Leave the feature folder through an alias (@/lib, @/features/<name>…).',
            },
          ],
        },
      ],
    },
  })),
  // No function of product code over 150 lines (issue 32): a longer one is split into named parts.
  // Not the tests, their helpers and fixtures, the migrations (released ones never change) or the
  // seed data, which are lists rather than logic.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/test/**',
      'apps/server/src/db/migrations/**',
      'apps/server/src/db/seed/**',
    ],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/cli/**', '**/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
