CREATE TABLE "purchase_search" (
	"purchase_id" uuid PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL,
	"status" "purchase_status" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "purchases_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "purchase_search" ADD CONSTRAINT "purchase_search_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_search_text_trgm_idx" ON "purchase_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchase_search_created_at_idx" ON "purchase_search" USING btree ("created_at");