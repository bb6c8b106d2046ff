/**
 * `items` in `count` groups of about equal weight: the heaviest first, each into the lightest
 * group so far. Every group gets at least one item when there are enough; none is empty.
 */
export function splitByWeight<T>(items: { item: T; weight: number }[], count: number): T[][] {
  const groups = Array.from({ length: Math.max(1, Math.min(count, items.length)) }, () => ({ items: [] as T[], weight: 0 }));
  for (const { item, weight } of [...items].sort((a, b) => b.weight - a.weight)) {
    const lightest = groups.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.items.push(item);
    lightest.weight += weight;
  }
  return groups.map((g) => g.items);
}
