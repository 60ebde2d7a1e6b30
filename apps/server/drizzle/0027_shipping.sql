CREATE TABLE "shipping_methods" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"price_cents" integer,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"free_over_cents" integer,
	"transit_min_days" integer NOT NULL,
	"transit_max_days" integer NOT NULL,
	"cutoff" text NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_kind" CHECK ("shipping_methods"."kind" in ('flat', 'weight', 'pickup')),
	CONSTRAINT "shipping_methods_price_non_negative" CHECK ("shipping_methods"."price_cents" is null or "shipping_methods"."price_cents" >= 0),
	CONSTRAINT "shipping_methods_transit" CHECK ("shipping_methods"."transit_min_days" >= 0 and "shipping_methods"."transit_max_days" >= "shipping_methods"."transit_min_days"),
	CONSTRAINT "shipping_methods_cutoff" CHECK ("shipping_methods"."cutoff" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"country" text NOT NULL,
	"region" text NOT NULL,
	"rate_milli_percent" integer NOT NULL,
	"tax_shipping" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tax_rates_country_region_pk" PRIMARY KEY("country","region"),
	CONSTRAINT "tax_rates_rate" CHECK ("tax_rates"."rate_milli_percent" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "weight_grams" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_weight_positive" CHECK ("parts"."weight_grams" > 0);--> statement-breakpoint
-- Existing parts weigh what their kind weighs (seed-data/part-weights.ts, by the part number's prefix); others 1 kg.
UPDATE "parts" SET "weight_grams" = CASE upper(split_part("sku", '-', 1)) WHEN 'BP' THEN 1200 WHEN 'BR' THEN 8500 WHEN 'BC' THEN 4100 WHEN 'BF' THEN 550 WHEN 'TBK' THEN 2300 WHEN 'SB' THEN 450 WHEN 'MAF' THEN 350 WHEN 'FP' THEN 2200 WHEN 'EM' THEN 1900 WHEN 'VCG' THEN 400 WHEN 'OF' THEN 400 WHEN 'CAF' THEN 300 WHEN 'EAF' THEN 600 WHEN 'FF' THEN 500 WHEN 'SP' THEN 60 WHEN 'IC' THEN 350 WHEN 'ALT' THEN 6500 WHEN 'STR' THEN 5200 WHEN 'BAT' THEN 18000 WHEN 'WH' THEN 2600 WHEN 'STA' THEN 4200 WHEN 'CA' THEN 3400 WHEN 'TRE' THEN 700 WHEN 'SBL' THEN 500 WHEN 'WP' THEN 2100 WHEN 'RAD' THEN 7500 WHEN 'TH' THEN 250 WHEN 'RH' THEN 400 WHEN 'CAT' THEN 9500 WHEN 'MUF' THEN 8000 WHEN 'O2S' THEN 200 WHEN 'LED' THEN 150 WHEN 'TL' THEN 2000 WHEN 'HL' THEN 4500 WHEN 'CV' THEN 6800 WHEN 'CK' THEN 9000 WHEN 'UJ' THEN 450 WHEN 'WB' THEN 300 WHEN 'FM' THEN 3500 WHEN 'MIR' THEN 1800 ELSE 1000 END;--> statement-breakpoint
-- The delivery methods every shop starts with (docs/requirements.md §16); the admins change them on the Shipping methods page.
INSERT INTO "shipping_methods" ("code", "name", "kind", "price_cents", "bands", "free_over_cents", "transit_min_days", "transit_max_days", "cutoff", "countries", "position") VALUES
  ('pickup', 'Counter pickup', 'pickup', 0, '[]', NULL, 0, 0, '17:00', '["US"]', 0),
  ('ground', 'Ground', 'weight', NULL, '[{"upToGrams":5000,"priceCents":995},{"upToGrams":20000,"priceCents":1995},{"upToGrams":50000,"priceCents":3995},{"upToGrams":150000,"priceCents":8995}]', 50000, 3, 5, '15:00', '["US"]', 1),
  ('next-day', 'Next-day', 'weight', NULL, '[{"upToGrams":5000,"priceCents":2995},{"upToGrams":20000,"priceCents":5995},{"upToGrams":50000,"priceCents":11995}]', NULL, 1, 1, '14:00', '["US"]', 2),
  ('freight', 'Freight (LTL, heavy orders)', 'weight', NULL, '[{"upToGrams":500000,"priceCents":15000},{"upToGrams":1000000,"priceCents":27500},{"upToGrams":2000000,"priceCents":45000}]', NULL, 3, 7, '12:00', '["US"]', 3);--> statement-breakpoint
-- The base (state-wide) sales-tax rates of the 50 states and DC, in thousandths of a percent (local taxes not
-- included; 0 where there is none), and whether the state taxes a separately stated delivery charge; the admins
-- change them on the Tax rates page.
INSERT INTO "tax_rates" ("country", "region", "rate_milli_percent", "tax_shipping") VALUES
  ('US', 'AK', 0, false),
  ('US', 'AL', 4000, false),
  ('US', 'AR', 6500, true),
  ('US', 'AZ', 5600, false),
  ('US', 'CA', 7250, false),
  ('US', 'CO', 2900, false),
  ('US', 'CT', 6350, true),
  ('US', 'DC', 6000, true),
  ('US', 'DE', 0, false),
  ('US', 'FL', 6000, false),
  ('US', 'GA', 4000, true),
  ('US', 'HI', 4000, true),
  ('US', 'IA', 6000, false),
  ('US', 'ID', 6000, false),
  ('US', 'IL', 6250, false),
  ('US', 'IN', 7000, true),
  ('US', 'KS', 6500, true),
  ('US', 'KY', 6000, true),
  ('US', 'LA', 5000, false),
  ('US', 'MA', 6250, false),
  ('US', 'MD', 6000, false),
  ('US', 'ME', 5500, false),
  ('US', 'MI', 6000, true),
  ('US', 'MN', 6875, true),
  ('US', 'MO', 4225, false),
  ('US', 'MS', 7000, true),
  ('US', 'MT', 0, false),
  ('US', 'NC', 4750, true),
  ('US', 'ND', 5000, true),
  ('US', 'NE', 5500, true),
  ('US', 'NH', 0, false),
  ('US', 'NJ', 6625, true),
  ('US', 'NM', 4875, true),
  ('US', 'NV', 6850, false),
  ('US', 'NY', 4000, true),
  ('US', 'OH', 5750, true),
  ('US', 'OK', 4500, false),
  ('US', 'OR', 0, false),
  ('US', 'PA', 6000, true),
  ('US', 'RI', 7000, true),
  ('US', 'SC', 6000, true),
  ('US', 'SD', 4200, true),
  ('US', 'TN', 7000, true),
  ('US', 'TX', 6250, true),
  ('US', 'UT', 6100, false),
  ('US', 'VA', 5300, false),
  ('US', 'VT', 6000, true),
  ('US', 'WA', 6500, true),
  ('US', 'WI', 5000, true),
  ('US', 'WV', 6000, true),
  ('US', 'WY', 4000, false);
