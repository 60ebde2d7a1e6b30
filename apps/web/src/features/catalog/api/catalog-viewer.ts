import { useSession } from '@/lib/auth/use-session';
import { accessTokenClaims, readAccessToken } from '@/lib/auth/access-token';

/**
 * Whose prices a catalogue answer holds (docs/requirements.md §15 "Trade terms": a member sees their net prices):
 * the signed-in buyer's email in lower case, or null for a visitor. While the session is still being read, the
 * stored access token's email (the token those requests carry). Catalogue query keys end with it, so a sign-out or
 * another buyer's sign-in never shows the previous buyer's prices.
 */
export type CatalogViewer = string | null;

/** The signed-in buyer whose prices the catalogue shows (see CatalogViewer). */
export function useCatalogViewer(): CatalogViewer {
  const { user, isLoading } = useSession();
  if (user) return user.email.toLowerCase();
  if (!isLoading) return null;
  const token = readAccessToken();
  return token ? (accessTokenClaims(token)?.email.toLowerCase() ?? null) : null;
}

/** The request option of a catalogue call for `viewer`: the buyer's token when signed in (optional: none else). */
export function catalogAuth(viewer: CatalogViewer): { auth?: 'optional' } {
  return viewer === null ? {} : { auth: 'optional' };
}
