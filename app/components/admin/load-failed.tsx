import { RotateCw } from "lucide-react";
import { useRevalidator } from "react-router";

/** A docs/product.md §8 load failure ('Failed to load categories...') in a red banner, with a way to load again. */
export function LoadFailed({ message }: { message: string }) {
  const revalidator = useRevalidator();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-rose px-4 py-3 text-sm font-semibold text-white"
    >
      <span>{message}</span>
      <button
        type="button"
        className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2 underline"
        disabled={revalidator.state === "loading"}
        onClick={() => revalidator.revalidate()}
      >
        <RotateCw size={14} aria-hidden="true" /> {revalidator.state === "loading" ? "Loading..." : "Try again"}
      </button>
    </div>
  );
}
