ALTER TABLE "part_payments" ADD COLUMN "transaction_id" text;--> statement-breakpoint
ALTER TABLE "part_payments" ADD COLUMN "payer_name" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "part" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "payer_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "part_payments_provider_reference_idx" ON "part_payments" USING btree ("reference") WHERE "part_payments"."paid_via" = 'provider';