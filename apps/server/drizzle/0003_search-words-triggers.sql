-- The search's typo dictionary (docs/decisions/005-catalogue-search.md): every word of 3+ letters or
-- digits (not only digits) of every part name, lower case, split like the search splits queries. Statement-level
-- triggers with transition tables collect the words of each INSERT or UPDATE at once, so bulk seeding stays fast.
CREATE FUNCTION "parts_collect_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT "word"
  FROM "changed_parts", regexp_split_to_table(lower("changed_parts"."name"), '[^a-z0-9]+') AS "word"
  WHERE length("word") >= 3 AND "word" !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "parts_search_words_on_insert" AFTER INSERT ON "parts"
  REFERENCING NEW TABLE AS "changed_parts" FOR EACH STATEMENT EXECUTE FUNCTION "parts_collect_search_words"();--> statement-breakpoint
CREATE TRIGGER "parts_search_words_on_update" AFTER UPDATE ON "parts"
  REFERENCING NEW TABLE AS "changed_parts" FOR EACH STATEMENT EXECUTE FUNCTION "parts_collect_search_words"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT "word" FROM "parts", regexp_split_to_table(lower("parts"."name"), '[^a-z0-9]+') AS "word"
WHERE length("word") >= 3 AND "word" !~ '^[0-9]+$'
ON CONFLICT DO NOTHING;
