-- Catalogue change notifications (docs/decisions/010-catalogue-result-lists.md). Every statement that adds or
-- removes parts, or changes what a search matches or how results are ordered (name, description, part number,
-- price, category, make), sends NOTIFY on the "partsforge_catalog" channel when its transaction commits, so every
-- server process drops its cached result lists. Stock changes (orders) do not: they do not change any list.
CREATE FUNCTION "parts_notify_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('partsforge_catalog', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "parts_notify_on_insert_delete" AFTER INSERT OR DELETE OR TRUNCATE ON "parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "parts_notify_catalog_change"();--> statement-breakpoint
-- Updates notify only when one of those values really changes (an admin edit that only changes stock, which sets
-- every column, does not); notices with the same channel and payload in one transaction are sent once.
CREATE TRIGGER "parts_notify_on_update" AFTER UPDATE OF "name", "description", "sku", "price_cents", "category_id", "make_id" ON "parts"
  FOR EACH ROW WHEN (
    OLD."name" IS DISTINCT FROM NEW."name" OR OLD."description" IS DISTINCT FROM NEW."description"
    OR OLD."sku" IS DISTINCT FROM NEW."sku" OR OLD."price_cents" IS DISTINCT FROM NEW."price_cents"
    OR OLD."category_id" IS DISTINCT FROM NEW."category_id" OR OLD."make_id" IS DISTINCT FROM NEW."make_id"
  ) EXECUTE FUNCTION "parts_notify_catalog_change"();--> statement-breakpoint
-- The typo dictionary's update trigger (migration 0003) ran for every UPDATE of parts, including each order's
-- stock change. Only a renamed part can bring new words: a row trigger on "name" replaces it (triggers with
-- transition tables cannot name columns; inserts keep the statement-level trigger for bulk seeding).
DROP TRIGGER "parts_search_words_on_update" ON "parts";--> statement-breakpoint
CREATE FUNCTION "parts_collect_renamed_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT "word" FROM regexp_split_to_table(lower(NEW."name"), '[^a-z0-9]+') AS "word"
  WHERE length("word") >= 3 AND "word" !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "parts_search_words_on_rename" AFTER UPDATE OF "name" ON "parts"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "parts_collect_renamed_search_words"();
