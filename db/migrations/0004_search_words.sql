CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Written by hand (drizzle-kit does not model functions or triggers): the words of a text, lower-cased
-- and unstemmed ('simple' configuration), added to search_words.
CREATE FUNCTION search_words_add(doc text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM unnest(tsvector_to_array(to_tsvector('simple', doc))) AS w
  ON CONFLICT (word) DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION products_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(NEW.title || ' ' || NEW.description);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words AFTER INSERT OR UPDATE OF title, description ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_words();
--> statement-breakpoint
CREATE FUNCTION categories_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(NEW.name);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_search_words AFTER INSERT OR UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION categories_search_words();
--> statement-breakpoint
SELECT search_words_add(title || ' ' || description) FROM products;
--> statement-breakpoint
SELECT search_words_add(name) FROM categories;
