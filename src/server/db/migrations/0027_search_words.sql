-- The words of the product names, for misspelt searches (ADR 055): a few thousand words to compare a
-- query with instead of every product's name.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- A word is what lies between characters that are neither letters nor digits, as a search splits its
-- query; one letter alone is no word. Ordered, so that imports adding the same new words at once take
-- their locks in the same order.
CREATE OR REPLACE FUNCTION products_add_name_words()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT word FROM named_products, regexp_split_to_table(lower(named_products.name), '[^[:alnum:]]+') word
  WHERE length(word) > 1
  ORDER BY word
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Once per statement: an import of thousands of products adds its words in one insert.
CREATE TRIGGER products_add_name_words_on_insert
AFTER INSERT ON products
REFERENCING NEW TABLE AS named_products
FOR EACH STATEMENT EXECUTE FUNCTION products_add_name_words();
--> statement-breakpoint
CREATE TRIGGER products_add_name_words_on_update
AFTER UPDATE ON products
REFERENCING NEW TABLE AS named_products
FOR EACH STATEMENT EXECUTE FUNCTION products_add_name_words();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT word FROM products, regexp_split_to_table(lower(products.name), '[^[:alnum:]]+') word
WHERE length(word) > 1
ON CONFLICT DO NOTHING;
