-- One word-splitting rule for the search (docs/decisions/005-catalogue-search.md): split on every run of
-- characters other than ASCII letters and digits first, then lower-case, as the search column and the queries do,
-- so a non-ASCII letter that lower-cases to an ASCII one (the Kelvin sign, a dotted capital I) is a break everywhere.
CREATE OR REPLACE FUNCTION "parts_collect_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT lower("word")
  FROM "changed_parts", regexp_split_to_table("changed_parts"."name", '[^a-zA-Z0-9]+') AS "word"
  WHERE length("word") >= 3 AND "word" !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "parts_collect_renamed_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT lower("word") FROM regexp_split_to_table(NEW."name", '[^a-zA-Z0-9]+') AS "word"
  WHERE length("word") >= 3 AND "word" !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
