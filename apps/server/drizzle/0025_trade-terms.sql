CREATE TABLE "invoice_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"recorded_by" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount_cents" > 0),
	CONSTRAINT "invoice_payments_method_valid" CHECK ("invoice_payments"."method" in ('ach', 'check', 'wire', 'card'))
);
--> statement-breakpoint
CREATE TABLE "company_prices" (
	"company_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "company_prices_company_id_part_id_pk" PRIMARY KEY("company_id","part_id"),
	CONSTRAINT "company_prices_price_positive" CHECK ("company_prices"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "company_terms" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"price_level" text NOT NULL,
	"payment_terms" text NOT NULL,
	"credit_limit_cents" bigint NOT NULL,
	"tax_exempt" boolean NOT NULL,
	"resale_certificate" text,
	"prices_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_terms_payment_terms_valid" CHECK ("company_terms"."payment_terms" in ('card', 'net15', 'net30', 'net60')),
	CONSTRAINT "company_terms_credit_limit_non_negative" CHECK ("company_terms"."credit_limit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_levels" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"discount_basis_points" integer NOT NULL,
	"category_discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "price_levels_discount_valid" CHECK ("price_levels"."discount_basis_points" between 0 and 10000),
	CONSTRAINT "price_levels_code_valid" CHECK ("price_levels"."code" ~ '^[a-z][a-z0-9-]{0,31}$')
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "list_unit_price_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "resale_certificate" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
-- Invoices issued before trade terms were issued at payment: paid in full. They keep their order's company.
UPDATE "invoices" SET "paid_cents" = "invoices"."total_cents", "company_id" = "orders"."company_id" FROM "orders" WHERE "orders"."id" = "invoices"."order_id";--> statement-breakpoint
-- The price levels every shop starts with (docs/requirements.md §15); the demo seed gives some categories their own discounts.
INSERT INTO "price_levels" ("code", "name", "discount_basis_points", "position") VALUES ('list', 'List', 0, 1), ('jobber', 'Jobber', 1500, 2), ('dealer', 'Dealer', 2500, 3);--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_order_id_invoices_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."invoices"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_prices" ADD CONSTRAINT "company_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_prices" ADD CONSTRAINT "company_prices_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_terms" ADD CONSTRAINT "company_terms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_terms" ADD CONSTRAINT "company_terms_price_level_price_levels_code_fk" FOREIGN KEY ("price_level") REFERENCES "public"."price_levels"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "invoice_payments_order_id_idx" ON "invoice_payments" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "company_prices_part_id_idx" ON "company_prices" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "company_terms_price_level_idx" ON "company_terms" USING btree ("price_level");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_company_id_idx" ON "invoices" USING btree ("company_id","issued_at") WHERE "invoices"."company_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_open_due_at_idx" ON "invoices" USING btree ("due_at") WHERE "invoices"."paid_cents" < "invoices"."total_cents";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_valid" CHECK ("orders"."payment_method" in ('card', 'account'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_paid_within_total" CHECK ("invoices"."paid_cents" between 0 and "invoices"."total_cents");