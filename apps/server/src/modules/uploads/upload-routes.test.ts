import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { TINY_PNG } from '../../test/uploads.js';

let t: TestApp;
let admin: TestUser;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'partsforge-uploads-'));
  t = await buildTestApp({ config: { dataDir } });
  admin = await signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' });
});
afterAll(() => t.close());

const upload = (data: Buffer | string, contentType = 'image/png') =>
  t.app.inject({
    method: 'POST',
    url: '/api/uploads/images',
    headers: { ...admin.headers, 'content-type': contentType },
    payload: data,
  });
const storedFiles = async () => readdir(join(dataDir, 'uploads')).catch(() => []);

describe('POST /api/uploads/images', () => {
  it('stores a PNG under a random name and serves it from /uploads with its type and nosniff', async () => {
    const response = await upload(TINY_PNG, 'application/octet-stream');
    expect(response.statusCode).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it.each([
    ['text claiming to be a PNG', 'hello, not an image', 'image/png'],
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'],
    ['HTML', '<html><script>alert(1)</script></html>', 'text/html'],
    ['JSON', '{"img":"x"}', 'application/json'],
  ])('refuses %s with 415 and stores nothing', async (_name, data, contentType) => {
    const before = await storedFiles();
    const response = await upload(data, contentType);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ message: 'Only PNG, JPEG and WebP images can be uploaded.' });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an empty body with 400 and a file over 2 MB with 413, storing nothing', async () => {
    const before = await storedFiles();
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(400);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ message: 'The request is too large.' });
    expect(await storedFiles()).toEqual(before);
  });

  it('serves only names the store gives: others are 404', async () => {
    for (const url of [
      '/uploads/nope.png',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      `/uploads/${'a'.repeat(32)}.png`,
    ])
      expect((await t.app.inject({ url })).statusCode).toBe(404);
  });
});
