/**
 * The signed-in member of the catalogue bench's `member` kind (docs/requirements.md §15 "Trade terms"): a customer
 * signed up through the API who creates a company (`POST /api/companies`); its terms are written in the database as
 * the admin routes store them: a price level with a 12 % discount and its own discount on every other category
 * (20-35 %), and MEMBER_CONTRACT_PRICES contract prices on parts spread over the catalogue. Every request of the
 * kind carries the member's bearer token, so every answer is priced (and, sorted by price, ordered) for it.
 */
import { withClient } from './database.mjs';
import { signUpCustomer } from './customers.mjs';

/** Contract prices of the member's company. */
export const MEMBER_CONTRACT_PRICES = 1000;
const LEVEL = 'bench-member';

/**
 * Sets the member up on the shop at `url` (database `databaseUrl`, categories as `GET /api/category` lists them);
 * resolves to `{ headers }`, the headers of its requests. The sign-up index 900 keeps its client address apart
 * from other benches' customers.
 */
export async function setUpMember(url, databaseUrl, categories) {
  const { token } = await signUpCustomer(url, 900);
  const headers = { authorization: `Bearer ${token}` };
  const created = await fetch(`${url}/api/companies`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Member Garage' }),
  });
  if (created.status !== 201)
    throw new Error(`company not created: ${created.status} ${await created.text()}`);
  const { _id: companyId } = await created.json();
  const categoryDiscounts = categories
    .filter((_, index) => index % 2 === 0)
    .map((category, index) => ({ categoryId: category._id, basisPoints: 2000 + (index % 4) * 500 }));
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `insert into price_levels (code, name, discount_basis_points, category_discounts, position)
       values ($1, 'Bench member', 1200, $2::jsonb, 99)
       on conflict (code) do update set category_discounts = excluded.category_discounts,
         version = price_levels.version + 1`,
      [LEVEL, JSON.stringify(categoryDiscounts)],
    );
    await client.query(
      `insert into company_terms (company_id, price_level, payment_terms, credit_limit_cents, tax_exempt)
       values ($1, $2, 'net30', 100000000, false)`,
      [companyId, LEVEL],
    );
    await client.query(
      `insert into company_prices (company_id, part_id, price_cents)
       select $1, id, greatest(1, price_cents * 7 / 10) from parts order by md5(id::text) limit $2`,
      [companyId, MEMBER_CONTRACT_PRICES],
    );
  });
  return { headers };
}

/**
 * Checks that the member's answers are theirs: a parts page with `headers` carries `listPrice` (a member's
 * answer), private. Throws otherwise (an expired token would bench list prices).
 */
export async function checkMember(url, headers) {
  const response = await fetch(`${url}/api/parts?limit=5&sort=price-asc`, { headers });
  const body = await response.json();
  if (response.status !== 200 || !body.length || body.some((part) => part.listPrice === undefined))
    throw new Error(`the member's answers are not priced for it: ${response.status} ${JSON.stringify(body)}`);
  if (response.headers.get('cache-control') !== 'private, no-store')
    throw new Error(`a member's answer is not private: ${response.headers.get('cache-control')}`);
}
