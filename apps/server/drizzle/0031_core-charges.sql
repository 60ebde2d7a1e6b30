ALTER TABLE "parts" ADD COLUMN "core_charge_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_core_charge_non_negative" CHECK ("parts"."core_charge_cents" >= 0);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "core_charge_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_core_charge_non_negative" CHECK ("order_lines"."core_charge_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "core_total_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_core_total_non_negative" CHECK ("orders"."core_total_cents" >= 0);--> statement-breakpoint
-- Existing parts of the kinds sold with a refundable core carry their kind's deposit (seed-data/part-cores.ts, by
-- the part number's prefix); every other part none. Orders placed before carry no core deposits.
UPDATE "parts" SET "core_charge_cents" = CASE upper(split_part("sku", '-', 1)) WHEN 'ALT' THEN 4500 WHEN 'STR' THEN 3500 WHEN 'BC' THEN 3000 WHEN 'BAT' THEN 2500 ELSE 0 END
  WHERE upper(split_part("sku", '-', 1)) IN ('ALT', 'STR', 'BC', 'BAT');
