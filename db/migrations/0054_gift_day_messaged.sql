ALTER TABLE "purchases" ADD COLUMN "gift_day_messaged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "gift_day_messaged_by" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_gift_day_messaged_by_users_id_fk" FOREIGN KEY ("gift_day_messaged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_gift_day_messaged_by_idx" ON "purchases" USING btree ("gift_day_messaged_by") WHERE "purchases"."gift_day_messaged_by" is not null;