-- A GIN index on a uuid and a tsvector together: the warehouse's own matches in one index scan.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
ALTER TABLE "warehouse_products" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
-- The shelf's copies of its product (its name, migration 0025, and now its search vector) are kept
-- by one pair of triggers, which replace the name's own.
DROP TRIGGER warehouse_products_product_name ON warehouse_products;
--> statement-breakpoint
DROP FUNCTION warehouse_products_product_name();
--> statement-breakpoint
DROP TRIGGER products_shelf_product_name ON products;
--> statement-breakpoint
DROP FUNCTION products_shelf_product_name();
--> statement-breakpoint
UPDATE "warehouse_products" wp SET "search_vector" = p."search_vector" FROM "products" p WHERE p."id" = wp."product_id";
--> statement-breakpoint
CREATE INDEX "warehouse_products_shelf_search_idx" ON "warehouse_products" USING gin ("warehouse_id","search_vector") WHERE "warehouse_products"."active";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION warehouse_products_copy_product()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  SELECT p.name, p.search_vector INTO NEW.product_name, NEW.search_vector FROM products p WHERE p.id = NEW.product_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER warehouse_products_copy_product
BEFORE INSERT OR UPDATE OF product_id, product_name, search_vector ON warehouse_products
FOR EACH ROW EXECUTE FUNCTION warehouse_products_copy_product();
--> statement-breakpoint
-- search_vector is generated from the name, brand and short description: it is current by the time
-- an AFTER trigger runs.
CREATE OR REPLACE FUNCTION products_copy_to_shelves()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE warehouse_products SET product_name = NEW.name, search_vector = NEW.search_vector WHERE product_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_copy_to_shelves
AFTER UPDATE OF name, brand, short_description ON products
FOR EACH ROW
WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector OR OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION products_copy_to_shelves();
