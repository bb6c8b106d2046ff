CREATE TABLE "product_costs" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"cost_kobo" integer NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_costs_cost_non_negative" CHECK ("product_costs"."cost_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_item_costs" (
	"purchase_item_id" uuid PRIMARY KEY NOT NULL,
	"cost_kobo" integer NOT NULL,
	CONSTRAINT "purchase_item_costs_cost_non_negative" CHECK ("purchase_item_costs"."cost_kobo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_costs" ADD CONSTRAINT "product_costs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_costs" ADD CONSTRAINT "product_costs_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_item_costs" ADD CONSTRAINT "purchase_item_costs_purchase_item_id_purchase_items_id_fk" FOREIGN KEY ("purchase_item_id") REFERENCES "public"."purchase_items"("id") ON DELETE cascade ON UPDATE no action;