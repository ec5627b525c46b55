CREATE TYPE "public"."kitchen_application_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
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
ALTER TABLE "cloud_kitchen_products" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_kitchen_products" ADD COLUMN "dietary_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "kitchen_applications" ADD CONSTRAINT "kitchen_applications_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_applications" ADD CONSTRAINT "kitchen_applications_decided_by_profile_id_profiles_id_fk" FOREIGN KEY ("decided_by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_applications" ADD CONSTRAINT "kitchen_applications_cloud_kitchen_id_cloud_kitchens_id_fk" FOREIGN KEY ("cloud_kitchen_id") REFERENCES "public"."cloud_kitchens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_applications_one_pending" ON "kitchen_applications" USING btree ("profile_id") WHERE "kitchen_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "kitchen_applications_status_created_idx" ON "kitchen_applications" USING btree ("status","created_at");