import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories, products, searchWords } from "../../db/schema";

// Search: full text over title, description and category name, tolerant of small
// typos. Each branch below can use an index, and they are united by product id; one OR across
// them (as before) made PostgreSQL read every product and score each one by trigrams.
// - Full text (products_search_idx). A query word that no product or category uses is swapped
//   for the closest words that they do use (search_words, trigram index): "lavendar" searches
//   for "lavender", "affirmatons" for "affirmations", in the title, description or category.
// - The whole query against titles by trigram word similarity (products_title_trgm_idx), for
//   typos that split or join words.
// - Categories whose name matches (a handful of rows), then their products (products_category_id_idx).

const MAX_WORDS = 8;
/** shorter words have too many near neighbours to guess from */
const MIN_TYPO_LENGTH = 4;
/** trigram similarity of a typo to the word it stands for: "jurnal"/"journal" 0.5, "gratitde"/"gratitude" 0.58 */
const TYPO_SIMILARITY = 0.45;
const GUESSES_PER_WORD = 2;

/** The real words each query word may be a typo of; none for a word that is used as typed. */
async function guessTypos(db: Db, words: string[]): Promise<Map<string, string[]>> {
  const typos = words.filter((w) => w.length >= MIN_TYPO_LENGTH);
  if (!typos.length) return new Map();
  const result = await db.execute(sql`
    select w.typed, s.word
    from unnest(array[${sql.join(
      typos.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[]) as w(typed)
    cross join lateral (
      select ${searchWords.word} as word from ${searchWords}
      where ${searchWords.word} % w.typed and similarity(${searchWords.word}, w.typed) >= ${TYPO_SIMILARITY}
      order by similarity(${searchWords.word}, w.typed) desc, ${searchWords.word}
      limit ${GUESSES_PER_WORD}
    ) s
    where not exists (select 1 from ${searchWords} e where e.word = w.typed)`);
  const guesses = new Map<string, string[]>();
  for (const { typed, word } of (result as unknown as { rows: { typed: string; word: string }[] }).rows)
    guesses.set(typed, [...(guesses.get(typed) ?? []), word]);
  return guesses;
}

export type ProductSearch = { condition: SQL; rank: SQL };

/** The filter and the relevance order of a product search for `q`. */
export async function productSearch(db: Db, q: string): Promise<ProductSearch> {
  const words = [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_WORDS);
  const guesses = await guessTypos(db, words);
  // every word (or one of its guesses) must match, as plainto_tsquery asks of the words typed
  const tsquery = words.length
    ? sql.join(
        words.map(
          (w) =>
            sql`(${sql.join(
              [w, ...(guesses.get(w) ?? [])].map((term) => sql`plainto_tsquery('english', ${term})`),
              sql` || `,
            )})`,
        ),
        sql` && `,
      )
    : sql`plainto_tsquery('english', ${q})`;

  // the same expression as products_search_idx, so PostgreSQL can use it
  const productText = sql`to_tsvector('english', ${products.title} || ' ' || ${products.description})`;
  const condition = sql`${products.id} in (
    select ${products.id} from ${products} where ${productText} @@ (${tsquery})
    union
    select ${products.id} from ${products} where ${q} <% ${products.title}
    union
    select ${products.id} from ${products} where ${products.categoryId} in (
      select ${categories.id} from ${categories}
      where to_tsvector('english', ${categories.name}) @@ (${tsquery}) or ${q} <% ${categories.name}
    )
  )`;

  // a match in the title weighs most, then the category, then the description; typo closeness breaks ties
  const weighted = sql`setweight(to_tsvector('english', ${products.title}), 'A')
    || setweight(to_tsvector('english', ${categories.name}), 'B')
    || setweight(to_tsvector('english', ${products.description}), 'D')`;
  const rank = sql`(ts_rank(${weighted}, (${tsquery}))
    + word_similarity(${q}, ${products.title})
    + 0.5 * word_similarity(${q}, ${categories.name}))`;
  return { condition, rank };
}
