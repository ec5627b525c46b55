CREATE TYPE "public"."notification_kind" AS ENUM('order_placed', 'order_confirmed', 'order_out_for_delivery', 'order_delivered', 'refund_decided', 'new_order', 'delivery_offered');--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"order_event_id" bigint NOT NULL,
	"profile_id" uuid NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "notification_deliveries_order_event_id_profile_id_kind_pk" PRIMARY KEY("order_event_id","profile_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notification_opt_outs" (
	"profile_id" uuid NOT NULL,
	"kind" "notification_kind" NOT NULL,
	CONSTRAINT "notification_opt_outs_profile_id_kind_pk" PRIMARY KEY("profile_id","kind")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_opt_outs" ADD CONSTRAINT "notification_opt_outs_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_profile_idx" ON "push_subscriptions" USING btree ("profile_id");