-- The stock ledger (docs/requirements.md §13): every change of parts.available writes a stock_movements row, whatever
-- statement made it. The statement's transaction says why with transaction-local settings (db/stock-context.ts):
-- partsforge.stock_reason, partsforge.stock_order_id, partsforge.stock_user_id and partsforge.stock_note. An update
-- without a reason is recorded as an admin adjustment (a change made by hand in the database); an insert writes a
-- row only when a reason is set (an import or an admin's new part), so seeding a catalogue writes none.
CREATE FUNCTION "parts_record_stock_movement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reason text := nullif(current_setting('partsforge.stock_reason', true), '');
  previous integer := CASE WHEN TG_OP = 'UPDATE' THEN OLD."available" ELSE 0 END;
BEGIN
  IF TG_OP = 'INSERT' AND (reason IS NULL OR NEW."available" = 0) THEN
    RETURN NULL;
  END IF;
  INSERT INTO "stock_movements" ("part_id", "change", "level_after", "reason", "order_id", "user_id", "note")
  VALUES (
    NEW."id",
    NEW."available" - previous,
    NEW."available",
    coalesce(reason, 'admin_adjustment'),
    nullif(current_setting('partsforge.stock_order_id', true), '')::uuid,
    nullif(current_setting('partsforge.stock_user_id', true), ''),
    nullif(current_setting('partsforge.stock_note', true), '')
  );
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "parts_stock_movement_on_update" AFTER UPDATE OF "available" ON "parts"
  FOR EACH ROW WHEN (OLD."available" IS DISTINCT FROM NEW."available")
  EXECUTE FUNCTION "parts_record_stock_movement"();--> statement-breakpoint
CREATE TRIGGER "parts_stock_movement_on_insert" AFTER INSERT ON "parts"
  FOR EACH ROW EXECUTE FUNCTION "parts_record_stock_movement"();
