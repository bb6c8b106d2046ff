ALTER TABLE "purchases" ADD COLUMN "transfer_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "transfer_sent_kobo" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "transfer_sent_from" text;--> statement-breakpoint
CREATE INDEX "purchases_transfer_sent_idx" ON "purchases" USING btree ("transfer_sent_at") WHERE "purchases"."transfer_sent_at" is not null and "purchases"."paid_at" is null;