/**
 * Superseded part numbers (docs/requirements.md §17): a part's `superseded_by_part_id` names its direct successor;
 * chains (A -> B -> C) resolve to their last part and must never close a cycle. Every write that sets a successor
 * takes one transaction advisory lock first, so two writers closing a cycle at once (A -> B and B -> A) are
 * serialised and the second sees the first's link.
 */
import { apiErrorCodes, messages } from '@partsforge/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import { HttpError } from '../../lib/http-errors.js';

/** Longest chain walked (writes keep chains acyclic; this only bounds a walk). */
export const MAX_SUPERSESSION_DEPTH = 100;

/** The part at the end of a supersession chain, as the API shows it. */
export interface SupersessionEnd {
  _id: string;
  sku: string;
  name: string;
}

/**
 * SQL of the end of the supersession chain of the row of table `"parts"` in the enclosing query, as JSON text
 * `{"_id","sku","name"}`, or null for a current part (docs/requirements.md §17). Writes keep chains acyclic; the
 * walk still stops after MAX_SUPERSESSION_DEPTH steps.
 */
export function chainEndJson(): SQL<string | null> {
  return sql<string | null>`(case when "parts"."superseded_by_part_id" is null then null else (
    with recursive "pf_chain"("id", "depth") as (
      select "parts"."superseded_by_part_id", 1
      union all
      select "pf_link"."superseded_by_part_id", "pf_chain"."depth" + 1
      from "pf_chain" join "parts" "pf_link" on "pf_link"."id" = "pf_chain"."id"
      where "pf_link"."superseded_by_part_id" is not null and "pf_chain"."depth" < ${sql.raw(String(MAX_SUPERSESSION_DEPTH))}
    )
    select json_build_object('_id', "pf_end"."id", 'sku', "pf_end"."sku", 'name', "pf_end"."name")::text
    from "pf_chain" join "parts" "pf_end" on "pf_end"."id" = "pf_chain"."id"
    order by "pf_chain"."depth" desc limit 1
  ) end)`;
}

/** The chain end of chainEndJson's text. */
export function parseChainEnd(value: string | null): SupersessionEnd | null {
  return value === null ? null : (JSON.parse(value) as SupersessionEnd);
}

/** Takes the supersession lock for the rest of `tx`'s transaction (waits for another writer's commit). */
export async function lockSupersession(tx: AppDatabase): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('partsforge:supersession'))`);
}

/** A 400 with `errors.supersededBy` and the validation errors' code. */
export function supersessionError(message: string): HttpError {
  return new HttpError(400, `${messages.errors.invalidRequest}: ${message}`, apiErrorCodes.validationFailed, {
    supersededBy: message,
  });
}

/**
 * The id of the part whose SKU is `sku` (exact, then case-insensitive), to be the successor of `partId` (null for
 * a part being added). Call under lockSupersession in the write's transaction. Throws HttpError 400 with
 * `errors.supersededBy` for an unknown SKU, the part itself, or a successor whose chain leads back to `partId`.
 */
export async function resolveSuccessor(
  tx: AppDatabase,
  partId: string | null,
  sku: string,
  ownSku?: string,
): Promise<string> {
  const [found] = await queryRows<{ id: string }>(
    tx,
    sql`select id from parts where sku = ${sku} or lower(sku) = lower(${sku}) order by (sku = ${sku}) desc limit 1`,
  );
  if (!found) {
    if (ownSku !== undefined && ownSku.toLowerCase() === sku.toLowerCase())
      throw supersessionError(messages.supersessionPages.self);
    throw supersessionError(messages.supersessionPages.unknownSku(sku));
  }
  if (partId === null) return found.id;
  if (found.id === partId) throw supersessionError(messages.supersessionPages.self);
  const chain = await successorsOf(tx, found.id);
  if (chain.includes(partId)) throw supersessionError(messages.supersessionPages.cycle(ownSku ?? sku));
  return found.id;
}

/** The ids following `partId` along its chain (its successor, the successor's, ...), at most the depth bound. */
async function successorsOf(tx: AppDatabase, partId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with recursive chain(id, depth) as (
          select superseded_by_part_id, 1 from parts where id = ${partId} and superseded_by_part_id is not null
          union all
          select p.superseded_by_part_id, chain.depth + 1 from chain join parts p on p.id = chain.id
          where p.superseded_by_part_id is not null and chain.depth < ${MAX_SUPERSESSION_DEPTH}
        )
        select id from chain`,
  );
  return rows.map((row) => row.id);
}
