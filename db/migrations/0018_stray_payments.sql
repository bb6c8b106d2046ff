-- A payment the provider took that its order could not take is kept as a row of its own
-- (modules/orders/stray-payments.server.ts), refundable by its own transaction; until now it
-- was only a note on the order's timeline.
CREATE TYPE "public"."stray_payment_status" AS ENUM('refund_needed', 'refund_pending', 'refunded');--> statement-breakpoint
CREATE TABLE "stray_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"transaction_id" text,
	"amount_kobo" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" "stray_payment_status" DEFAULT 'refund_needed' NOT NULL,
	"refund_reference" text,
	"provider_refund_id" text,
	"actor_id" uuid,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stray_payments_refundReference_unique" UNIQUE("refund_reference"),
	CONSTRAINT "stray_payments_providerRefundId_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "stray_payments_amount_positive" CHECK ("stray_payments"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "stray_payments" ADD CONSTRAINT "stray_payments_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stray_payments" ADD CONSTRAINT "stray_payments_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stray_payments_purchase_id_idx" ON "stray_payments" USING btree ("purchase_id");