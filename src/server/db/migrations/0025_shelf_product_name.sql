ALTER TABLE "warehouse_products" ADD COLUMN "product_name" text;--> statement-breakpoint
CREATE INDEX "warehouse_products_shelf_name_idx" ON "warehouse_products" USING btree ("warehouse_id","product_name","product_id") WHERE "warehouse_products"."active";--> statement-breakpoint
-- A shelf carries its product's name so that one warehouse's shelf can be read in name order along
-- warehouse_products_shelf_name_idx alone. The database keeps it: a shelf takes the name of its
-- product when it is written, and a renamed product renames its shelves.
UPDATE "warehouse_products" wp SET "product_name" = p."name" FROM "products" p WHERE p."id" = wp."product_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION warehouse_products_product_name()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  SELECT p.name INTO NEW.product_name FROM products p WHERE p.id = NEW.product_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER warehouse_products_product_name
BEFORE INSERT OR UPDATE OF product_id, product_name ON warehouse_products
FOR EACH ROW EXECUTE FUNCTION warehouse_products_product_name();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_shelf_product_name()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE warehouse_products SET product_name = NEW.name WHERE product_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_shelf_product_name
AFTER UPDATE OF name ON products
FOR EACH ROW
WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION products_shelf_product_name();
