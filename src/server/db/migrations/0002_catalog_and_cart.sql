CREATE TYPE "public"."kitchen_type" AS ENUM('home', 'commercial');--> statement-breakpoint
CREATE TYPE "public"."cart_item_type" AS ENUM('product', 'bundle', 'bogo', 'cloud_kitchen');--> statement-breakpoint
CREATE TABLE "cloud_kitchen_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cloud_kitchen_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"menu_section" text DEFAULT 'Mains' NOT NULL,
	"price" integer NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_kitchen_products_price_positive" CHECK ("cloud_kitchen_products"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "meal_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cloud_kitchen_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"meals_per_week" integer NOT NULL,
	"weekly_price" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bogo_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"product_id" uuid NOT NULL,
	"buy_quantity" integer NOT NULL,
	"get_quantity" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bogo_offers_quantities_positive" CHECK ("bogo_offers"."buy_quantity" > 0 and "bogo_offers"."get_quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "bundle_items" (
	"bundle_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bundle_items_bundle_id_product_id_pk" PRIMARY KEY("bundle_id","product_id"),
	CONSTRAINT "bundle_items_quantity_positive" CHECK ("bundle_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT 'ShoppingBasket' NOT NULL,
	"color" text DEFAULT '#16a34a' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"product_id" uuid,
	"subcategory_id" uuid,
	"category_id" uuid,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "discounts_one_scope" CHECK (num_nonnulls("discounts"."product_id", "discounts"."subcategory_id", "discounts"."category_id") = 1),
	CONSTRAINT "discounts_percentage_range" CHECK ("discounts"."percentage" > 0 and "discounts"."percentage" < 100),
	CONSTRAINT "discounts_min_quantity_positive" CHECK ("discounts"."min_quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_bundles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"discounted_price" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_bundles_name_unique" UNIQUE("name"),
	CONSTRAINT "product_bundles_price_positive" CHECK ("product_bundles"."discounted_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"product_images" text[] DEFAULT '{}'::text[] NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" uuid NOT NULL,
	"subcategory_id" uuid,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("products"."name", '')), 'A') || setweight(to_tsvector('english', coalesce("products"."brand", '')), 'B') || setweight(to_tsvector('english', coalesce("products"."short_description", '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subcategories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "warehouse_products" (
	"warehouse_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"price" integer NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 10 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_products_warehouse_id_product_id_pk" PRIMARY KEY("warehouse_id","product_id"),
	CONSTRAINT "warehouse_products_price_positive" CHECK ("warehouse_products"."price" > 0),
	CONSTRAINT "warehouse_products_stock_non_negative" CHECK ("warehouse_products"."stock_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"item_type" "cart_item_type" NOT NULL,
	"product_id" uuid,
	"bundle_id" uuid,
	"bogo_offer_id" uuid,
	"cloud_kitchen_product_id" uuid,
	"warehouse_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"item_ref" uuid GENERATED ALWAYS AS (coalesce(bogo_offer_id, bundle_id, cloud_kitchen_product_id, product_id)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_one_line_per_item" UNIQUE("cart_id","item_type","item_ref"),
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" > 0),
	CONSTRAINT "cart_items_prices_non_negative" CHECK ("cart_items"."unit_price" >= 0 and "cart_items"."original_price" >= 0),
	CONSTRAINT "cart_items_shape" CHECK (case "cart_items"."item_type"
        when 'product' then "cart_items"."product_id" is not null and num_nonnulls("cart_items"."bundle_id", "cart_items"."bogo_offer_id", "cart_items"."cloud_kitchen_product_id") = 0
        when 'bogo' then "cart_items"."bogo_offer_id" is not null and "cart_items"."product_id" is not null and num_nonnulls("cart_items"."bundle_id", "cart_items"."cloud_kitchen_product_id") = 0
        when 'bundle' then "cart_items"."bundle_id" is not null and num_nonnulls("cart_items"."product_id", "cart_items"."bogo_offer_id", "cart_items"."cloud_kitchen_product_id") = 0
        when 'cloud_kitchen' then "cart_items"."cloud_kitchen_product_id" is not null and num_nonnulls("cart_items"."product_id", "cart_items"."bundle_id", "cart_items"."bogo_offer_id") = 0
      end)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_profile_id_unique" UNIQUE("profile_id")
);
--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "kitchen_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "kitchen_type" "kitchen_type" DEFAULT 'home' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "cuisine" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "street_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "zip_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "contact_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "food_safety_certificate" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "prep_time_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "time_zone" text DEFAULT 'America/Chicago' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "is_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "approved" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchen_products" ADD CONSTRAINT "cloud_kitchen_products_cloud_kitchen_id_cloud_kitchens_id_fk" FOREIGN KEY ("cloud_kitchen_id") REFERENCES "public"."cloud_kitchens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plans" ADD CONSTRAINT "meal_plans_cloud_kitchen_id_cloud_kitchens_id_fk" FOREIGN KEY ("cloud_kitchen_id") REFERENCES "public"."cloud_kitchens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bogo_offers" ADD CONSTRAINT "bogo_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_bundle_id_product_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."product_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_products" ADD CONSTRAINT "warehouse_products_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_products" ADD CONSTRAINT "warehouse_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_bundle_id_product_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."product_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_bogo_offer_id_bogo_offers_id_fk" FOREIGN KEY ("bogo_offer_id") REFERENCES "public"."bogo_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cloud_kitchen_product_id_cloud_kitchen_products_id_fk" FOREIGN KEY ("cloud_kitchen_product_id") REFERENCES "public"."cloud_kitchen_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_kitchen_products_kitchen_idx" ON "cloud_kitchen_products" USING btree ("cloud_kitchen_id");--> statement-breakpoint
CREATE INDEX "meal_plans_kitchen_idx" ON "meal_plans" USING btree ("cloud_kitchen_id");--> statement-breakpoint
CREATE INDEX "bogo_offers_product_idx" ON "bogo_offers" USING btree ("product_id","active");--> statement-breakpoint
CREATE INDEX "discounts_product_idx" ON "discounts" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "discounts_subcategory_idx" ON "discounts" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "discounts_category_idx" ON "discounts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_subcategory_idx" ON "products" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subcategories_category_idx" ON "subcategories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "warehouse_products_product_idx" ON "warehouse_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "warehouse_products_active_price_idx" ON "warehouse_products" USING btree ("warehouse_id","active","price");--> statement-breakpoint
CREATE INDEX "cart_items_cart_idx" ON "cart_items" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_one_kitchen_default" ON "warehouses" USING btree ("kitchen_default") WHERE "warehouses"."kitchen_default";--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD CONSTRAINT "cloud_kitchens_prep_time_positive" CHECK ("cloud_kitchens"."prep_time_minutes" > 0);