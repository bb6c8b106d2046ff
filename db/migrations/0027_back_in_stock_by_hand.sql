ALTER TABLE "stock_alerts" ADD COLUMN "hand_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "told_by" uuid;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_told_by_users_id_fk" FOREIGN KEY ("told_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_alerts_to_tell_idx" ON "stock_alerts" USING btree ("hand_at") WHERE "stock_alerts"."hand_at" is not null and "stock_alerts"."told_at" is null;