ALTER TABLE "stock_alerts" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "phone" text;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting_phone_idx" ON "stock_alerts" USING btree ("product_id","phone") WHERE "stock_alerts"."notified_at" is null and "stock_alerts"."phone" is not null;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_one_way" CHECK (("stock_alerts"."email" is null) <> ("stock_alerts"."phone" is null));