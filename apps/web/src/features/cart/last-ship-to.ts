/**
 * The ship-to location a company member last checked out with (docs/requirements.md §14 "Company accounts": the
 * checkout's choice defaults to the last used), kept in this browser per user.
 */
const keyOf = (email: string) => `shipTo:${email.toLowerCase()}`;

/** The address id `email` last shipped to from this browser, or null. */
export function readLastShipTo(email: string): string | null {
  try {
    return localStorage.getItem(keyOf(email));
  } catch {
    return null;
  }
}

/** Remembers that `email` shipped to the address `addressId`. */
export function rememberShipTo(email: string, addressId: string): void {
  try {
    localStorage.setItem(keyOf(email), addressId);
  } catch {
    // Storage full or blocked: the next checkout defaults to the first address.
  }
}
