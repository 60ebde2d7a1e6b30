/**
 * Serves the built web app (apps/web/dist) from the API process (docs/design.md "API": same origin as the SPA).
 * Files under /assets/ are content-hashed by Vite, so they are cached for a year as immutable; other files
 * are served normally. Any other GET/HEAD outside /api that accepts HTML gets index.html (no-cache) so the
 * SPA's client routes (/blogs, /dashboard/..., unknown paths with their own 404 page) load. index.html is
 * rendered once at start with the shop name, in two versions: `/` and `/home` get it with the home page shell (the
 * hero as plain HTML, painted before the script arrives: docs/decisions/007), every other path without it, so a
 * page other than the home page never shows the home hero while its script loads.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { renderIndexHtml, withEntryAfterFirstPaint, withoutHomeShell } from './index-html.js';

/** A rendered index page and its ETag. */
export interface IndexPage {
  html: string;
  etag: string;
}

/** A loaded web app: its folder, the files it may serve, and the rendered index pages. */
export interface WebApp {
  distDir: string;
  /** Paths relative to distDir with '/' separators, index.html excluded. */
  files: Set<string>;
  /** index.html with the home page shell, its entry started after the first paint, for `/` and `/home`. */
  homePage: IndexPage;
  /** index.html without it, for every other client route. */
  otherPage: IndexPage;
}

/** The client routes of the home page (apps/web's paths.home and paths.homeAlias), without the leading '/'. */
const HOME_PATHS = new Set(['', 'home']);

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile()) files.add(relative(root, path).split(sep).join('/'));
    }
  };
  visit(root);
  files.delete('index.html');
  return files;
}

/**
 * Reads the web app in `distDir` and renders its index.html with `shopName`. Returns null when
 * `distDir/index.html` does not exist (the web app is not built).
 */
export function loadWebApp(distDir: string, shopName: string): WebApp | null {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const homeHtml = renderIndexHtml(readFileSync(indexPath, 'utf8'), shopName);
  return {
    distDir,
    files: listFiles(distDir),
    homePage: indexPage(withEntryAfterFirstPaint(homeHtml)),
    otherPage: indexPage(withoutHomeShell(homeHtml)),
  };
}

function indexPage(html: string): IndexPage {
  return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
}

/**
 * Whether a request that matched no file should get the SPA: browsers navigating send Accept: text/html;
 * clients sending only a wildcard get it too unless the path names a file (has an extension).
 */
function wantsHtml(request: FastifyRequest, path: string): boolean {
  const accept = request.headers.accept;
  if (accept?.includes('text/html')) return true;
  const acceptsAnything = accept === undefined || accept.includes('*/*');
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return acceptsAnything && !lastSegment.includes('.');
}

function sendIndex(page: IndexPage, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', page.etag).type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  return reply.send(page.html);
}

/** Options of spaRoutes: the web app loaded by loadWebApp. */
export interface SpaRoutesOptions {
  web: WebApp;
}

/** Registers the catch-all GET (and HEAD) route serving the web app. Unknown /api paths stay JSON 404s. */
export const spaRoutes: FastifyPluginAsync<SpaRoutesOptions> = async (app, { web }) => {
  await app.register(fastifyStatic, { root: web.distDir, serve: false });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    if (path === 'api' || path.startsWith('api/')) return reply.callNotFound();
    if (web.files.has(path)) {
      return path.startsWith('assets/')
        ? reply.sendFile(path, { maxAge: ONE_YEAR_MS, immutable: true })
        : reply.sendFile(path);
    }
    if (path.startsWith('assets/') || !wantsHtml(request, path)) return reply.callNotFound();
    return sendIndex(HOME_PATHS.has(path) ? web.homePage : web.otherPage, request, reply);
  });
};
