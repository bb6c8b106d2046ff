ALTER TABLE "products" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_avg" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model functions or triggers): a product's review count and
-- average (one decimal) follow every review inserted, changed or removed (also by a cascade), in the
-- same transaction. Lists and cards read the two columns instead of counting reviews per row.
CREATE FUNCTION products_rating_refresh(product uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE products SET
    rating_count = r.n,
    rating_avg = r.avg
  FROM (
    SELECT count(*)::int AS n, coalesce(round(avg(rating)::numeric, 1), 0)::float AS avg
    FROM reviews WHERE product_id = product
  ) r
  WHERE products.id = product;
$$;
--> statement-breakpoint
CREATE FUNCTION reviews_rating_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM products_rating_refresh(NEW.product_id); END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.product_id <> NEW.product_id) THEN PERFORM products_rating_refresh(OLD.product_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reviews_rating_changed AFTER INSERT OR UPDATE OF rating, product_id OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_rating_changed();
--> statement-breakpoint
UPDATE products SET
  rating_count = r.n,
  rating_avg = r.avg
FROM (
  SELECT product_id, count(*)::int AS n, round(avg(rating)::numeric, 1)::float AS avg FROM reviews GROUP BY product_id
) r
WHERE products.id = r.product_id;
