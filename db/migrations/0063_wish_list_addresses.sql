ALTER TABLE "purchases" ADD COLUMN "address_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wish_lists" ADD COLUMN "gift_phone" text;--> statement-breakpoint
ALTER TABLE "wish_lists" ADD COLUMN "gift_lga" text;--> statement-breakpoint
ALTER TABLE "wish_lists" ADD COLUMN "gift_street" text;--> statement-breakpoint
ALTER TABLE "wish_lists" ADD COLUMN "gift_city" text;