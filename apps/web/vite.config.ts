/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

const serverPort = process.env.SERVER_PORT || '3000';

/**
 * index.html carries the home page's first screen (the hero) as plain HTML between these markers; the server sends
 * it only for / and /home (apps/server/src/modules/spa, docs/decisions/007). The dev server does the same, so other
 * pages do not show the home hero while their modules load.
 */
const HOME_SHELL =
  /[ \t]*<!--\s*partsforge:home-shell\s*-->[\s\S]*?<!--\s*\/partsforge:home-shell\s*-->[ \t]*\n?/g;

function homeShellOnlyAtHome(): Plugin {
  return {
    name: 'partsforge:home-shell-only-at-home',
    apply: 'serve',
    transformIndexHtml(html, { originalUrl }) {
      const path = new URL(originalUrl ?? '/', 'http://dev').pathname;
      return path === '/' || path === '/home' ? html : html.replace(HOME_SHELL, '');
    },
  };
}

/**
 * Writes the favicon (public/favicon.svg, under 1 KB) into index.html as a data: URL, so no page load makes a request
 * for it. Over loopback the favicon's request ends just before the home page's largest paint, and Lighthouse's
 * simulation then counts one more round trip in the LCP (docs/decisions/007). The file stays served for clients
 * that ask for it by name; the CSP allows data: images.
 */
function inlineFavicon(): Plugin {
  const href = 'href="/favicon.svg"';
  return {
    name: 'partsforge:inline-favicon',
    transformIndexHtml(html) {
      const svg = readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8')
        .replace(/\s+/g, ' ')
        .trim();
      return html.replace(href, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), homeShellOnlyAtHome(), inlineFavicon()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The styled entry of react-toastify injects a <style> element at run time, which the strict
      // Content-Security-Policy blocks; the unstyled entry plus its stylesheet (imported in main.tsx) is
      // CSP-safe. Aliasing the bare name keeps one toast store for every `import { toast } from 'react-toastify'`.
      { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
    ],
  },
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${serverPort}`, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes in one chunk. Left alone, the bundler moves the modules
          // that lazy pages share with the entry (React's JSX runtime, the query client, the messages...) into
          // six small chunks, each one more request on the first paint's critical path.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
      treeshake: {
        // packages/shared has no import-time side effects. Saying so lets the bundler drop its zod schemas (and
        // zod itself, ~50 KB gzipped) from chunks that only use its messages and constants.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
  },
});
