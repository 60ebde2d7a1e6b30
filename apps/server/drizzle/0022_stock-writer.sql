-- One stock writer (docs/decisions/023-stock-ledger.md; docs/requirements.md §13 "Stock history"): a change of
-- parts.available by an UPDATE must say why. Migration 0019's trigger recorded an update without a reason as an admin
-- adjustment; it now refuses it, with SQLSTATE PF001 (stock_reason_missing, db/stock-context.ts), so a writer that
-- forgot the stock context (or a change made by hand in the database) fails loudly instead of writing a ledger row
-- that names no one. Stock changes go through the inventory module (modules/inventory/index.ts), which always sets
-- the reason. An INSERT without a reason still writes no movement (seeding a catalogue); with one it records the new
-- part's first stock, as before.
CREATE OR REPLACE FUNCTION "parts_record_stock_movement"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reason text := nullif(current_setting('partsforge.stock_reason', true), '');
  previous integer := CASE WHEN TG_OP = 'UPDATE' THEN OLD."available" ELSE 0 END;
BEGIN
  IF TG_OP = 'INSERT' AND (reason IS NULL OR NEW."available" = 0) THEN
    RETURN NULL;
  END IF;
  IF reason IS NULL THEN
    RAISE EXCEPTION 'stock of part % changed from % to % without a reason', NEW."id", OLD."available", NEW."available"
      USING ERRCODE = 'PF001',
        HINT = 'Change stock through the inventory module (changeStock, setStock), which sets partsforge.stock_reason.';
  END IF;
  INSERT INTO "stock_movements" ("part_id", "change", "level_after", "reason", "order_id", "user_id", "note")
  VALUES (
    NEW."id",
    NEW."available" - previous,
    NEW."available",
    reason,
    nullif(current_setting('partsforge.stock_order_id', true), '')::uuid,
    nullif(current_setting('partsforge.stock_user_id', true), ''),
    nullif(current_setting('partsforge.stock_note', true), '')
  );
  RETURN NULL;
END;
$$;
