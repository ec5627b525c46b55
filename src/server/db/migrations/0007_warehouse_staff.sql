CREATE TYPE "public"."warehouse_staff_role" AS ENUM('manager', 'driver');--> statement-breakpoint
CREATE TABLE "warehouse_staff" (
	"profile_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"role" "warehouse_staff_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_staff_profile_id_warehouse_id_pk" PRIMARY KEY("profile_id","warehouse_id")
);
--> statement-breakpoint
ALTER TABLE "warehouse_staff" ADD CONSTRAINT "warehouse_staff_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_staff" ADD CONSTRAINT "warehouse_staff_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warehouse_staff_warehouse_idx" ON "warehouse_staff" USING btree ("warehouse_id","role");