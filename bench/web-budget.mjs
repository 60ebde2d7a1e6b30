#!/usr/bin/env node
/**
 * Front-end figures (docs/decisions/007-home-bundle-budget.md) for the home page `/`:
 * 1. first-load JavaScript and CSS, gzipped: every script and stylesheet Chromium fetches until the page is
 *    idle (targets: JS <= 150 KB gzipped), each marked as requested before the first contentful paint (on the
 *    first paint's critical path) or after it (lazy code the page loads once it is on screen);
 * 2. a Lighthouse mobile run (default mobile emulation and throttling) in Debian's Chromium: performance,
 *    accessibility, LCP, CLS (targets: performance >= 95, accessibility 100).
 */
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { gzipSync } from 'node:zlib';
import { startShop } from './lib/shop.mjs';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const shop = await startShop(3303);
try {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
  const page = await browser.newPage();
  const assets = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    assets.push({
      type,
      url: new URL(response.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  await page.goto(shop.url + '/', { waitUntil: 'networkidle' });
  // When each file was requested, against the first contentful paint (ms since navigation start).
  const { fcp, requestStarts } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    requestStarts: performance
      .getEntriesByType('resource')
      .map((entry) => [new URL(entry.name).pathname, entry.startTime]),
  }));
  await browser.close();
  const startOf = new Map(requestStarts);
  for (const asset of assets) asset.beforePaint = (startOf.get(asset.url) ?? Infinity) < fcp;

  const kb = (bytes) => (bytes / 1024).toFixed(1) + ' KB';
  console.log(
    '\nHome page first load (gzip -9 of each file; requested before or after the first contentful paint):',
  );
  for (const asset of assets)
    console.log(
      `  ${asset.type.padEnd(10)} ${asset.url.padEnd(48)} ${kb(asset.raw).padStart(9)} raw ${kb(asset.gzip).padStart(9)} gzip  ${asset.beforePaint ? 'before' : 'after'}`,
    );
  const total = (type, when = () => true) =>
    assets.filter((a) => a.type === type && when(a)).reduce((sum, a) => sum + a.gzip, 0);
  const split = (type) =>
    `${kb(total(type))} gzipped (${kb(total(type, (a) => a.beforePaint))} before the first paint, ${kb(total(type, (a) => !a.beforePaint))} after)`;
  console.log(`  JavaScript total: ${split('script')}`);
  console.log(`  CSS total: ${split('stylesheet')}`);

  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
    for (let run = 1; run <= runs; run += 1) {
      const result = await lighthouse(shop.url + '/', {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const lhr = result.lhr;
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      console.log(
        `\nLighthouse mobile run ${run}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}`,
      );
      console.log(
        `  LCP ${lhr.audits['largest-contentful-paint'].displayValue}, CLS ${lhr.audits['cumulative-layout-shift'].displayValue}, FCP ${lhr.audits['first-contentful-paint'].displayValue}, TBT ${lhr.audits['total-blocking-time'].displayValue}`,
      );
      const failing = Object.values(lhr.audits).filter(
        (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
      );
      if (failing.length) console.log('  failing audits: ' + failing.map((audit) => audit.id).join(', '));
    }
  } finally {
    await chrome.kill();
  }
} finally {
  await shop.stop();
}
