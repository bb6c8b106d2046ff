-- The back office finds a gift by its recipient's name or number too (docs/product.md,
-- /purchasetable; docs/decisions/0016-gift-orders.md). The trigger of 0016 also follows a changed
-- recipient, and purchase_search takes the new text of every existing gift (other orders' text is
-- unchanged: they have no recipient). Like 0016, the column's change rewrites purchases: about 5 s
-- at start for 100,000 orders (writes to it wait); on a large shop, run VACUUM ANALYZE purchases
-- once after the deploy, so the lists without a search read their indexes alone again.
ALTER TABLE "purchases" drop column "search_text";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(btrim(first_name || ' ' || last_name) || ' ' || email || ' ' || phone || coalesce(' ' || recipient_name, '') || coalesce(' ' || recipient_phone, ''))) STORED;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers):
DROP TRIGGER purchases_search_sync ON purchases;--> statement-breakpoint
CREATE TRIGGER purchases_search_sync
  AFTER INSERT OR UPDATE OF first_name, last_name, email, phone, recipient_name, recipient_phone, status, created_at ON purchases
  FOR EACH ROW EXECUTE FUNCTION purchase_search_sync();--> statement-breakpoint
UPDATE purchase_search ps SET search_text = p.search_text
  FROM purchases p
  WHERE p.id = ps.purchase_id AND ps.search_text IS DISTINCT FROM p.search_text;
