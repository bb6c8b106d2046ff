ALTER TABLE "purchases" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_recorded_by_idx" ON "purchases" USING btree ("recorded_by");--> statement-breakpoint
UPDATE "purchases" AS p SET "recorded_by" = (SELECT e."actor_id" FROM "purchase_events" AS e WHERE e."purchase_id" = p."id" ORDER BY e."created_at", e."id" LIMIT 1) WHERE p."source" <> 'web';
