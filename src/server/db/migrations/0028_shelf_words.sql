CREATE TABLE "shelf_words" (
	"warehouse_id" uuid NOT NULL,
	"lexeme" text NOT NULL,
	"name_length" integer NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "shelf_words_warehouse_id_lexeme_name_length_product_id_pk" PRIMARY KEY("warehouse_id","lexeme","name_length","product_id")
);
--> statement-breakpoint
-- The rows of `shelf_words` a shelf stands for while it is active: one per word of its search vector.
CREATE OR REPLACE FUNCTION shelf_words_add(p_warehouse_id uuid, p_product_id uuid, p_name text, p_vector tsvector)
RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO shelf_words (warehouse_id, lexeme, name_length, product_id)
  SELECT p_warehouse_id, lexeme, length(p_name), p_product_id FROM unnest(tsvector_to_array(p_vector)) lexeme
  WHERE p_name IS NOT NULL
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shelf_words_remove(p_warehouse_id uuid, p_product_id uuid, p_name text, p_vector tsvector)
RETURNS void
LANGUAGE sql
AS $$
  DELETE FROM shelf_words
  WHERE warehouse_id = p_warehouse_id AND lexeme = ANY (tsvector_to_array(p_vector)) AND name_length = length(p_name) AND product_id = p_product_id
$$;
--> statement-breakpoint
-- Shelves added or removed: once per statement, so an import of thousands adds their words in one insert.
CREATE OR REPLACE FUNCTION warehouse_products_add_words()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO shelf_words (warehouse_id, lexeme, name_length, product_id)
  SELECT s.warehouse_id, lexeme, length(s.product_name), s.product_id
  FROM added_shelves s, unnest(tsvector_to_array(s.search_vector)) lexeme
  WHERE s.active AND s.product_name IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION warehouse_products_remove_words()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM shelf_words w
  USING removed_shelves s
  WHERE s.active AND w.warehouse_id = s.warehouse_id AND w.lexeme = ANY (tsvector_to_array(s.search_vector))
    AND w.name_length = length(s.product_name) AND w.product_id = s.product_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER warehouse_products_add_words
AFTER INSERT ON warehouse_products
REFERENCING NEW TABLE AS added_shelves
FOR EACH STATEMENT EXECUTE FUNCTION warehouse_products_add_words();
--> statement-breakpoint
CREATE TRIGGER warehouse_products_remove_words
AFTER DELETE ON warehouse_products
REFERENCING OLD TABLE AS removed_shelves
FOR EACH STATEMENT EXECUTE FUNCTION warehouse_products_remove_words();
--> statement-breakpoint
-- A shelf switched on or off, or its product renamed or re-described (products_copy_to_shelves). Stock
-- and price changes (every checkout) change none of these columns and do not fire it.
CREATE OR REPLACE FUNCTION warehouse_products_update_words()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF OLD.active THEN
    PERFORM shelf_words_remove(OLD.warehouse_id, OLD.product_id, OLD.product_name, OLD.search_vector);
  END IF;
  IF NEW.active THEN
    PERFORM shelf_words_add(NEW.warehouse_id, NEW.product_id, NEW.product_name, NEW.search_vector);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER warehouse_products_update_words
AFTER UPDATE OF active, warehouse_id, product_id, product_name, search_vector ON warehouse_products
FOR EACH ROW
WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.warehouse_id IS DISTINCT FROM NEW.warehouse_id OR OLD.product_id IS DISTINCT FROM NEW.product_id
  OR OLD.product_name IS DISTINCT FROM NEW.product_name OR OLD.search_vector IS DISTINCT FROM NEW.search_vector)
EXECUTE FUNCTION warehouse_products_update_words();
--> statement-breakpoint
INSERT INTO shelf_words (warehouse_id, lexeme, name_length, product_id)
SELECT wp.warehouse_id, lexeme, length(wp.product_name), wp.product_id
FROM warehouse_products wp, unnest(tsvector_to_array(wp.search_vector)) lexeme
WHERE wp.active AND wp.product_name IS NOT NULL;
