#!/usr/bin/env node
/**
 * Front-end figures (docs/decisions/007-home-bundle-budget.md) for the home page `/`:
 * 1. first-load JavaScript and CSS, gzipped: every script and stylesheet Chromium fetches until the page is
 *    idle (targets: JS <= 150 KB gzipped), each marked as requested before the first contentful paint (on the
 *    first paint's critical path) or after it (lazy code the page loads once it is on screen);
 * 2. a Lighthouse mobile run (default mobile emulation and throttling) in Debian's Chromium: performance,
 *    accessibility, LCP, CLS (targets: performance >= 95, accessibility 100), and what the LCP is: the element
 *    (Lighthouse's largest-contentful-paint-element audit) and its phases (time to first byte, resource load
 *    delay and duration, element render delay).
 *
 * BENCH_WEB_PORT (default 3303): the shop's port, so two benches on one machine do not collide.
 * LIGHTHOUSE_OUT=<folder>: also writes each run's full report there as lighthouse-<run>.json.
 */
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

const shop = await startShop(Number(process.env.BENCH_WEB_PORT ?? 3303));
try {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
  const page = await browser.newPage();
  // Every largest-contentful-paint entry, described when it is reported (a later render may replace the element).
  await page.addInitScript(() => {
    globalThis.__lcpEntries = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const element = entry.element;
        globalThis.__lcpEntries.push({
          time: Math.round(entry.startTime),
          size: entry.size,
          element: element
            ? `${element.tagName.toLowerCase()}${element.id ? '#' + element.id : ''}${entry.url ? ' ' + new URL(entry.url).pathname : ''}`
            : '(gone)',
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
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
  const { fcp, lcpEntries, requestStarts } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    lcpEntries: globalThis.__lcpEntries,
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
  console.log(
    `  unthrottled: FCP ${Math.round(fcp)} ms; LCP entries: ` +
      lcpEntries.map((entry) => `${entry.time} ms ${entry.element} (${entry.size} px²)`).join(', '),
  );

  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const results = [];
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
      results.push(
        {
          bench: 'web',
          measure: `Lighthouse mobile run ${run}: LCP s`,
          value: Number((lhr.audits['largest-contentful-paint'].numericValue / 1000).toFixed(2)),
          target: 1.5,
          atLeast: false,
        },
        {
          bench: 'web',
          measure: `Lighthouse mobile run ${run}: performance`,
          value: score('performance'),
          target: 95,
          atLeast: true,
        },
      );
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
      // The LCP element and its subparts (observed, not simulated), from the LCP breakdown insight (Lighthouse 12.6+)
      // or the older largest-contentful-paint-element audit. Lighthouse cannot name an element that is no longer in
      // the page at the end of the run (the home page shell's hero, replaced by the app's): see the LCP entries above.
      const lcpTables = ['lcp-breakdown-insight', 'largest-contentful-paint-element'].flatMap(
        (id) => lhr.audits[id]?.details?.items ?? [],
      );
      const node = lcpTables.find((item) => item.type === 'node');
      console.log(
        node
          ? `  LCP element: ${node.snippet}`
          : '  LCP element: not named by Lighthouse (no longer in the page when the run ended)',
      );
      const subparts = lcpTables.find((item) => item.type === 'table')?.items ?? [];
      if (subparts.length)
        console.log(
          '  LCP subparts (observed): ' +
            subparts
              .map((item) => `${item.label ?? item.phase} ${Math.round(item.duration ?? item.timing)} ms`)
              .join(', '),
        );
      if (process.env.LIGHTHOUSE_OUT) {
        mkdirSync(process.env.LIGHTHOUSE_OUT, { recursive: true });
        const file = join(process.env.LIGHTHOUSE_OUT, `lighthouse-${run}.json`);
        writeFileSync(file, JSON.stringify(lhr, null, 1));
        console.log(`  report: ${file}`);
      }
    }
  } finally {
    await chrome.kill();
  }
  console.log(`BENCH_RESULT ${JSON.stringify(results)}`);
} finally {
  await shop.stop();
}
