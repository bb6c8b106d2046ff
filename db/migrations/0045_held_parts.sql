ALTER TYPE "public"."stray_payment_status" ADD VALUE 'kept';--> statement-breakpoint
ALTER TABLE "stray_payments" ALTER COLUMN "reference" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stray_payments" ADD COLUMN "part_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "stray_payments" ADD COLUMN "given_back_via" "paid_via";--> statement-breakpoint
ALTER TABLE "stray_payments" ADD COLUMN "settled_note" text;--> statement-breakpoint
ALTER TABLE "stray_payments" ADD CONSTRAINT "stray_payments_part_payment_id_part_payments_id_fk" FOREIGN KEY ("part_payment_id") REFERENCES "public"."part_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stray_payments" ADD CONSTRAINT "stray_payments_partPaymentId_unique" UNIQUE("part_payment_id");--> statement-breakpoint
-- a part payment the shop recorded on an order it has cancelled: the shop still holds it, to give back or keep
INSERT INTO "stray_payments" ("purchase_id", "provider", "amount_kobo", "currency", "reason", "part_payment_id", "created_at", "updated_at")
SELECT "part_payments"."purchase_id", 'manual', "part_payments"."amount_kobo", "purchases"."currency", 'held_part', "part_payments"."id", "purchases"."updated_at", "purchases"."updated_at"
FROM "part_payments" INNER JOIN "purchases" ON "purchases"."id" = "part_payments"."purchase_id"
WHERE "purchases"."status" = 'cancelled' AND "purchases"."paid_at" IS NULL AND "part_payments"."paid_via" <> 'provider';
