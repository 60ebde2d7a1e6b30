/**
 * Per-customer transaction lock (docs/decisions/017): a customer's cart changes and order placements run one at a
 * time, so a read-modify-write of the cart cannot lose lines and the cap on unpaid orders cannot be slipped past
 * by concurrent requests. Customers never wait for each other.
 */
import { sql } from 'drizzle-orm';
import type { AppDatabase } from './connect.js';

/** Takes the customer's lock until the transaction `tx` ends (waits while another transaction holds it). */
export async function lockCustomer(tx: AppDatabase, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer:${userId}`}))`);
}
