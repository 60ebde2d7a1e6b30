// Lint keeps the layering (STYLE.md): shared imports no app; web never imports server and server never
// imports web; features do not import each other (they meet in src/app or through src/lib and src/components).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const appImports = {
  group: ['@partsforge/server', '@partsforge/web', '**/apps/**'],
  message: 'packages/shared must not import app code.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [appImports] }] },
  },
  {
    files: ['apps/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@partsforge/web', '**/web/**'], message: 'The server never imports web code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@partsforge/server', '**/server/**'],
              message: 'The web app never imports server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature may import shared UI and lib, never another feature.
    files: ['apps/web/src/features/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@partsforge/server', '**/server/**'],
              message: 'The web app never imports server code.',
            },
            {
              group: ['@/features/**', '@/app/**'],
              message:
                'Features must not import each other or the app layer; compose them in src/app. Inside a feature use relative imports, elsewhere @/components and @/lib.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['bench/**', 'scripts/**', 'e2e/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
