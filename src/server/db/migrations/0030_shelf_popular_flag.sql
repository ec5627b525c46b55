DROP INDEX "warehouse_products_shelf_name_idx";--> statement-breakpoint
ALTER TABLE "warehouse_products" ADD COLUMN "popular" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE warehouse_products wp SET popular = true
FROM product_popularity pop
WHERE pop.warehouse_id = wp.warehouse_id AND pop.product_id = wp.product_id;--> statement-breakpoint
CREATE INDEX "warehouse_products_popular_shelf_idx" ON "warehouse_products" USING btree ("warehouse_id","product_id") WHERE "warehouse_products"."active" and "warehouse_products"."popular";--> statement-breakpoint
CREATE INDEX "warehouse_products_unpopular_shelf_name_idx" ON "warehouse_products" USING btree ("warehouse_id","product_name","product_id") WHERE "warehouse_products"."active" and not "warehouse_products"."popular";--> statement-breakpoint
-- A shelf's `popular` says whether its product has a `product_popularity` row for that warehouse,
-- whichever of the two tables changes: a popularity row added or removed marks its shelf (once per
-- statement, so a refresh of hundreds is one update), and a shelf added reads it.
CREATE OR REPLACE FUNCTION product_popularity_mark_shelves()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE warehouse_products wp SET popular = true
    FROM added_popularity a
    WHERE wp.warehouse_id = a.warehouse_id AND wp.product_id = a.product_id AND NOT wp.popular;
  ELSE
    UPDATE warehouse_products wp SET popular = false
    FROM removed_popularity r
    WHERE wp.warehouse_id = r.warehouse_id AND wp.product_id = r.product_id AND wp.popular;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_popularity_added
AFTER INSERT ON product_popularity
REFERENCING NEW TABLE AS added_popularity
FOR EACH STATEMENT EXECUTE FUNCTION product_popularity_mark_shelves();
--> statement-breakpoint
CREATE TRIGGER product_popularity_removed
AFTER DELETE ON product_popularity
REFERENCING OLD TABLE AS removed_popularity
FOR EACH STATEMENT EXECUTE FUNCTION product_popularity_mark_shelves();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION warehouse_products_read_popular()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.popular := EXISTS (SELECT 1 FROM product_popularity pop WHERE pop.warehouse_id = NEW.warehouse_id AND pop.product_id = NEW.product_id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER warehouse_products_read_popular
BEFORE INSERT OR UPDATE OF warehouse_id, product_id, popular ON warehouse_products
FOR EACH ROW EXECUTE FUNCTION warehouse_products_read_popular();
