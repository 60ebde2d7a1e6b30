/**
 * Locates the server package's root folder (apps/server) from the running file, so paths such as the
 * migrations folder and the web app's dist resolve the same way under tsx/vitest (src/...) and from the
 * esbuild bundle (dist/...), whatever the current working directory is.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_PACKAGE_NAME = '@partsforge/server';

let cachedRoot: string | undefined;

/**
 * Absolute path of the folder holding the server's package.json, found by walking up from this module's
 * file. Throws when no such folder exists (a broken install or a bundle moved out of the package).
 */
export function serverPackageRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === SERVER_PACKAGE_NAME) return (cachedRoot = dir);
    }
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(
        `Cannot find the ${SERVER_PACKAGE_NAME} package root above ${fileURLToPath(import.meta.url)}`,
      );
    dir = parent;
  }
}
