/** docs/product.md §2 /viewpurchase: a skeleton while the order loads. */
export function PurchaseSkeleton() {
  return (
    <div className="grid max-w-5xl animate-pulse gap-4" aria-busy="true" aria-label="Loading order">
      <div className="h-9 w-56 rounded-lg bg-sand" />
      {[0, 1, 2].map((n) => (
        <div key={n} className="h-32 rounded-2xl bg-sand" />
      ))}
    </div>
  );
}
