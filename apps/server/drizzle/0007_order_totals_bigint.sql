ALTER TABLE "orders" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;