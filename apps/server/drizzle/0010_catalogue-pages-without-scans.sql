CREATE TABLE "catalog_page_marks" (
	"scope" text NOT NULL,
	"sort" text NOT NULL,
	"position" integer NOT NULL,
	"price_cents" integer,
	"name" text,
	"seq" bigint NOT NULL,
	CONSTRAINT "catalog_page_marks_scope_sort_position_pk" PRIMARY KEY("scope","sort","position")
);
--> statement-breakpoint
CREATE TABLE "catalog_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"marks_version" bigint DEFAULT -1 NOT NULL,
	CONSTRAINT "catalog_state_one_row" CHECK ("catalog_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "part_counts" (
	"category_id" uuid,
	"make_id" uuid,
	"parts" integer NOT NULL,
	CONSTRAINT "part_counts_category_make_unique" UNIQUE NULLS NOT DISTINCT("category_id","make_id")
);
--> statement-breakpoint
-- Catalogue pages without scans (docs/decisions/015-catalogue-pages-without-scans.md).
-- part_counts: the number of parts of each (category, make) pair, kept exact by the triggers below, so a list's
-- total is a sum over at most a few hundred rows.
INSERT INTO "part_counts" ("category_id", "make_id", "parts")
  SELECT "category_id", "make_id", count(*) FROM "parts" GROUP BY "category_id", "make_id";--> statement-breakpoint
CREATE FUNCTION "parts_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "part_counts" AS "counts" ("category_id", "make_id", "parts")
  SELECT "category_id", "make_id", count(*) FROM "inserted_parts" GROUP BY "category_id", "make_id"
  ON CONFLICT ("category_id", "make_id") DO UPDATE SET "parts" = "counts"."parts" + excluded."parts";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "parts_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "part_counts" AS "counts" SET "parts" = "counts"."parts" - "gone"."parts"
  FROM (SELECT "category_id", "make_id", count(*) AS "parts" FROM "deleted_parts" GROUP BY "category_id", "make_id") AS "gone"
  WHERE "counts"."category_id" IS NOT DISTINCT FROM "gone"."category_id"
    AND "counts"."make_id" IS NOT DISTINCT FROM "gone"."make_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "parts_count_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "part_counts" SET "parts" = "parts" - 1
  WHERE "category_id" IS NOT DISTINCT FROM OLD."category_id" AND "make_id" IS NOT DISTINCT FROM OLD."make_id";
  INSERT INTO "part_counts" AS "counts" ("category_id", "make_id", "parts") VALUES (NEW."category_id", NEW."make_id", 1)
  ON CONFLICT ("category_id", "make_id") DO UPDATE SET "parts" = "counts"."parts" + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "parts_count_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "part_counts";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "parts_count_on_insert" AFTER INSERT ON "parts" REFERENCING NEW TABLE AS "inserted_parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "parts_count_inserted"();--> statement-breakpoint
CREATE TRIGGER "parts_count_on_delete" AFTER DELETE ON "parts" REFERENCING OLD TABLE AS "deleted_parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "parts_count_deleted"();--> statement-breakpoint
CREATE TRIGGER "parts_count_on_move" AFTER UPDATE OF "category_id", "make_id" ON "parts"
  FOR EACH ROW WHEN (OLD."category_id" IS DISTINCT FROM NEW."category_id" OR OLD."make_id" IS DISTINCT FROM NEW."make_id")
  EXECUTE FUNCTION "parts_count_moved"();--> statement-breakpoint
CREATE TRIGGER "parts_count_on_truncate" AFTER TRUNCATE ON "parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "parts_count_truncated"();--> statement-breakpoint
-- catalog_state: the catalogue's version, one more for each transaction that changes the catalogue (the same
-- changes that send the catalogue notice of migration 0005), and the version the page marks were built at.
INSERT INTO "catalog_state" ("id") VALUES (1);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "parts_notify_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('partsforge_catalog', '');
  -- Once per transaction: a row this transaction already updated has it as xmin.
  UPDATE "catalog_state" SET "version" = "version" + 1 WHERE NOT ("xmin" = pg_current_xact_id()::xid);
  RETURN NULL;
END;
$$;
