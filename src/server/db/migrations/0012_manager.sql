CREATE TYPE "public"."line_fulfilment" AS ENUM('as_ordered', 'substituted', 'refunded');--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "fulfilment" "line_fulfilment" DEFAULT 'as_ordered' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unavailable_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_product_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_unit_price" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitute_product_id_products_id_fk" FOREIGN KEY ("substitute_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_unavailable_within_quantity" CHECK ("order_items"."unavailable_quantity" between 0 and "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitute_not_dearer" CHECK ("order_items"."substitute_unit_price" is null or ("order_items"."substitute_unit_price" >= 0 and "order_items"."substitute_unit_price" <= "order_items"."unit_price"));