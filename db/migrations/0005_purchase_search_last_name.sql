ALTER TABLE "purchases" drop column "search_text";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(btrim(first_name || ' ' || last_name) || ' ' || email)) STORED;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchase_events_actor_id_idx" ON "purchase_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "purchases_paid_at_idx" ON "purchases" USING btree ("paid_at");--> statement-breakpoint
-- Written by hand: the trigger of 0003_purchase_search_sync also follows a changed last name,
-- and purchase_search takes the new text of every existing order.
DROP TRIGGER purchases_search_sync ON purchases;--> statement-breakpoint
CREATE TRIGGER purchases_search_sync
  AFTER INSERT OR UPDATE OF first_name, last_name, email, status, created_at ON purchases
  FOR EACH ROW EXECUTE FUNCTION purchase_search_sync();--> statement-breakpoint
UPDATE purchase_search ps SET search_text = p.search_text
  FROM purchases p
  WHERE p.id = ps.purchase_id AND ps.search_text IS DISTINCT FROM p.search_text;
