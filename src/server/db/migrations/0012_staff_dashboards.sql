CREATE TYPE "public"."kitchen_application_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."meal_plan_subscription_status" AS ENUM('active', 'paused', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."line_fulfilment" AS ENUM('as_ordered', 'substituted', 'refunded');--> statement-breakpoint
CREATE TABLE "kitchen_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"status" "kitchen_application_status" DEFAULT 'pending' NOT NULL,
	"business_name" text NOT NULL,
	"kitchen_type" "kitchen_type" NOT NULL,
	"street_address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"contact_phone" text NOT NULL,
	"food_safety_certificate" text NOT NULL,
	"cuisine" text NOT NULL,
	"description" text NOT NULL,
	"rejection_reason" text,
	"decided_by_profile_id" uuid,
	"decided_at" timestamp with time zone,
	"cloud_kitchen_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_plan_deliveries" (
	"subscription_id" uuid NOT NULL,
	"delivery_date" date NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meal_plan_deliveries_subscription_id_delivery_date_pk" PRIMARY KEY("subscription_id","delivery_date")
);
--> statement-breakpoint
CREATE TABLE "meal_plan_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meal_plan_id" uuid NOT NULL,
	"customer_profile_id" uuid NOT NULL,
	"address_id" uuid,
	"status" "meal_plan_subscription_status" DEFAULT 'active' NOT NULL,
	"weekly_price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meal_plan_subscriptions_price_positive" CHECK ("meal_plan_subscriptions"."weekly_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_code_attempts" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cloud_kitchen_products" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchen_products" ADD COLUMN "dietary_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_plans" ADD COLUMN "delivery_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_plans" ADD COLUMN "dish_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_plans" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meal_plans" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_plans" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "fulfilment" "line_fulfilment" DEFAULT 'as_ordered' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unavailable_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_product_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_unit_price" integer;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refunded_amount" integer;--> statement-breakpoint
ALTER TABLE "kitchen_applications" ADD CONSTRAINT "kitchen_applications_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_applications" ADD CONSTRAINT "kitchen_applications_decided_by_profile_id_profiles_id_fk" FOREIGN KEY ("decided_by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_applications" ADD CONSTRAINT "kitchen_applications_cloud_kitchen_id_cloud_kitchens_id_fk" FOREIGN KEY ("cloud_kitchen_id") REFERENCES "public"."cloud_kitchens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plan_deliveries" ADD CONSTRAINT "meal_plan_deliveries_subscription_id_meal_plan_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."meal_plan_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plan_subscriptions" ADD CONSTRAINT "meal_plan_subscriptions_meal_plan_id_meal_plans_id_fk" FOREIGN KEY ("meal_plan_id") REFERENCES "public"."meal_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plan_subscriptions" ADD CONSTRAINT "meal_plan_subscriptions_customer_profile_id_profiles_id_fk" FOREIGN KEY ("customer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plan_subscriptions" ADD CONSTRAINT "meal_plan_subscriptions_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_code_attempts" ADD CONSTRAINT "delivery_code_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_applications_one_pending" ON "kitchen_applications" USING btree ("profile_id") WHERE "kitchen_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "kitchen_applications_status_created_idx" ON "kitchen_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "meal_plan_subscriptions_customer_idx" ON "meal_plan_subscriptions" USING btree ("customer_profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "meal_plan_subscriptions_plan_status_idx" ON "meal_plan_subscriptions" USING btree ("meal_plan_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "meal_plan_subscriptions_one_live" ON "meal_plan_subscriptions" USING btree ("meal_plan_id","customer_profile_id") WHERE "meal_plan_subscriptions"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitute_product_id_products_id_fk" FOREIGN KEY ("substitute_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plans" ADD CONSTRAINT "meal_plans_meals_positive" CHECK ("meal_plans"."meals_per_week" > 0);--> statement-breakpoint
ALTER TABLE "meal_plans" ADD CONSTRAINT "meal_plans_price_positive" CHECK ("meal_plans"."weekly_price" > 0);--> statement-breakpoint
ALTER TABLE "meal_plans" ADD CONSTRAINT "meal_plans_delivery_day" CHECK ("meal_plans"."delivery_day" between 0 and 6);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_unavailable_within_quantity" CHECK ("order_items"."unavailable_quantity" between 0 and "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitute_not_dearer" CHECK ("order_items"."substitute_unit_price" is null or ("order_items"."substitute_unit_price" >= 0 and "order_items"."substitute_unit_price" <= "order_items"."unit_price"));--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_refund_within_request" CHECK ("return_requests"."refunded_amount" is null or ("return_requests"."refunded_amount" > 0 and "return_requests"."refunded_amount" <= "return_requests"."amount"));