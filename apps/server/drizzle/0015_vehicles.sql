-- Vehicles (docs/requirements.md §12, docs/decisions/019): year, make, model and engine from NHTSA vPIC data,
-- filled at seeding.
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"make_slug" text NOT NULL,
	"make" text NOT NULL,
	"model_slug" text NOT NULL,
	"model" text NOT NULL,
	"engine" text NOT NULL,
	CONSTRAINT "vehicles_year_range" CHECK ("vehicles"."year" between 1900 and 2100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_unique" ON "vehicles" USING btree ("year","make_slug","model_slug","engine");--> statement-breakpoint
CREATE INDEX "vehicles_make_model_idx" ON "vehicles" USING btree ("make_slug","model_slug","year");