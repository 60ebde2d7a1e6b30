-- Vehicle fitment and My Garage (docs/requirements.md §12, docs/decisions/020-fitment-model.md): application rows
-- per part (ACES-like), a universal flag, OE and interchange numbers (searchable: they join the full-text document,
-- as written and without their breaks), and customers' saved vehicles.
-- The immutable text of a part's interchange numbers for the full-text document: each number with its breaks as
-- spaces (as wordsOf splits names) and again without them ('04465-06090' -> '04465 06090 0446506090').
CREATE FUNCTION "pf_words_of_numbers"("numbers" text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(regexp_replace("number", '[^a-zA-Z0-9 ]+', ' ', 'g') || ' ' || regexp_replace("number", '[^a-zA-Z0-9]+', '', 'g'), ' '), '')
  FROM unnest("numbers") AS "number"
$$;--> statement-breakpoint
CREATE TABLE "garage_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"year" smallint NOT NULL,
	"make_slug" text NOT NULL,
	"model_slug" text NOT NULL,
	"engine" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "part_fitments" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_id" uuid NOT NULL,
	"make_slug" text NOT NULL,
	"model_slug" text NOT NULL,
	"year_from" smallint NOT NULL,
	"year_to" smallint NOT NULL,
	"engine" text,
	"submodel" text,
	"position" text,
	"quantity" smallint DEFAULT 1 NOT NULL,
	"note" text,
	CONSTRAINT "part_fitments_years" CHECK ("part_fitments"."year_from" <= "part_fitments"."year_to"),
	CONSTRAINT "part_fitments_quantity" CHECK ("part_fitments"."quantity" between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "universal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "interchange_numbers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, regexp_replace("parts"."name", '[^a-zA-Z0-9 ]+', ' ', 'g')), 'A') || setweight(to_tsvector('english'::regconfig, regexp_replace("parts"."sku", '[^a-zA-Z0-9 ]+', ' ', 'g')), 'A') || setweight(to_tsvector('english'::regconfig, pf_words_of_numbers("parts"."interchange_numbers")), 'A') || setweight(to_tsvector('english'::regconfig, regexp_replace("parts"."description", '[^a-zA-Z0-9 ]+', ' ', 'g')), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "garage_vehicles" ADD CONSTRAINT "garage_vehicles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_fitments" ADD CONSTRAINT "part_fitments_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "garage_vehicles_unique" ON "garage_vehicles" USING btree ("user_id","year","make_slug","model_slug","engine");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_vehicles_one_active" ON "garage_vehicles" USING btree ("user_id") WHERE "garage_vehicles"."active";--> statement-breakpoint
CREATE INDEX "garage_vehicles_user_idx" ON "garage_vehicles" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "part_fitments_vehicle_idx" ON "part_fitments" USING btree ("make_slug","model_slug","year_from","year_to","part_id");--> statement-breakpoint
CREATE INDEX "part_fitments_part_id_idx" ON "part_fitments" USING btree ("part_id","make_slug","model_slug","year_from");--> statement-breakpoint
CREATE INDEX "parts_search_vector_idx" ON "parts" USING gin ("search_vector");--> statement-breakpoint
-- A part's universal flag and interchange numbers change which lists hold it: catalogue changes (migration 0005).
DROP TRIGGER "parts_notify_on_update" ON "parts";--> statement-breakpoint
CREATE TRIGGER "parts_notify_on_update" AFTER UPDATE OF "name", "description", "sku", "price_cents", "category_id", "make_id", "universal", "interchange_numbers" ON "parts"
  FOR EACH ROW WHEN (
    OLD."name" IS DISTINCT FROM NEW."name" OR OLD."description" IS DISTINCT FROM NEW."description"
    OR OLD."sku" IS DISTINCT FROM NEW."sku" OR OLD."price_cents" IS DISTINCT FROM NEW."price_cents"
    OR OLD."category_id" IS DISTINCT FROM NEW."category_id" OR OLD."make_id" IS DISTINCT FROM NEW."make_id"
    OR OLD."universal" IS DISTINCT FROM NEW."universal" OR OLD."interchange_numbers" IS DISTINCT FROM NEW."interchange_numbers"
  ) EXECUTE FUNCTION "parts_notify_catalog_change"();--> statement-breakpoint
-- Any change to application rows is a catalogue change too: vehicle-filtered lists depend on them.
CREATE TRIGGER "part_fitments_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "part_fitments"
  FOR EACH STATEMENT EXECUTE FUNCTION "parts_notify_catalog_change"();
