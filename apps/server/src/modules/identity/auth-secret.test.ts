import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_SECRET_FILE, resolveAuthSecret } from './auth-secret.js';

const folders: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'partsforge-secret-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when set and writes nothing', () => {
    const dataDir = tempDir();
    expect(resolveAuthSecret({ authSecret: 'x'.repeat(40), dataDir })).toBe('x'.repeat(40));
    expect(() => statSync(join(dataDir, AUTH_SECRET_FILE))).toThrow();
  });

  it('otherwise generates a random secret once, owner-readable only, and keeps it across starts', () => {
    const dataDir = join(tempDir(), 'nested');
    const first = resolveAuthSecret({ authSecret: undefined, dataDir });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dataDir, AUTH_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ authSecret: undefined, dataDir })).toBe(first);
    expect(resolveAuthSecret({ authSecret: undefined, dataDir: tempDir() })).not.toBe(first);
    expect(readFileSync(join(dataDir, AUTH_SECRET_FILE), 'utf8').trim()).toBe(first);
  });

  it('refuses a kept secret that is too short', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, AUTH_SECRET_FILE), 'short\n');
    expect(() => resolveAuthSecret({ authSecret: undefined, dataDir })).toThrow(/at least 32 characters/);
  });
});
