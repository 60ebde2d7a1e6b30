/**
 * A local OpenID Connect provider standing in for Google in the browser journeys (docs/design.md item 9):
 * oauth2-mock-server on loopback, started by playwright.config.ts before the shop (the shop reads its
 * discovery document at start). Every ID token it signs describes the Google user of google-user.json.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import googleUser from './google-user.json' with { type: 'json' };

const port = Number(process.env.E2E_OIDC_PORT ?? 3111);
const server = new OAuth2Server();
// The issuer names the loopback address itself (not "localhost", which may resolve to ::1 first).
server.issuer.url = `http://127.0.0.1:${port}`;
await server.issuer.keys.generate('RS256');
server.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, googleUser);
});
server.service.on('beforeUserinfo', (response) => {
  response.body = googleUser;
});
await server.start(port, '127.0.0.1');
console.log(`OpenID Connect provider listening at ${server.issuer.url}`);

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    void server.stop().finally(() => process.exit(0));
  });
