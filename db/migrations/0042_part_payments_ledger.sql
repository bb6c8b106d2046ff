CREATE TABLE "part_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"amount_kobo" integer NOT NULL,
	"paid_via" "paid_via" NOT NULL,
	"reference" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "part_payments_amount_positive" CHECK ("part_payments"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "part_payments" ADD CONSTRAINT "part_payments_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_payments" ADD CONSTRAINT "part_payments_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "part_payments_purchase_id_idx" ON "part_payments" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "part_payments_created_at_idx" ON "part_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "part_payments_actor_id_idx" ON "part_payments" USING btree ("actor_id");