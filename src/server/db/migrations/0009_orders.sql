CREATE TYPE "public"."actor_kind" AS ENUM('customer', 'admin', 'manager', 'driver', 'cloud_kitchen', 'support', 'system');--> statement-breakpoint
CREATE TYPE "public"."order_item_type" AS ENUM('product', 'bundle', 'bogo', 'cloud_kitchen');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('placed', 'confirmed', 'processing', 'ready', 'out_for_delivery', 'delivered', 'cancelled', 'refund_requested', 'refunded', 'refund_rejected');--> statement-breakpoint
CREATE TYPE "public"."order_type" AS ENUM('grocery', 'cloud_kitchen');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('cash_on_delivery', 'card');--> statement-breakpoint
CREATE TYPE "public"."substitution_preference" AS ENUM('replace', 'contact', 'refund');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('none', 'stripe');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('due_on_delivery', 'pending', 'paid', 'failed', 'refunded', 'partially_refunded', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."refund_kind" AS ENUM('full', 'partial', 'line', 'goodwill');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."return_request_status" AS ENUM('requested', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "driver_positions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"driver_profile_id" uuid NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"status" "order_status" NOT NULL,
	"actor_kind" "actor_kind" NOT NULL,
	"actor_profile_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"item_type" "order_item_type" NOT NULL,
	"product_id" uuid,
	"bundle_id" uuid,
	"bogo_offer_id" uuid,
	"cloud_kitchen_product_id" uuid,
	"name" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"image" text,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"substitution" "substitution_preference",
	CONSTRAINT "order_items_quantity_positive" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_prices_non_negative" CHECK ("order_items"."unit_price" >= 0 and "order_items"."original_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"customer_profile_id" uuid NOT NULL,
	"type" "order_type" NOT NULL,
	"status" "order_status" DEFAULT 'placed' NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"cloud_kitchen_id" uuid,
	"driver_profile_id" uuid,
	"address_id" uuid,
	"address_label" text DEFAULT '' NOT NULL,
	"street_address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"distance_miles" double precision,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"estimated_delivery_at" timestamp with time zone NOT NULL,
	"booked_slot_start" timestamp with time zone,
	"subtotal" integer NOT NULL,
	"discount_savings" integer DEFAULT 0 NOT NULL,
	"bundle_savings" integer DEFAULT 0 NOT NULL,
	"deal_savings" integer DEFAULT 0 NOT NULL,
	"service_fee" integer NOT NULL,
	"delivery_fee" integer NOT NULL,
	"tax_amount" integer NOT NULL,
	"tip" integer DEFAULT 0 NOT NULL,
	"total_amount" integer NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"driver_notes" text DEFAULT '' NOT NULL,
	"delivery_code" text NOT NULL,
	"proof_of_delivery_note" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_digest" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "orders_kitchen_matches_type" CHECK (("orders"."type" = 'cloud_kitchen') = ("orders"."cloud_kitchen_id" is not null)),
	CONSTRAINT "orders_window_pair" CHECK (("orders"."window_start" is null) = ("orders"."window_end" is null)),
	CONSTRAINT "orders_amounts_non_negative" CHECK ("orders"."subtotal" >= 0 and "orders"."service_fee" >= 0 and "orders"."delivery_fee" >= 0 and "orders"."tax_amount" >= 0 and "orders"."tip" >= 0 and "orders"."total_amount" >= 0),
	CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_amount" = "orders"."subtotal" + "orders"."service_fee" + "orders"."delivery_fee" + "orders"."tax_amount" + "orders"."tip"),
	CONSTRAINT "orders_delivery_code_digits" CHECK ("orders"."delivery_code" ~ '^[0-9]{4}$'),
	CONSTRAINT "orders_driver_when_out" CHECK ("orders"."status" not in ('out_for_delivery', 'delivered', 'refund_requested', 'refunded', 'refund_rejected') or "orders"."driver_profile_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "slot_bookings" (
	"resource_id" uuid NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "slot_bookings_resource_id_slot_start_pk" PRIMARY KEY("resource_id","slot_start"),
	CONSTRAINT "slot_bookings_booked_non_negative" CHECK ("slot_bookings"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"method" "payment_method" NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_ref" text,
	"client_secret" text,
	"amount" integer NOT NULL,
	"status" "payment_status" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "payments_provider_ref_unique" UNIQUE("provider_ref"),
	CONSTRAINT "payments_amount_non_negative" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"kind" "refund_kind" NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"actor_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_photos" (
	"return_request_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_profile_id" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"status" "return_request_status" DEFAULT 'requested' NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"decided_by_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "return_requests_amount_positive" CHECK ("return_requests"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"product_id" uuid,
	"cloud_kitchen_product_id" uuid,
	"order_id" uuid,
	"stars" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "ratings_one_item" CHECK (num_nonnulls("ratings"."product_id", "ratings"."cloud_kitchen_product_id") = 1),
	CONSTRAINT "ratings_stars_range" CHECK ("ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "window_capacity" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "pick_time_minutes" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "time_zone" text DEFAULT 'America/Chicago' NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD COLUMN "orders_per_hour" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_driver_profile_id_profiles_id_fk" FOREIGN KEY ("driver_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_profile_id_profiles_id_fk" FOREIGN KEY ("actor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_bundle_id_product_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."product_bundles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_bogo_offer_id_bogo_offers_id_fk" FOREIGN KEY ("bogo_offer_id") REFERENCES "public"."bogo_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_cloud_kitchen_product_id_cloud_kitchen_products_id_fk" FOREIGN KEY ("cloud_kitchen_product_id") REFERENCES "public"."cloud_kitchen_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_profile_id_profiles_id_fk" FOREIGN KEY ("customer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cloud_kitchen_id_cloud_kitchens_id_fk" FOREIGN KEY ("cloud_kitchen_id") REFERENCES "public"."cloud_kitchens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_driver_profile_id_profiles_id_fk" FOREIGN KEY ("driver_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_profile_id_profiles_id_fk" FOREIGN KEY ("actor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_customer_profile_id_profiles_id_fk" FOREIGN KEY ("customer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_decided_by_profile_id_profiles_id_fk" FOREIGN KEY ("decided_by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_cloud_kitchen_product_id_cloud_kitchen_products_id_fk" FOREIGN KEY ("cloud_kitchen_product_id") REFERENCES "public"."cloud_kitchen_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency" ON "orders" USING btree ("customer_profile_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_customer_placed_idx" ON "orders" USING btree ("customer_profile_id","placed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_warehouse_status_idx" ON "orders" USING btree ("warehouse_id","status");--> statement-breakpoint
CREATE INDEX "orders_kitchen_status_idx" ON "orders" USING btree ("cloud_kitchen_id","status");--> statement-breakpoint
CREATE INDEX "orders_driver_status_idx" ON "orders" USING btree ("driver_profile_id","status");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_one_per_product" ON "ratings" USING btree ("profile_id","product_id") WHERE "ratings"."product_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_one_per_dish" ON "ratings" USING btree ("profile_id","cloud_kitchen_product_id") WHERE "ratings"."cloud_kitchen_product_id" is not null;--> statement-breakpoint
CREATE INDEX "ratings_product_idx" ON "ratings" USING btree ("product_id","updated_at");--> statement-breakpoint
CREATE INDEX "ratings_dish_idx" ON "ratings" USING btree ("cloud_kitchen_product_id","updated_at");--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_window_capacity_non_negative" CHECK ("warehouses"."window_capacity" >= 0);--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_pick_time_positive" CHECK ("warehouses"."pick_time_minutes" > 0);--> statement-breakpoint
ALTER TABLE "cloud_kitchens" ADD CONSTRAINT "cloud_kitchens_orders_per_hour_non_negative" CHECK ("cloud_kitchens"."orders_per_hour" >= 0);