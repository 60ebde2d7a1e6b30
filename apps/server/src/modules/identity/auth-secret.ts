/**
 * The secret behind sessions and access tokens (decision 004). AUTH_SECRET when set; otherwise a random
 * secret generated on first start and kept in `${DATA_DIR}/auth-secret` (readable by its owner only), so
 * sessions survive restarts without any secret written in the code or the docs.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.js';

/** File name of the generated secret inside DATA_DIR. */
export const AUTH_SECRET_FILE = 'auth-secret';

/**
 * Returns config.authSecret, or the secret kept in `${config.dataDir}/auth-secret`, creating it (64 hex
 * characters) when missing. Throws when the folder cannot be written or the file holds fewer than 32 characters.
 */
export function resolveAuthSecret(config: Pick<Config, 'authSecret' | 'dataDir'>): string {
  if (config.authSecret) return config.authSecret;
  const path = join(config.dataDir, AUTH_SECRET_FILE);
  let secret: string;
  try {
    secret = readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(config.dataDir, { recursive: true });
    // 'wx' fails if another process created the file meanwhile; that process's secret is then read back.
    try {
      writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (writeError) {
      if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError;
    }
    secret = readFileSync(path, 'utf8').trim();
  }
  if (secret.length < 32) throw new Error(`${path} must hold a secret of at least 32 characters`);
  return secret;
}
