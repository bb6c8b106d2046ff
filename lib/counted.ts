/** "1 unit", "1,204 units": a count and its word, the word plural unless the count is one (regular plurals only). */
export const counted = (n: number, word: string) => `${n.toLocaleString("en-NG")} ${word}${n === 1 ? "" : "s"}`;
