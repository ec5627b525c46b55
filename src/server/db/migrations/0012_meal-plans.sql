CREATE TYPE "public"."meal_plan_subscription_status" AS ENUM('active', 'paused', 'cancelled');--> statement-breakpoint
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
ALTER TABLE "meal_plans" ADD COLUMN "delivery_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_plans" ADD COLUMN "dish_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_plans" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meal_plans" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_plans" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_plan_deliveries" ADD CONSTRAINT "meal_plan_deliveries_subscription_id_meal_plan_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."meal_plan_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plan_subscriptions" ADD CONSTRAINT "meal_plan_subscriptions_meal_plan_id_meal_plans_id_fk" FOREIGN KEY ("meal_plan_id") REFERENCES "public"."meal_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plan_subscriptions" ADD CONSTRAINT "meal_plan_subscriptions_customer_profile_id_profiles_id_fk" FOREIGN KEY ("customer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plan_subscriptions" ADD CONSTRAINT "meal_plan_subscriptions_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meal_plan_subscriptions_customer_idx" ON "meal_plan_subscriptions" USING btree ("customer_profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "meal_plan_subscriptions_plan_status_idx" ON "meal_plan_subscriptions" USING btree ("meal_plan_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "meal_plan_subscriptions_one_live" ON "meal_plan_subscriptions" USING btree ("meal_plan_id","customer_profile_id") WHERE "meal_plan_subscriptions"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "meal_plans" ADD CONSTRAINT "meal_plans_meals_positive" CHECK ("meal_plans"."meals_per_week" > 0);--> statement-breakpoint
ALTER TABLE "meal_plans" ADD CONSTRAINT "meal_plans_price_positive" CHECK ("meal_plans"."weekly_price" > 0);--> statement-breakpoint
ALTER TABLE "meal_plans" ADD CONSTRAINT "meal_plans_delivery_day" CHECK ("meal_plans"."delivery_day" between 0 and 6);