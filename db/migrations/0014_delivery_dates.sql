CREATE TYPE "public"."delivery_date_mode" AS ENUM('off', 'optional', 'required');--> statement-breakpoint
CREATE TYPE "public"."delivery_day_kind" AS ENUM('blackout', 'peak');--> statement-breakpoint
CREATE TABLE "delivery_days" (
	"day" date PRIMARY KEY NOT NULL,
	"kind" "delivery_day_kind" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"capacity" integer,
	"fee_kobo" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_days_capacity_positive" CHECK ("delivery_days"."capacity" >= 1),
	CONSTRAINT "delivery_days_fee_non_negative" CHECK ("delivery_days"."fee_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rate_id" uuid NOT NULL,
	"day" date NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_slots_booked_non_negative" CHECK ("delivery_slots"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"start_hour" integer NOT NULL,
	"end_hour" integer NOT NULL,
	"surcharge_kobo" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_windows_hours_range" CHECK ("delivery_windows"."start_hour" >= 0 and "delivery_windows"."end_hour" <= 24 and "delivery_windows"."start_hour" < "delivery_windows"."end_hour"),
	CONSTRAINT "delivery_windows_surcharge_non_negative" CHECK ("delivery_windows"."surcharge_kobo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD COLUMN "date_mode" "delivery_date_mode" DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD COLUMN "lead_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD COLUMN "cutoff_hour" integer;--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD COLUMN "daily_capacity" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "delivery_window" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "delivery_slot_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "delivery_slot_fee_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_slots" ADD CONSTRAINT "delivery_slots_rate_id_delivery_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."delivery_rates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_slots_rate_day_idx" ON "delivery_slots" USING btree ("rate_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_windows_hours_idx" ON "delivery_windows" USING btree ("start_hour","end_hour");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_delivery_slot_id_delivery_slots_id_fk" FOREIGN KEY ("delivery_slot_id") REFERENCES "public"."delivery_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_delivery_date_idx" ON "purchases" USING btree ("delivery_date") WHERE "purchases"."delivery_date" is not null;--> statement-breakpoint
CREATE INDEX "purchases_delivery_slot_id_idx" ON "purchases" USING btree ("delivery_slot_id");--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD CONSTRAINT "delivery_rates_lead_days_range" CHECK ("delivery_rates"."lead_days" between 0 and 60);--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD CONSTRAINT "delivery_rates_cutoff_hour_range" CHECK ("delivery_rates"."cutoff_hour" between 1 and 23);--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD CONSTRAINT "delivery_rates_daily_capacity_positive" CHECK ("delivery_rates"."daily_capacity" >= 1);