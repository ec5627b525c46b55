CREATE TABLE "product_popularity" (
	"warehouse_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"rating" real,
	CONSTRAINT "product_popularity_warehouse_id_product_id_pk" PRIMARY KEY("warehouse_id","product_id"),
	CONSTRAINT "product_popularity_something_to_rank" CHECK ("product_popularity"."units" > 0 or "product_popularity"."rating" is not null)
);
--> statement-breakpoint
CREATE TABLE "shelf_counts" (
	"warehouse_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"subcategory_id" uuid,
	"products" integer NOT NULL,
	CONSTRAINT "shelf_counts_shelf_key" UNIQUE NULLS NOT DISTINCT("warehouse_id","category_id","subcategory_id")
);
--> statement-breakpoint
ALTER TABLE "product_popularity" ADD CONSTRAINT "product_popularity_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_popularity" ADD CONSTRAINT "product_popularity_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelf_counts" ADD CONSTRAINT "shelf_counts_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelf_counts" ADD CONSTRAINT "shelf_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelf_counts" ADD CONSTRAINT "shelf_counts_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warehouse_products_shelf_idx" ON "warehouse_products" USING btree ("warehouse_id","product_id") WHERE "warehouse_products"."active";--> statement-breakpoint
-- The shelf counts follow every change to what a warehouse sells: a product put on or taken off a
-- shelf (insert, delete, active), and a product moved to another category or subcategory. Stock
-- changes (every checkout) touch none of these columns and do not fire them.
CREATE OR REPLACE FUNCTION shelf_counts_add(p_warehouse_id uuid, p_category_id uuid, p_subcategory_id uuid, p_delta integer)
RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO shelf_counts AS sc (warehouse_id, category_id, subcategory_id, products)
  VALUES (p_warehouse_id, p_category_id, p_subcategory_id, p_delta)
  ON CONFLICT ON CONSTRAINT shelf_counts_shelf_key DO UPDATE SET products = sc.products + excluded.products
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION warehouse_products_shelf_counts()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  -- A product deleted with its shelves was taken off them by products_shelf_counts_delete: it is
  -- gone by the time the cascade runs, and this finds nothing.
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.active THEN
    PERFORM shelf_counts_add(OLD.warehouse_id, p.category_id, p.subcategory_id, -1) FROM products p WHERE p.id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.active THEN
    PERFORM shelf_counts_add(NEW.warehouse_id, p.category_id, p.subcategory_id, 1) FROM products p WHERE p.id = NEW.product_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER warehouse_products_shelf_counts_insert_delete
AFTER INSERT OR DELETE ON warehouse_products
FOR EACH ROW EXECUTE FUNCTION warehouse_products_shelf_counts();
--> statement-breakpoint
CREATE TRIGGER warehouse_products_shelf_counts_update
AFTER UPDATE OF active, warehouse_id, product_id ON warehouse_products
FOR EACH ROW
WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.warehouse_id IS DISTINCT FROM NEW.warehouse_id OR OLD.product_id IS DISTINCT FROM NEW.product_id)
EXECUTE FUNCTION warehouse_products_shelf_counts();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_shelf_counts()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM shelf_counts_add(wp.warehouse_id, OLD.category_id, OLD.subcategory_id, -1) FROM warehouse_products wp WHERE wp.product_id = OLD.id AND wp.active;
  IF TG_OP = 'UPDATE' THEN
    PERFORM shelf_counts_add(wp.warehouse_id, NEW.category_id, NEW.subcategory_id, 1) FROM warehouse_products wp WHERE wp.product_id = NEW.id AND wp.active;
    RETURN NULL;
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_shelf_counts_update
AFTER UPDATE OF category_id, subcategory_id ON products
FOR EACH ROW
WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.subcategory_id IS DISTINCT FROM NEW.subcategory_id)
EXECUTE FUNCTION products_shelf_counts();
--> statement-breakpoint
CREATE TRIGGER products_shelf_counts_delete
BEFORE DELETE ON products
FOR EACH ROW EXECUTE FUNCTION products_shelf_counts();
--> statement-breakpoint
INSERT INTO shelf_counts (warehouse_id, category_id, subcategory_id, products)
SELECT wp.warehouse_id, p.category_id, p.subcategory_id, count(*)::int
FROM warehouse_products wp JOIN products p ON p.id = wp.product_id
WHERE wp.active
GROUP BY wp.warehouse_id, p.category_id, p.subcategory_id;
