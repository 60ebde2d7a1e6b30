CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "parts_category_id_idx";--> statement-breakpoint
DROP INDEX "parts_make_id_idx";--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, regexp_replace("parts"."name", '[^a-zA-Z0-9]+', ' ', 'g')), 'A') || setweight(to_tsvector('english'::regconfig, regexp_replace("parts"."sku", '[^a-zA-Z0-9]+', ' ', 'g')), 'A') || setweight(to_tsvector('english'::regconfig, regexp_replace("parts"."description", '[^a-zA-Z0-9]+', ' ', 'g')), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "sku_normalized" text GENERATED ALWAYS AS (lower(regexp_replace("parts"."sku", '[^a-zA-Z0-9]+', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parts_price_seq_idx" ON "parts" USING btree ("price_cents","seq");--> statement-breakpoint
CREATE INDEX "parts_name_seq_idx" ON "parts" USING btree ("name" collate "C","seq");--> statement-breakpoint
CREATE INDEX "parts_category_id_seq_idx" ON "parts" USING btree ("category_id","seq");--> statement-breakpoint
CREATE INDEX "parts_category_id_price_seq_idx" ON "parts" USING btree ("category_id","price_cents","seq");--> statement-breakpoint
CREATE INDEX "parts_category_id_name_seq_idx" ON "parts" USING btree ("category_id","name" collate "C","seq");--> statement-breakpoint
CREATE INDEX "parts_make_id_seq_idx" ON "parts" USING btree ("make_id","seq");--> statement-breakpoint
CREATE INDEX "parts_make_id_price_seq_idx" ON "parts" USING btree ("make_id","price_cents","seq");--> statement-breakpoint
CREATE INDEX "parts_make_id_name_seq_idx" ON "parts" USING btree ("make_id","name" collate "C","seq");--> statement-breakpoint
CREATE INDEX "parts_search_vector_idx" ON "parts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "parts_sku_normalized_trgm_idx" ON "parts" USING gin ("sku_normalized" gin_trgm_ops);