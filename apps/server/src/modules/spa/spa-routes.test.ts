import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../test/build-test-app.js';
import { catalogFixture } from '../../test/catalog-fixture.js';

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta name="partsforge:shop-name" content="PartsForge" />
    <title>PartsForge</title>
    <script type="module" src="/assets/index-3f9a1c.js"></script>
  </head>
  <body><div id="root"><!-- partsforge:home-shell --><main><section><h1 id="hero-heading">Welcome to PartsForge</h1></section></main><!-- /partsforge:home-shell --></div></body>
</html>`;

let distDir: string;
let testDb: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'partsforge-web-dist-'));
  mkdirSync(join(distDir, 'assets'));
  mkdirSync(join(distDir, 'images/parts'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), indexHtml);
  writeFileSync(join(distDir, 'assets/index-3f9a1c.js'), 'console.log("app");');
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(distDir, 'images/parts/brake-pads.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  testDb = await createTestDatabase();
  t = await buildTestApp({
    database: testDb.database,
    seed: catalogFixture,
    config: { webDistDir: distDir, shopName: 'Bolt & Nut <Wholesale>' },
  });
});

afterAll(async () => {
  await t.close();
  await testDb.drop();
  rmSync(distDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('the web app', () => {
  it('serves index.html at / with the shop name, escaped, and no-cache', async () => {
    const response = await t.app.inject({ url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(
      '<meta name="partsforge:shop-name" content="Bolt &#38; Nut &#60;Wholesale&#62;" />',
    );
    expect(response.body).toContain('<title>Bolt &#38; Nut &#60;Wholesale&#62;</title>');
    expect(response.body).toContain(
      '<script defer src="/start-app.js" data-entry="/assets/index-3f9a1c.js"></script>',
    );
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('sends the home page shell, with the shop name in its h1, only for / and /home', async () => {
    for (const url of ['/', '/home', '/?utm_source=mail']) {
      const response = await t.app.inject({ url, headers: html });
      expect(response.body, url).toContain(
        '<div id="root"><!-- partsforge:home-shell --><main><section><h1 id="hero-heading">Welcome to Bolt &#38; Nut &#60;Wholesale&#62;</h1>',
      );
    }
    for (const url of ['/blogs', '/parts', '/home/x', '/index.html']) {
      const response = await t.app.inject({ url, headers: html });
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('hero-heading');
    }
    const home = await t.app.inject({ url: '/', headers: html });
    const other = await t.app.inject({ url: '/blogs', headers: html });
    expect(home.headers.etag).not.toBe(other.headers.etag);
    // The home page paints its shell without the script, so its entry is started after the first paint there only.
    expect(home.body).toContain(
      '<script defer src="/start-app.js" data-entry="/assets/index-3f9a1c.js"></script>',
    );
    expect(home.body).not.toContain('<script type="module"');
    expect(other.body).toContain('<script type="module" src="/assets/index-3f9a1c.js"></script>');
  });

  it.each(['/blogs', '/some/unknown', '/dashboard/payment/42', '/index.html'])(
    'falls back to index.html for %s',
    async (url) => {
      const response = await t.app.inject({ url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Bolt &#38; Nut &#60;Wholesale&#62;</title>');
    },
  );

  it('answers HEAD like GET without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/blogs', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe('');
  });

  it('answers 304 when the client has the current index.html', async () => {
    const first = await t.app.inject({ url: '/blogs', headers: html });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ url: '/parts', headers: { ...html, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The home page is another document (with its shell): the other page's ETag does not match it.
    const home = await t.app.inject({ url: '/', headers: { ...html, 'if-none-match': etag } });
    expect(home.statusCode).toBe(200);
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await t.app.inject({ url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log("app");');
  });

  it('serves other files normally', async () => {
    const response = await t.app.inject({ url: '/images/parts/brake-pads.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=0');
  });

  it('answers 404, not the page, for missing assets and files', async () => {
    for (const url of ['/assets/index-missing.js', '/images/missing.png']) {
      const response = await t.app.inject({ url, headers: { accept: '*/*' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('does not serve files outside the dist folder', async () => {
    const response = await t.app.inject({ url: '/..%2f..%2fpackage.json', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
  });

  it('keeps unknown /api paths JSON 404s, even for browsers', async () => {
    for (const url of ['/api/unknown', '/api', '/api/parts/x/y']) {
      const response = await t.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('still serves the API', async () => {
    const response = await t.app.inject({ url: '/api/parts?limit=2' });
    expect(response.statusCode).toBe(200);
    expect(response.json<unknown[]>()).toHaveLength(2);
  });

  it('answers non-HTML clients and other methods with JSON 404s', async () => {
    const json = await t.app.inject({ url: '/blogs', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/blogs', headers: html });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });
});
