ALTER TABLE "purchases" ADD COLUMN "gift_remind_on" date;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "gift_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "purchases_gift_remind_on_idx" ON "purchases" USING btree ("gift_remind_on") WHERE "purchases"."gift_remind_on" is not null and "purchases"."gift_reminded_at" is null;