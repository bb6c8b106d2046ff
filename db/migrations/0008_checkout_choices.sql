CREATE TYPE "public"."discount_kind" AS ENUM('fixed', 'percent', 'free_delivery');--> statement-breakpoint
CREATE TYPE "public"."redemption_status" AS ENUM('held', 'used', 'released');--> statement-breakpoint
CREATE TYPE "public"."order_source" AS ENUM('web', 'instagram', 'whatsapp', 'walk_in', 'event', 'other');--> statement-breakpoint
CREATE TYPE "public"."paid_via" AS ENUM('provider', 'transfer', 'cash', 'pos');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('online', 'transfer', 'pod', 'pay_link', 'manual');--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" "discount_kind" NOT NULL,
	"amount_kobo" integer,
	"percent" integer,
	"min_order_kobo" integer DEFAULT 0 NOT NULL,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"paused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_amount_non_negative" CHECK ("discount_codes"."amount_kobo" >= 0),
	CONSTRAINT "discount_codes_percent_range" CHECK ("discount_codes"."percent" between 1 and 100),
	CONSTRAINT "discount_codes_min_non_negative" CHECK ("discount_codes"."min_order_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_id" uuid NOT NULL,
	"purchase_id" uuid NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"status" "redemption_status" DEFAULT 'held' NOT NULL,
	"discount_kobo" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_purchaseId_unique" UNIQUE("purchase_id")
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"amount_kobo" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "payment_method" "payment_method" DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "paid_via" "paid_via";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "paid_amount_kobo" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "payment_note" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "code_discount_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "order_note" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "save_details" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "whatsapp_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "source" "order_source" DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "reminder_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_lower_idx" ON "discount_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "discount_codes_created_at_idx" ON "discount_codes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_status_idx" ON "discount_redemptions" USING btree ("code_id","status");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_email_idx" ON "discount_redemptions" USING btree ("code_id","email");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_phone_idx" ON "discount_redemptions" USING btree ("code_id","phone");--> statement-breakpoint
CREATE INDEX "payment_attempts_purchase_id_idx" ON "payment_attempts" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "purchases_phone_idx" ON "purchases" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "purchases_guest_email_idx" ON "purchases" USING btree (lower("email")) WHERE "purchases"."user_id" is null;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_code_discount_non_negative" CHECK ("purchases"."code_discount_kobo" >= 0);--> statement-breakpoint
-- every order placed so far was paid (if at all) online with its one reference
INSERT INTO "payment_attempts" ("purchase_id", "reference", "provider", "amount_kobo", "created_at")
  SELECT "id", "reference", "payment_provider", "total_kobo", "created_at" FROM "purchases";--> statement-breakpoint
UPDATE "purchases" SET "paid_via" = 'provider', "paid_amount_kobo" = "total_kobo" WHERE "paid_at" IS NOT NULL;
