ALTER TABLE "products" ADD COLUMN "ships_from" date;--> statement-breakpoint
ALTER TABLE "purchase_items" ADD COLUMN "ships_from" date;