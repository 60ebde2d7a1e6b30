/**
 * Security headers from `helmet` (docs/design.md item 8: the access token lives in local storage, so the page ships
 * a strict Content-Security-Policy with no inline scripts). Inline styles are allowed because react-toastify
 * injects its styles at run time. No upgrade-insecure-requests: the shop may be served over plain HTTP on a
 * LAN address, where upgrading would break every asset.
 *
 * Why `helmet` and not `@fastify/helmet`: the Fastify wrapper rebuilds helmet's middleware (parsing every CSP
 * directive) on each request through two async hooks, which halved the catalogue's throughput in the
 * benchmark (docs/design.md "Stack": measure). Our policy has no per-request parts (no nonces), so helmet runs once
 * at start against a recording response and every request gets the recorded headers through Fastify's reply:
 * the same headers helmet would send, without per-request middleware.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The Content-Security-Policy directives sent with every response. */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // https: product and review images given as URLs (docs/decisions/009); uploads are same-origin.
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** helmet's options for the shop: its defaults plus the CSP above, no framing, referrer kept on our origin. */
export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * The options with Stripe.js allowed (only when the stripe payment provider is configured, decision 008):
 * its script and frames from js.stripe.com, its calls to api.stripe.com, its 3-D Secure frames.
 */
export function helmetOptionsWithStripe(): HelmetOptions {
  return {
    ...helmetOptions,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...contentSecurityPolicy,
        scriptSrc: [...contentSecurityPolicy.scriptSrc, 'https://js.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: [...contentSecurityPolicy.connectSrc, 'https://api.stripe.com'],
      },
    },
  };
}

/**
 * The headers helmet sets with `options`, recorded by running its middleware once against a stub response.
 * Throws what helmet throws for invalid options.
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Adds the recorded security headers (securityHeaders()) to every response, errors and 404s included;
 * `stripe: true` widens the CSP for Stripe.js (helmetOptionsWithStripe).
 */
export const helmetPlugin = fp<{ stripe?: boolean }>(
  async (app, { stripe = false }) => {
    const headers = securityHeaders(stripe ? helmetOptionsWithStripe() : helmetOptions);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'helmet' },
);
