/** Access tokens (docs/decisions/004): verified once, remembered until they expire, never past it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokenError, createAccessTokens } from './access-token.js';

const user = { id: 'user-1', email: 'ann@example.com' };

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('verify again from memory until the token expires, and refuse it from then on', async () => {
    const tokens = createAccessTokens('s'.repeat(40));
    const token = await tokens.issue(user, 'session-1');
    const claims = { userId: 'user-1', email: 'ann@example.com', sessionId: 'session-1' };
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 + 1_000);
    await expect(tokens.verify(token)).rejects.toEqual(new AccessTokenError('expired'));
    await expect(tokens.verify(token)).rejects.toEqual(new AccessTokenError('expired'));
  });

  it('refuse a token changed by one character, or signed with another secret, even after its original verified', async () => {
    const tokens = createAccessTokens('s'.repeat(40));
    const token = await tokens.issue(user, 'session-1');
    await tokens.verify(token);
    // One character of the payload changed (the signature's last character may only carry padding bits).
    const at = token.indexOf('.') + 5;
    const changed = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    await expect(tokens.verify(changed)).rejects.toEqual(new AccessTokenError('invalid'));
    const other = await createAccessTokens('t'.repeat(40)).issue(user, 'session-1');
    await expect(tokens.verify(other)).rejects.toEqual(new AccessTokenError('invalid'));
  });
});
