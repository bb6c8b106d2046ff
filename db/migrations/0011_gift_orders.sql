ALTER TABLE "purchases" ADD COLUMN "is_gift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "recipient_phone" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "recipient_email" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "gift_message" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "anonymous_sender" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "hide_prices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "surprise_mode" boolean DEFAULT false NOT NULL;