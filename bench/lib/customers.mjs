/**
 * Customers for the ordering benches, signed up through the API as a browser would. Sign-ups are limited per
 * client IP (30 a minute), so each group of 25 comes from its own loopback address (127.0.0.2, 127.0.0.3, ...).
 * An admin is such a customer, promoted in the database.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { withClient } from './database.mjs';

/** POST `body` as JSON to `url` from `localAddress`; resolves to { status, text, cookies }. */
function postFrom(url, body, localAddress) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const sent = request(
      target,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', origin: target.origin },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, text, cookies: response.headers['set-cookie'] ?? [] }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });
}

/** Signs a customer up through the API and returns the access token (PUT /api/user/{email}). */
export async function customerToken(url, index) {
  return (await signUpCustomer(url, index)).token;
}

/** Signs a customer up through the API; resolves to `{ email, token }` (the access token of PUT /api/user/{email}). */
export async function signUpCustomer(url, index) {
  const email = `bench-${index}-${randomBytes(3).toString('hex')}@example.com`;
  const signUp = await postFrom(
    `${url}/api/auth/sign-up/email`,
    { name: `Bench ${index}`, email, password: 'bench-password-1' },
    `127.0.0.${2 + Math.floor(index / 25)}`,
  );
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`);
  const cookie = signUp.cookies.map((value) => value.split(';')[0]).join('; ');
  const token = await fetch(`${url}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ email }),
  });
  if (!token.ok) throw new Error(`token failed: ${token.status} ${await token.text()}`);
  const { token: accessToken } = await token.json();
  return { email, token: accessToken };
}

/** `count` customers' tokens, signed up `parallel` at a time. */
export async function customerTokens(url, count, parallel = 8) {
  const tokens = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next++;
        tokens[index] = await customerToken(url, index);
      }
    }),
  );
  return tokens;
}

/** An admin's access token: a customer signed up through the API at `url`, promoted in the database `databaseUrl`. */
export async function adminToken(url, databaseUrl) {
  const { email, token } = await signUpCustomer(url, 0);
  await withClient(databaseUrl, (client) =>
    client.query(`update users set role = 'admin' where email = $1`, [email]),
  );
  return token;
}
