-- The stock ledger's update trigger runs once per statement instead of once per row (docs/decisions/023-stock-ledger.md,
-- "Per statement"): a ten-line order changes ten parts' stock in one statement, and the row trigger ran its PL/pgSQL
-- body and its own INSERT ten times (1.06 ms of the order statement's 2.55 ms, auto_explain of the checkout bench).
-- Now one INSERT ... SELECT writes the statement's movements from its transition tables (the parts' rows before and
-- after), for the rows whose `available` changed; an UPDATE that changes stock without a reason is still refused with
-- SQLSTATE PF001 (migration 0022), naming the first such part by id. A transition table cannot go with a column list, so the
-- trigger fires for every UPDATE of parts and finds nothing to record when no stock changed. The INSERT trigger stays
-- per row (migration 0022).
CREATE FUNCTION "parts_record_stock_movements"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reason text := nullif(current_setting('partsforge.stock_reason', true), '');
  unexplained record;
BEGIN
  IF reason IS NULL THEN
    SELECT after."id", before."available" AS "from", after."available" AS "to" INTO unexplained
      FROM "changed_after" AS after JOIN "changed_before" AS before USING ("id")
      WHERE after."available" IS DISTINCT FROM before."available"
      ORDER BY after."id"
      LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'stock of part % changed from % to % without a reason', unexplained."id", unexplained."from",
        unexplained."to"
        USING ERRCODE = 'PF001',
          HINT = 'Change stock through the inventory module (changeStock, setStock), which sets partsforge.stock_reason.';
    END IF;
    RETURN NULL;
  END IF;
  INSERT INTO "stock_movements" ("part_id", "change", "level_after", "reason", "order_id", "user_id", "note")
  SELECT after."id", after."available" - before."available", after."available", reason,
    nullif(current_setting('partsforge.stock_order_id', true), '')::uuid,
    nullif(current_setting('partsforge.stock_user_id', true), ''),
    nullif(current_setting('partsforge.stock_note', true), '')
  FROM "changed_after" AS after JOIN "changed_before" AS before USING ("id")
  WHERE after."available" IS DISTINCT FROM before."available";
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "parts_stock_movement_on_update" ON "parts";--> statement-breakpoint
CREATE TRIGGER "parts_stock_movements_on_update" AFTER UPDATE ON "parts"
  REFERENCING OLD TABLE AS "changed_before" NEW TABLE AS "changed_after"
  FOR EACH STATEMENT EXECUTE FUNCTION "parts_record_stock_movements"();
