CREATE TABLE "expense_repeats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day_of_month" smallint NOT NULL,
	"amount_kobo" integer NOT NULL,
	"kind" "expense_kind" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"last_month" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "expense_repeats_amount_positive" CHECK ("expense_repeats"."amount_kobo" > 0),
	CONSTRAINT "expense_repeats_day" CHECK ("expense_repeats"."day_of_month" between 1 and 31)
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "repeat_id" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "repeat_month" text;--> statement-breakpoint
ALTER TABLE "expense_repeats" ADD CONSTRAINT "expense_repeats_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_repeats_running_idx" ON "expense_repeats" USING btree ("last_month") WHERE "expense_repeats"."stopped_at" is null;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_repeat_id_expense_repeats_id_fk" FOREIGN KEY ("repeat_id") REFERENCES "public"."expense_repeats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_repeat_month_idx" ON "expenses" USING btree ("repeat_id","repeat_month");