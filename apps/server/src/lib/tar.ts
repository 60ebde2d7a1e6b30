/**
 * A small tar (POSIX ustar) writer and reader for backup files (docs/operations.md "Backup and restore"): regular
 * files only, relative ASCII names of at most 100 bytes, contents streamed from and to disk so that a backup of any size
 * never sits in memory. GNU tar and bsdtar read what it writes (`tar -tvf FILE` lists a backup).
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

const BLOCK = 512;
/** Largest entry a ustar header can state (11 octal digits): 8 GiB - 1. */
const MAX_SIZE = 8 ** 11 - 1;

/** One file of an archive: its name and where its bytes are (byte offset in the archive and length). */
export interface TarEntry {
  name: string;
  offset: number;
  size: number;
}

/** Writes an archive file entry by entry; `finish()` ends it (two zero blocks) and closes the file. */
export interface TarWriter {
  /** Adds the file at `path` as `name`; throws when the file's size changes while it is copied. */
  addFile(name: string, path: string): Promise<void>;
  /** Adds `bytes` as `name`. */
  addBytes(name: string, bytes: Buffer): Promise<void>;
  finish(): Promise<void>;
  /** Closes the file without ending the archive (after a failure). */
  abort(): void;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (!/^[\x21-\x7e][\x20-\x7e]{0,99}$/.test(name) || name.startsWith('/') || name.split('/').includes('..'))
    throw new Error(
      `tar: cannot store the name ${JSON.stringify(name)} (relative, ASCII, at most 100 bytes)`,
    );
  if (size > MAX_SIZE) throw new Error(`tar: ${name} is larger than 8 GiB`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 'ascii');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  block.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Starts an archive at `path` (created or truncated). */
export function createTarWriter(path: string): TarWriter {
  const out = createWriteStream(path);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => undefined);
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
  };
  return {
    async addFile(name, path) {
      const { size, mtime } = await stat(path);
      await write(header(name, size, mtime));
      let copied = 0;
      for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
        copied += chunk.length;
        if (copied > size) break;
        await write(chunk);
      }
      if (copied !== size) throw new Error(`tar: ${path} changed size while it was being archived`);
      await write(padding(size));
    },
    async addBytes(name, bytes) {
      await write(header(name, bytes.length, new Date()));
      await write(bytes);
      await write(padding(bytes.length));
    },
    async finish() {
      await write(Buffer.alloc(2 * BLOCK));
      out.end();
      await Promise.race([once(out, 'close'), failed]);
    },
    abort() {
      out.destroy();
    },
  };
}

function field(block: Buffer, start: number, length: number): string {
  const text = block.toString('ascii', start, start + length);
  const end = text.indexOf('\0');
  return end === -1 ? text : text.slice(0, end);
}

/**
 * The regular files of the archive at `path`, in order (directories and links are skipped; ustar name prefixes
 * are joined). Throws when the file is not a tar archive or is cut short.
 */
export async function readTarIndex(path: string): Promise<TarEntry[]> {
  const file = await open(path, 'r');
  try {
    const { size: total } = await file.stat();
    const entries: TarEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    let offset = 0;
    for (;;) {
      const { bytesRead } = await file.read(block, 0, BLOCK, offset);
      if (bytesRead < BLOCK) throw new Error(`${path} is not a complete tar archive`);
      if (block.every((byte) => byte === 0)) return entries;
      const stored = Number.parseInt(field(block, 148, 8).trim(), 8);
      block.fill(0x20, 148, 156);
      if (stored !== block.reduce((sum, byte) => sum + byte, 0))
        throw new Error(`${path} is not a tar archive (bad header at byte ${offset})`);
      const size = Number.parseInt(field(block, 124, 12).trim() || '0', 8);
      const prefix = field(block, 257, 6) === 'ustar' ? field(block, 345, 155) : '';
      const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
      const type = field(block, 156, 1);
      if (offset + BLOCK + size > total) throw new Error(`${path} is cut short inside ${name}`);
      if (type === '0' || type === '') entries.push({ name, offset: offset + BLOCK, size });
      offset += BLOCK + size + padding(size).length;
    }
  } finally {
    await file.close();
  }
}

/** The bytes of `entry` of the archive at `path` (for small entries such as a manifest). */
export async function readTarEntry(path: string, entry: TarEntry): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const bytes = Buffer.alloc(entry.size);
    await file.read(bytes, 0, entry.size, entry.offset);
    return bytes;
  } finally {
    await file.close();
  }
}

/** Copies `entry` of the archive at `path` to the file `destination` (created or truncated), streamed. */
export async function extractTarEntry(path: string, entry: TarEntry, destination: string): Promise<void> {
  const source =
    entry.size === 0
      ? [Buffer.alloc(0)]
      : createReadStream(path, { start: entry.offset, end: entry.offset + entry.size - 1 });
  await pipeline(source, createWriteStream(destination));
}
