ALTER TABLE "order_events" ADD COLUMN "payment_amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "payment_reference" text;