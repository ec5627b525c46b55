ALTER TABLE "discounts" DROP CONSTRAINT "discounts_one_scope";--> statement-breakpoint
ALTER TABLE "bogo_offers" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bogo_offers" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bogo_offers" ADD CONSTRAINT "bogo_offers_window_order" CHECK ("bogo_offers"."starts_at" is null or "bogo_offers"."ends_at" is null or "bogo_offers"."ends_at" > "bogo_offers"."starts_at");--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_at_most_one_scope" CHECK (num_nonnulls("discounts"."product_id", "discounts"."subcategory_id", "discounts"."category_id") <= 1);--> statement-breakpoint
-- The best quantity discount for a product at a quantity: the highest percentage among the active,
-- currently valid discounts on the product, its subcategory, its category or every product (no scope)
-- whose minimum quantity the quantity reaches. Ties go to the narrower scope (product, subcategory,
-- category, then all).
CREATE OR REPLACE FUNCTION get_best_discount_for_product_with_quantity(
  p_product_id uuid,
  p_category_id uuid,
  p_subcategory_id uuid,
  p_quantity integer
)
RETURNS TABLE (discount_id uuid, discount_percentage numeric, scope text, min_quantity integer)
LANGUAGE plpgsql
STABLE
AS $$
BEGIN
  RETURN QUERY
  SELECT d.id,
         d.percentage,
         CASE
           WHEN d.product_id IS NOT NULL THEN 'product'
           WHEN d.subcategory_id IS NOT NULL THEN 'subcategory'
           WHEN d.category_id IS NOT NULL THEN 'category'
           ELSE 'all'
         END,
         d.min_quantity
  FROM discounts d
  WHERE d.active
    AND d.min_quantity <= p_quantity
    AND (d.valid_from IS NULL OR d.valid_from <= now())
    AND (d.valid_until IS NULL OR d.valid_until > now())
    AND (
      (p_product_id IS NOT NULL AND d.product_id = p_product_id)
      OR (p_subcategory_id IS NOT NULL AND d.subcategory_id = p_subcategory_id)
      OR (p_category_id IS NOT NULL AND d.category_id = p_category_id)
      OR (d.product_id IS NULL AND d.subcategory_id IS NULL AND d.category_id IS NULL)
    )
  ORDER BY d.percentage DESC,
           CASE
             WHEN d.product_id IS NOT NULL THEN 0
             WHEN d.subcategory_id IS NOT NULL THEN 1
             WHEN d.category_id IS NOT NULL THEN 2
             ELSE 3
           END,
           d.min_quantity DESC
  LIMIT 1;
END;
$$;
