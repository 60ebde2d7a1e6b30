// Lint keeps the layering (docs/design.md "Layout"): shared imports no app; web never imports server and server
// never imports web; no import cycles anywhere. Server: lib, db, config and plugins never import modules; a module
// reaches another only through its public index.ts. Web: features do not import each other, and components,
// hooks and lib never import features or the app layer. File names are kebab-case.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const appImports = {
  group: ['@partsforge/server', '@partsforge/web', '**/apps/**'],
  message: 'packages/shared must not import app code.',
};

const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleIndexes = serverModules.map((name) => `./${name}/index.ts`);

/** import-x/no-restricted-paths zones of the server's layers. */
const serverZones = [
  ...['lib', 'db', 'plugins', 'config.ts'].map((layer) => ({
    target: `./apps/server/src/${layer}`,
    from: './apps/server/src/modules',
    message: 'lib, db, config and plugins sit below the modules and never import them.',
  })),
  ...serverModules.map((name) => ({
    target: `./apps/server/src/modules/${name}`,
    from: './apps/server/src/modules',
    except: [`./${name}`, ...moduleIndexes],
    message: 'A module uses another only through its public index.ts.',
  })),
  ...['app.ts', 'main.ts', 'cli', 'test'].map((part) => ({
    target: `./apps/server/src/${part}`,
    from: './apps/server/src/modules',
    except: moduleIndexes,
    message: 'Outside the modules, use a module through its public index.ts.',
  })),
];

/** Web code imports the shared package by file (e.g. '@partsforge/shared/messages'), never its root. */
const sharedRoot = {
  name: '@partsforge/shared',
  message:
    "Import the file you need, e.g. '@partsforge/shared/messages': the root pulls every schema into the chunk.",
};

/** import-x/no-restricted-paths zones of the web app's layers (tests may render whole features). */
const webZones = ['components', 'hooks', 'lib'].map((layer) => ({
  target: `./apps/web/src/${layer}`,
  from: ['./apps/web/src/features', './apps/web/src/app'],
  message: 'Shared components, hooks and lib never import features or the app layer.',
}));

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
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // How to read a TypeScript dependency (no-cycle follows imports through the files it reads).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/shared/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mjs,js}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
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
          paths: [sharedRoot],
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
          paths: [sharedRoot],
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
    files: ['apps/web/src/{components,hooks,lib}/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones }] },
  },
  {
    files: ['bench/**', 'scripts/**', 'e2e/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
