CREATE TYPE "public"."support_ticket_status" AS ENUM('open', 'resolved');--> statement-breakpoint
CREATE TYPE "public"."support_ticket_topic" AS ENUM('order', 'delivery', 'returns', 'payments', 'account', 'kitchens', 'other');--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text DEFAULT ('T-' || upper(substr(md5(gen_random_uuid()::text), 1, 8))) NOT NULL,
	"profile_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"order_number" text DEFAULT '' NOT NULL,
	"topic" "support_ticket_topic" NOT NULL,
	"message" text NOT NULL,
	"status" "support_ticket_status" DEFAULT 'open' NOT NULL,
	"sender_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_profile_id" uuid
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_resolved_by_profile_id_profiles_id_fk" FOREIGN KEY ("resolved_by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_reference_idx" ON "support_tickets" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_sender_idx" ON "support_tickets" USING btree ("sender_key","created_at");