CREATE TYPE "public"."native_push_platform" AS ENUM('android');--> statement-breakpoint
CREATE TABLE "native_push_devices" (
	"token" text PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"platform" "native_push_platform" NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "native_push_devices" ADD CONSTRAINT "native_push_devices_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "native_push_devices_profile_idx" ON "native_push_devices" USING btree ("profile_id");