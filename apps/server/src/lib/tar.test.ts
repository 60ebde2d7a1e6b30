/**
 * The backup files' tar (lib/tar.ts): what it writes, GNU tar lists and extracts byte for byte, and it reads back
 * what GNU tar writes; damaged archives are refused.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTarWriter, extractTarEntry, readTarEntry, readTarIndex } from './tar.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'partsforge-tar-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const files = {
  'manifest.json': Buffer.from('{"a":1}\n'),
  'block.bin': randomBytes(512),
  'empty.txt': Buffer.alloc(0),
  [`uploads/${'a'.repeat(32)}.png`]: randomBytes(70_001),
};

describe('tar', () => {
  it('writes archives GNU tar reads, and reads its own back', async () => {
    const big = join(dir, 'big.bin');
    await writeFile(big, files[`uploads/${'a'.repeat(32)}.png`]!);
    const archive = join(dir, 'out.tar');
    const writer = createTarWriter(archive);
    for (const [name, bytes] of Object.entries(files))
      if (name.startsWith('uploads/')) await writer.addFile(name, big);
      else await writer.addBytes(name, bytes);
    await writer.finish();

    expect(execFileSync('tar', ['-tf', archive], { encoding: 'utf8' }).trim().split('\n')).toEqual(
      Object.keys(files),
    );
    const out = join(dir, 'gnu');
    execFileSync('mkdir', ['-p', out]);
    execFileSync('tar', ['-xf', archive, '-C', out]);
    for (const [name, bytes] of Object.entries(files))
      expect((await readFile(join(out, name))).equals(bytes)).toBe(true);

    const entries = await readTarIndex(archive);
    expect(entries.map((entry) => [entry.name, entry.size])).toEqual(
      Object.entries(files).map(([name, bytes]) => [name, bytes.length]),
    );
    for (const entry of entries) {
      expect((await readTarEntry(archive, entry)).equals(files[entry.name]!)).toBe(true);
      const copy = join(dir, 'copy');
      await extractTarEntry(archive, entry, copy);
      expect((await readFile(copy)).equals(files[entry.name]!)).toBe(true);
    }
  });

  it('reads what GNU tar writes, and refuses what is not a whole archive', async () => {
    const archive = join(dir, 'gnu.tar');
    execFileSync('tar', ['-cf', archive, '-C', join(dir, 'gnu'), 'manifest.json', 'uploads']);
    const entries = await readTarIndex(archive);
    expect(entries.map((entry) => entry.name)).toEqual(['manifest.json', `uploads/${'a'.repeat(32)}.png`]);
    expect((await readTarEntry(archive, entries[0]!)).toString()).toBe('{"a":1}\n');

    const notTar = join(dir, 'not.tar');
    await writeFile(notTar, randomBytes(2048));
    await expect(readTarIndex(notTar)).rejects.toThrow(/is not a tar archive/);
    await truncate(archive, 1024);
    await expect(readTarIndex(archive)).rejects.toThrow(/cut short|not a complete/);
  });

  it('refuses names tar cannot hold', async () => {
    const writer = createTarWriter(join(dir, 'names.tar'));
    await expect(writer.addBytes('x'.repeat(101), Buffer.alloc(1))).rejects.toThrow(/at most 100 bytes/);
    await expect(writer.addBytes('/etc/passwd', Buffer.alloc(1))).rejects.toThrow(/cannot store/);
    writer.abort();
  });
});
