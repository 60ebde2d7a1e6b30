/**
 * Bundles the server (src/main.ts) and its command-line tools (src/cli/*.ts) into dist/ with esbuild:
 * ESM for Node 20 with source maps. npm packages stay external (node_modules resolves them at run time),
 * except @partsforge/shared, which is TypeScript source and must be compiled in. Migrations are read from
 * ../drizzle at run time (the bundle finds the package root by walking up).
 */
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const cliEntries = readdirSync(join(root, 'src/cli'))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ in: join(root, 'src/cli', name), out: `cli/${name.replace(/\.ts$/, '')}` }));

/**
 * Resolves @partsforge/shared and its subpaths ('@partsforge/shared/fitment') to their source so esbuild bundles
 * them while `packages: 'external'` keeps the rest out.
 */
const bundleSharedPackage = {
  name: 'bundle-shared-package',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^@partsforge\/shared(\/[a-z-]+)?$/ }, (args) => ({
      path: join(root, '../../packages/shared/src', `${args.path.split('/')[2] ?? 'index'}.ts`),
    }));
  },
};

rmSync(join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [{ in: join(root, 'src/main.ts'), out: 'main' }, ...cliEntries],
  outdir: join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  plugins: [bundleSharedPackage],
  logLevel: 'info',
});
