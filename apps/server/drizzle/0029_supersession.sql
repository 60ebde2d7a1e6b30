ALTER TABLE "parts" ADD COLUMN "superseded_by_part_id" uuid;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_superseded_by_part_id_parts_id_fk" FOREIGN KEY ("superseded_by_part_id") REFERENCES "public"."parts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parts_superseded_by_part_id_idx" ON "parts" USING btree ("superseded_by_part_id");--> statement-breakpoint
-- A part's successor changes which part a search by its number finds: a catalogue change (migration 0005).
DROP TRIGGER "parts_notify_on_update" ON "parts";--> statement-breakpoint
CREATE TRIGGER "parts_notify_on_update" AFTER UPDATE OF "name", "description", "sku", "price_cents", "category_id", "make_id", "universal", "interchange_numbers", "superseded_by_part_id" ON "parts"
  FOR EACH ROW WHEN (
    OLD."name" IS DISTINCT FROM NEW."name" OR OLD."description" IS DISTINCT FROM NEW."description"
    OR OLD."sku" IS DISTINCT FROM NEW."sku" OR OLD."price_cents" IS DISTINCT FROM NEW."price_cents"
    OR OLD."category_id" IS DISTINCT FROM NEW."category_id" OR OLD."make_id" IS DISTINCT FROM NEW."make_id"
    OR OLD."universal" IS DISTINCT FROM NEW."universal" OR OLD."interchange_numbers" IS DISTINCT FROM NEW."interchange_numbers"
    OR OLD."superseded_by_part_id" IS DISTINCT FROM NEW."superseded_by_part_id"
  ) EXECUTE FUNCTION "parts_notify_catalog_change"();
