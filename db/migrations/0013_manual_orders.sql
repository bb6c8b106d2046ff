ALTER TABLE "purchases" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "tax_number" text;--> statement-breakpoint
CREATE INDEX "purchases_source_idx" ON "purchases" USING btree ("source","created_at");