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

/**
 * How long each file is expected to run: its seconds in `measured` (tests/e2e/durations.json, from
 * one full run), or, for a file not measured yet, its size at the measured files' seconds per byte
 * (its size alone when none is measured).
 */
export function expectedSeconds(files: { name: string; bytes: number }[], measured: Record<string, number>): number[] {
  const known = files.filter((f) => measured[f.name] !== undefined);
  const knownBytes = known.reduce((sum, f) => sum + f.bytes, 0);
  const perByte = knownBytes > 0 ? known.reduce((sum, f) => sum + measured[f.name]!, 0) / knownBytes : 1;
  return files.map((f) => measured[f.name] ?? f.bytes * perByte);
}
