DROP INDEX "outbound_emails_unsent_idx";--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbound_emails_due_idx" ON "outbound_emails" USING btree ("next_attempt_at") WHERE "outbound_emails"."sent_at" is null and "outbound_emails"."failed_at" is null;--> statement-breakpoint
-- The outbox is the mail queue now (docs/decisions/022-order-path-and-mail-outbox.md): pg-boss's schema and its
-- delivery jobs go; every unsent message is due at once (the new column's default) and is claimed by the worker.
DROP SCHEMA IF EXISTS "pgboss" CASCADE;--> statement-breakpoint
-- Placing an order (docs/decisions/022): takes the customer's transaction lock (the key of db/locks.ts), then counts
-- the customer's unpaid orders still holding stock in a query of its own, which as a statement of a VOLATILE
-- function reads a snapshot taken after the lock was granted: an order the previous holder committed is counted.
-- True when one more unpaid order is allowed. Called from the order's one statement (orders module).
CREATE FUNCTION "orders_admit_unpaid"("customer" text, "hold_cutoff" timestamp with time zone, "max_unpaid" integer)
  RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('customer:' || "customer"));
  RETURN (
    SELECT count(*) FROM "orders"
    WHERE "user_id" = "customer" AND "status" = 'unpaid' AND "created_at" >= "hold_cutoff"
  ) < "max_unpaid";
END;
$$;
