ALTER TABLE "refunds" ADD COLUMN "transaction_id" text;--> statement-breakpoint
-- every refund made before this went through the order's one transaction (or by hand)
UPDATE "refunds" SET "transaction_id" = coalesce("purchases"."transaction_id", "purchases"."reference") FROM "purchases" WHERE "purchases"."id" = "refunds"."purchase_id" AND "refunds"."provider" <> 'manual';
