-- Wholesale ordering (docs/requirements.md §11, docs/decisions/017): an order holds line items, gets a readable
-- number from a sequence (PF-100001 first), a PO number, a note and a status timeline; carts are kept on the
-- server. Existing one-part orders become one-line orders, numbered in the order they were placed, with their
-- known history.
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"user_id" text NOT NULL,
	"part_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_user_id_part_id_pk" PRIMARY KEY("user_id","part_id"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_name" text
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"part_id" uuid,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"line_total_cents" bigint NOT NULL,
	CONSTRAINT "order_lines_order_id_line_number_pk" PRIMARY KEY("order_id","line_number"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_unit_price_positive" CHECK ("order_lines"."unit_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_id_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_lines_part_id_idx" ON "order_lines" USING btree ("part_id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "line_count" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint
INSERT INTO "order_lines" ("order_id", "line_number", "part_id", "sku", "name", "quantity", "unit_price_cents", "line_total_cents")
	SELECT o."id", 1, o."part_id", coalesce(p."sku", ''), o."product_name", o."quantity", o."unit_price_cents", o."total_cents"
	FROM "orders" o LEFT JOIN "parts" p ON p."id" = o."part_id";--> statement-breakpoint
UPDATE "orders" SET "number" = numbered.n + 100000, "line_count" = 1
	FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "orders") AS numbered
	WHERE "orders"."id" = numbered."id";--> statement-breakpoint
SELECT setval('order_number_seq', 100000 + count(*), true) FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "status", "at", "actor_name")
	SELECT "id", 'unpaid', "created_at", "customer_name" FROM "orders"
	UNION ALL SELECT "id", 'pending', "paid_at", "customer_name" FROM "orders" WHERE "paid_at" IS NOT NULL
	UNION ALL SELECT "id", "status", "updated_at", CASE WHEN "status" = 'cancelled' THEN "customer_name" END
		FROM "orders" WHERE "status" IN ('shipped', 'cancelled', 'expired')
	ORDER BY 3;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('order_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "line_count" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_line_count_positive" CHECK ("orders"."line_count" > 0);--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_unit_price_positive";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_part_id_parts_id_fk";--> statement-breakpoint
DROP INDEX "orders_part_id_idx";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "part_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unit_price_cents";
