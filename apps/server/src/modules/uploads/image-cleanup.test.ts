import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parts } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { TINY_PNG } from '../../test/uploads.js';
import { createImageStore } from './image-store.js';
import { createImageCleanup, UPLOAD_ORPHAN_AGE_MS, uploadedImageName } from './image-cleanup.js';

/** Warnings the app logged. */
const warnings: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString().trim().split('\n'))
      warnings.push(JSON.parse(line) as Record<string, unknown>);
    callback();
  },
});

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'partsforge-image-cleanup-'));
  t = await buildTestApp({ config: { dataDir }, logger: pino({ level: 'warn' }, logStream) });
  [admin, customer] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('customer'), name: 'Customer' }),
  ]);
});
afterAll(() => t.close());

/** Saves `user`'s profile with `img` as its photo; resolves to the response. */
function saveProfileImage(user: TestUser, img: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/profile/${user.user.email}`,
    headers: user.headers,
    payload: { education: 'BSc', address: '1 Depot Road', city: 'Springfield', img },
  });
}

const part = {
  name: 'Ceramic Brake Pads',
  description: 'Front axle set.',
  available: 40,
  minqty: 4,
  price: 24.99,
};

/** Uploads a PNG as the admin; returns its `/uploads/<name>` URL. */
async function upload(): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/images',
    headers: { ...admin.headers, 'content-type': 'application/octet-stream' },
    payload: TINY_PNG,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ url: string }>().url;
}

async function createPart(img: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/parts',
    headers: admin.headers,
    payload: { ...part, img },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ insertedId: string }>().insertedId;
}

async function editPart(id: string, changes: object): Promise<void> {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/parts/${id}`,
    headers: admin.headers,
    payload: { ...part, ...changes },
  });
  expect(response.json()).toEqual({ modifiedCount: 1 });
}

async function deletePart(id: string): Promise<void> {
  const response = await t.app.inject({ method: 'DELETE', url: `/api/parts/${id}`, headers: admin.headers });
  expect(response.json()).toEqual({ deletedCount: 1 });
}

/** The status `GET <url>` answers: 200 while the uploaded file exists, 404 once it is removed. */
const served = async (url: string) => (await t.app.inject({ url })).statusCode;
const storedFiles = async () => (await readdir(join(dataDir, 'uploads'))).sort();

describe('uploaded images after catalogue writes', () => {
  it('deleting a part removes its uploaded image', async () => {
    const url = await upload();
    const id = await createPart(url);
    expect(await served(url)).toBe(200);
    await deletePart(id);
    expect(await served(url)).toBe(404);
  });

  it('replacing a part’s image removes the old upload and keeps the new one; other edits keep it', async () => {
    const [first, second] = [await upload(), await upload()];
    const id = await createPart(first);
    await editPart(id, { img: first, name: 'Renamed Pads' });
    expect(await served(first)).toBe(200);
    await editPart(id, { img: second });
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);
  });

  it('keeps an upload two parts share until the second is deleted', async () => {
    const url = await upload();
    const [one, two] = [await createPart(url), await createPart(url)];
    await deletePart(one);
    expect(await served(url)).toBe(200);
    await deletePart(two);
    expect(await served(url)).toBe(404);
  });

  it('touches nothing for an external URL or an /images/ path, even one naming a stored file', async () => {
    const url = await upload();
    const name = url.slice('/uploads/'.length);
    const before = await storedFiles();
    for (const img of [`https://cdn.example.com/uploads/${name}`, `/images/parts/${name}`]) {
      const id = await createPart(img);
      await editPart(id, { img: '/images/parts/brake-pads.svg' });
      await deletePart(await createPart(img));
      await deletePart(id);
    }
    expect(await storedFiles()).toEqual(before);
    expect(await served(url)).toBe(200);
  });

  it('keeps an upload a review or a profile refers to (by its full URL)', async () => {
    const [forReview, forProfile] = [await upload(), await upload()];
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: customer.headers,
      payload: { name: 'Ann', description: 'Fast.', rating: 5, img: `http://localhost:3000${forReview}` },
    });
    expect(review.statusCode).toBe(201);
    const profile = await saveProfileImage(customer, `https://shop.example${forProfile}`);
    expect(profile.statusCode).toBe(200);
    await deletePart(await createPart(forReview));
    await deletePart(await createPart(forProfile));
    expect(await served(forReview)).toBe(200);
    expect(await served(forProfile)).toBe(200);
  });

  it('answers as usual when the file is already gone, and logs other failures at warn', async () => {
    warnings.length = 0; // start-up's own (no web app built)
    const gone = `/uploads/${'c'.repeat(32)}.png`;
    await deletePart(await createPart(gone));
    expect(warnings).toEqual([]);

    // A folder under a stored name cannot be unlinked: the delete still succeeds, with a warning.
    const blocked = `${'d'.repeat(32)}.png`;
    await mkdir(join(dataDir, 'uploads', blocked));
    const id = await createPart(`/uploads/${blocked}`);
    await deletePart(id);
    expect((await t.app.inject({ url: `/api/parts/${id}` })).statusCode).toBe(404);
    expect(warnings).toEqual([
      expect.objectContaining({ level: 40, img: `/uploads/${blocked}`, err: expect.anything() }),
    ]);
  });
});

describe('uploadedImageName', () => {
  it('accepts only /uploads/<stored name>', () => {
    const name = `${'e'.repeat(32)}.webp`;
    expect(uploadedImageName(`/uploads/${name}`)).toBe(name);
    for (const img of [
      `https://shop.example/uploads/${name}`,
      `/uploads/../${name}`,
      `/uploads/sub/${name}`,
      '/uploads/abc123.png',
      `/images/${name}`,
    ])
      expect(uploadedImageName(img)).toBeNull();
  });
});

describe('sweep of unused uploads', () => {
  /** Writes a stored-looking file into `folder`, last modified `ageMs` ago; returns its name. */
  async function storedFile(folder: string, digit: string, ageMs: number): Promise<string> {
    const name = `${digit.repeat(32)}.png`;
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, name), TINY_PNG);
    const when = new Date(Date.now() - ageMs);
    await utimes(join(folder, name), when, when);
    return name;
  }

  it('runs on start-up: removes uploads older than a day that nothing refers to', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'partsforge-image-sweep-'));
    const folder = join(dir, 'uploads');
    const old = UPLOAD_ORPHAN_AGE_MS + 60_000;
    const [orphan, usedByPart, fresh] = [
      await storedFile(folder, '1', old),
      await storedFile(folder, '2', old),
      await storedFile(folder, '3', 60_000),
    ];
    const started = await buildTestApp({ config: { dataDir: dir } });
    try {
      await started.database.db.insert(parts).values({
        sku: 'SWEEP-1',
        name: 'Swept Part',
        description: 'Uses an old upload.',
        available: 1,
        minqty: 1,
        priceCents: 100,
        img: `/uploads/${usedByPart}`,
      });
      await started.app.ready();
      await vi.waitFor(() => expect(existsSync(join(folder, orphan))).toBe(false), { timeout: 5000 });
      expect((await readdir(folder)).sort()).toEqual([usedByPart, fresh].sort());
    } finally {
      await started.close();
    }
  });

  it('keeps old uploads a review or profile refers to, and resolves to 0 (with a warning) on failure', async () => {
    const folder = join(dataDir, 'sweep-test');
    const old = UPLOAD_ORPHAN_AGE_MS + 60_000;
    const [usedByReview, usedByProfile] = [
      await storedFile(folder, '5', old),
      await storedFile(folder, '6', old),
    ];
    await storedFile(folder, '4', old);
    await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: customer.headers,
      payload: {
        name: 'Ann',
        description: 'Good.',
        rating: 4,
        img: `https://shop.example/uploads/${usedByReview}`,
      },
    });
    await saveProfileImage(customer, `https://shop.example/uploads/${usedByProfile}`);
    const log = { info: vi.fn(), warn: vi.fn() };
    const cleanup = createImageCleanup(t.database.db, createImageStore(folder), log);
    expect(await cleanup.sweep(UPLOAD_ORPHAN_AGE_MS)).toBe(1);
    expect((await readdir(folder)).sort()).toEqual([usedByReview, usedByProfile].sort());
    expect(log.warn).not.toHaveBeenCalled();

    // A store whose folder is a file cannot be listed.
    const failing = createImageCleanup(t.database.db, createImageStore(join(folder, usedByReview)), log);
    expect(await failing.sweep(UPLOAD_ORPHAN_AGE_MS)).toBe(0);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});
