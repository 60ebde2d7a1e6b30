DROP INDEX "parts_low_stock_idx";--> statement-breakpoint
-- Orders change parts.available all day (docs/decisions/022-order-path-and-mail-outbox.md). With no index naming it,
-- such an update is HOT (a new row version on the same page, no index entries) when the page has room: leave a
-- tenth of each page free for them.
ALTER TABLE "parts" SET (fillfactor = 90);
