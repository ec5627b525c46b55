CREATE TYPE "public"."chat_action" AS ENUM('cancel_order', 'request_refund');--> statement-breakpoint
CREATE TYPE "public"."chat_author" AS ENUM('user', 'assistant', 'agent');--> statement-breakpoint
CREATE TYPE "public"."chat_conversation_status" AS ENUM('assistant', 'escalated', 'with_agent', 'closed');--> statement-breakpoint
CREATE TYPE "public"."chat_action_status" AS ENUM('pending', 'done', 'dropped', 'expired', 'failed');--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_profile_id" uuid NOT NULL,
	"status" "chat_conversation_status" DEFAULT 'assistant' NOT NULL,
	"unhelped_replies" integer DEFAULT 0 NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"escalated_at" timestamp with time zone,
	"agent_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author" "chat_author" NOT NULL,
	"author_profile_id" uuid,
	"content" text NOT NULL,
	"orders" jsonb,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_pending_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"customer_profile_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"action" "chat_action" NOT NULL,
	"amount" integer NOT NULL,
	"status" "chat_action_status" DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "chat_pending_actions_amount_nonnegative" CHECK ("chat_pending_actions"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_customer_profile_id_profiles_id_fk" FOREIGN KEY ("customer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_agent_profile_id_profiles_id_fk" FOREIGN KEY ("agent_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_profile_id_profiles_id_fk" FOREIGN KEY ("author_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_pending_actions" ADD CONSTRAINT "chat_pending_actions_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_pending_actions" ADD CONSTRAINT "chat_pending_actions_customer_profile_id_profiles_id_fk" FOREIGN KEY ("customer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_pending_actions" ADD CONSTRAINT "chat_pending_actions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_one_open_per_customer" ON "chat_conversations" USING btree ("customer_profile_id") WHERE "chat_conversations"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "chat_conversations_queue_idx" ON "chat_conversations" USING btree ("status","escalated_at");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_pending_actions_one_pending" ON "chat_pending_actions" USING btree ("conversation_id") WHERE "chat_pending_actions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "chat_pending_actions_conversation_idx" ON "chat_pending_actions" USING btree ("conversation_id","created_at");