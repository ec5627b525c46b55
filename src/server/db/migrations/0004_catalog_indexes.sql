DROP INDEX "products_subcategory_idx";--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_subcategory_name_idx" ON "products" USING btree ("subcategory_id","name","id");