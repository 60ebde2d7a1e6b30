CREATE INDEX "parts_low_stock_idx" ON "parts" USING btree ("available","sku") WHERE "parts"."available" < "parts"."minqty";--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_lines_sku_trgm_idx" ON "order_lines" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_total_cents_idx" ON "orders" USING btree ("total_cents","id");--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_po_number_trgm_idx" ON "orders" USING gin ("po_number" gin_trgm_ops);