import { useSession } from '@/lib/auth/use-session';

/**
 * Where the cart lives: 'server' for a signed-in customer (GET /api/cart), 'browser' for a visitor (local
 * storage), 'none' for an admin (who buys nothing), 'loading' until the session is known.
 */
export type CartMode = 'loading' | 'server' | 'browser' | 'none';

export function useCartMode(): CartMode {
  const { user, isNormalUser, isLoading } = useSession();
  if (isLoading) return 'loading';
  if (!user) return 'browser';
  return isNormalUser ? 'server' : 'none';
}
