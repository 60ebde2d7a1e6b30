/**
 * Serves the built web app (apps/web/dist) from the API process (docs/design.md "API": same origin as the SPA).
 * Files under /assets/ are content-hashed by Vite, so they are cached for a year as immutable; other files
 * are served normally. Any other GET/HEAD outside /api that accepts HTML gets index.html (no-cache) so the
 * SPA's client routes (/blogs, /dashboard/..., unknown paths with their own 404 page) load. index.html is
 * rendered once at start with the shop name.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { renderIndexHtml } from './index-html.js';

/** A loaded web app: its folder, the files it may serve, and the rendered index page. */
export interface WebApp {
  distDir: string;
  /** Paths relative to distDir with '/' separators, index.html excluded. */
  files: Set<string>;
  indexHtml: string;
  indexEtag: string;
}

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
  const indexHtml = renderIndexHtml(readFileSync(indexPath, 'utf8'), shopName);
  const indexEtag = `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`;
  return { distDir, files: listFiles(distDir), indexHtml, indexEtag };
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

function sendIndex(web: WebApp, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', web.indexEtag).type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === web.indexEtag) return reply.code(304).send();
  return reply.send(web.indexHtml);
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
    return sendIndex(web, request, reply);
  });
};
