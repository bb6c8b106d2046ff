ALTER TABLE "products" ADD COLUMN "units_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_units_sold_idx" ON "products" USING btree ("units_sold" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
-- Written by hand (drizzle-kit does not model functions or triggers): a product's units sold, the
-- best-seller order (docs/product.md §2), follow every order that starts or stops counting as sold
-- and every line added to, changed in or removed from such an order, in the same transaction.
-- Sold means paid and standing: paid_at set and a status of PAID_STATUSES
-- (modules/orders/statuses.ts; tests/api/units-sold.test.ts holds the two together). Each change
-- adds or takes away its own units (units_sold + n), so payments of the same product at the same
-- moment wait for each other's row and none is lost, and an order's products are taken in id order
-- so two payments never lock each other.
CREATE FUNCTION purchase_counts_as_sold(status purchase_status, paid_at timestamptz) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
  SELECT paid_at IS NOT NULL AND status IN ('completed', 'processing', 'shipped', 'delivered');
$$;
--> statement-breakpoint
CREATE FUNCTION products_units_sold_add(purchase uuid, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE line record;
BEGIN
  FOR line IN
    SELECT product_id, sum(quantity)::int AS units FROM purchase_items
    WHERE purchase_id = purchase AND product_id IS NOT NULL
    GROUP BY product_id ORDER BY product_id
  LOOP
    UPDATE products SET units_sold = units_sold + sign * line.units WHERE id = line.product_id;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION purchases_units_sold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- before the order goes (its lines still there): its units stop counting
    IF purchase_counts_as_sold(OLD.status, OLD.paid_at) THEN PERFORM products_units_sold_add(OLD.id, -1); END IF;
    RETURN OLD;
  END IF;
  IF purchase_counts_as_sold(OLD.status, OLD.paid_at) AND NOT purchase_counts_as_sold(NEW.status, NEW.paid_at) THEN
    PERFORM products_units_sold_add(NEW.id, -1);
  ELSIF purchase_counts_as_sold(NEW.status, NEW.paid_at) AND NOT purchase_counts_as_sold(OLD.status, OLD.paid_at) THEN
    PERFORM products_units_sold_add(NEW.id, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER purchases_units_sold_changed AFTER UPDATE OF status, paid_at ON purchases
  FOR EACH ROW EXECUTE FUNCTION purchases_units_sold();
--> statement-breakpoint
CREATE TRIGGER purchases_units_sold_deleted BEFORE DELETE ON purchases
  FOR EACH ROW EXECUTE FUNCTION purchases_units_sold();
--> statement-breakpoint
CREATE FUNCTION purchase_items_units_sold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a line of an order that counts as sold; when the order itself is being deleted, it is no
  -- longer there and its units were taken away already (purchases_units_sold_deleted)
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.product_id IS NOT NULL
     AND EXISTS (SELECT 1 FROM purchases o WHERE o.id = OLD.purchase_id AND purchase_counts_as_sold(o.status, o.paid_at)) THEN
    UPDATE products SET units_sold = units_sold - OLD.quantity WHERE id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.product_id IS NOT NULL
     AND EXISTS (SELECT 1 FROM purchases o WHERE o.id = NEW.purchase_id AND purchase_counts_as_sold(o.status, o.paid_at)) THEN
    UPDATE products SET units_sold = units_sold + NEW.quantity WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER purchase_items_units_sold AFTER INSERT OR UPDATE OF quantity, product_id, purchase_id OR DELETE ON purchase_items
  FOR EACH ROW EXECUTE FUNCTION purchase_items_units_sold();
--> statement-breakpoint
UPDATE products SET units_sold = s.units
FROM (
  SELECT i.product_id, sum(i.quantity)::int AS units
  FROM purchase_items i JOIN purchases o ON o.id = i.purchase_id
  WHERE i.product_id IS NOT NULL AND purchase_counts_as_sold(o.status, o.paid_at)
  GROUP BY i.product_id
) s
WHERE products.id = s.product_id;
