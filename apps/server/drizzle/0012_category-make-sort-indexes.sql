-- Both filters at once, sorted by price or name (docs/decisions/015-catalogue-pages-without-scans.md): an index-only walk
-- instead of reading and sorting every part of the category and make.
CREATE INDEX "parts_category_id_make_id_price_seq_idx" ON "parts" USING btree ("category_id","make_id","price_cents","seq");--> statement-breakpoint
CREATE INDEX "parts_category_id_make_id_name_seq_idx" ON "parts" USING btree ("category_id","make_id","name" collate "C","seq");