-- Credit memos and refunds (docs/requirements.md §17 "Credit memos and refunds", docs/decisions/028).
CREATE TABLE "credit_memo_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "credit_memo_counters_last_positive" CHECK ("credit_memo_counters"."last" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_memos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"return_id" uuid,
	"company_id" uuid,
	"kind" text NOT NULL,
	"settlement" text NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"core_cents" bigint NOT NULL,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"restocking_fee_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"note" text,
	"actor_id" text,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_memos_kind_valid" CHECK ("credit_memos"."kind" in ('return', 'cancel', 'goodwill')),
	CONSTRAINT "credit_memos_settlement_valid" CHECK ("credit_memos"."settlement" in ('card', 'account')),
	CONSTRAINT "credit_memos_total_non_negative" CHECK ("credit_memos"."total_cents" >= 0 and "credit_memos"."restocking_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_memo_lines" (
	"memo_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"order_line_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"reason" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"core_cents" bigint NOT NULL,
	"restocking_fee_cents" bigint NOT NULL,
	CONSTRAINT "credit_memo_lines_memo_id_position_pk" PRIMARY KEY("memo_id","position"),
	CONSTRAINT "credit_memo_lines_quantity_non_negative" CHECK ("credit_memo_lines"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "return_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"restocking_fee_percent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_settings_one_row" CHECK ("return_settings"."id" = 1),
	CONSTRAINT "return_settings_percent" CHECK ("return_settings"."restocking_fee_percent" between 0 and 100)
);
--> statement-breakpoint
INSERT INTO "return_settings" ("id", "restocking_fee_percent") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_amount_positive" CHECK ("sandbox_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "refunded_cents" bigint;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memo_lines" ADD CONSTRAINT "credit_memo_lines_memo_id_credit_memos_id_fk" FOREIGN KEY ("memo_id") REFERENCES "public"."credit_memos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memo_lines" ADD CONSTRAINT "credit_memo_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_memos_number_unique" ON "credit_memos" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_memos_year_sequence_unique" ON "credit_memos" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_memos_return_id_unique" ON "credit_memos" USING btree ("return_id") WHERE "credit_memos"."return_id" is not null;--> statement-breakpoint
CREATE INDEX "credit_memos_order_id_idx" ON "credit_memos" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_memos_company_id_idx" ON "credit_memos" USING btree ("company_id") WHERE "credit_memos"."company_id" is not null and "credit_memos"."settlement" = 'account';--> statement-breakpoint
CREATE INDEX "credit_memo_lines_order_line_id_idx" ON "credit_memo_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idempotency_unique" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_payment_intent_id_idx" ON "sandbox_refunds" USING btree ("payment_intent_id");
