-- Written by hand: search_words_add inserts a text's words in one order (sorted). Two products
-- saved at the same moment with words in common once inserted them in different orders, each
-- waiting on a word the other had taken: a deadlock. In one order, the second simply waits.
CREATE OR REPLACE FUNCTION search_words_add(doc text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT w FROM (SELECT DISTINCT w FROM unnest(tsvector_to_array(to_tsvector('simple', doc))) AS w) AS words
  ORDER BY w
  ON CONFLICT (word) DO NOTHING
$$;
