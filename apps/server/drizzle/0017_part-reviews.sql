-- Reviews of a part (docs/requirements.md §12, part pages): a review may name the part it is about (null: a shop-wide
-- review, as before) and goes with the part. The index serves one part's reviews newest first, and the shop-wide
-- list (part_id is null) likewise.
ALTER TABLE "reviews" ADD COLUMN "part_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_part_id_created_at_seq_idx" ON "reviews" USING btree ("part_id","created_at","seq");
