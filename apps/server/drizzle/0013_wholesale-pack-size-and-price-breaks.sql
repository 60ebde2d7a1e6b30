-- Wholesale terms of a part (docs/requirements.md §11): its pack size (order multiple) and its quantity breaks, as two
-- arrays read with the part's row (no join on the catalogue's read path).
ALTER TABLE "parts" ADD COLUMN "pack_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "break_quantities" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "break_prices_cents" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_pack_size_positive" CHECK ("parts"."pack_size" >= 1);--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_price_breaks_paired" CHECK (cardinality("parts"."break_quantities") = cardinality("parts"."break_prices_cents") and cardinality("parts"."break_quantities") <= 10);