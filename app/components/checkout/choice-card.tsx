import type { ReactNode } from "react";
import { Radio } from "../forms/radio";

type Props = {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  title: ReactNode;
  detail?: ReactNode;
  /** why it cannot be chosen (shown instead of letting her pick it) */
  unavailable?: string | null;
  testId?: string;
};

/** One radio choice as a card a thumb can hit: delivery speed, way of paying. */
export function ChoiceCard({ name, value, checked, onChange, title, detail, unavailable, testId }: Props) {
  return (
    <label
      data-testid={testId}
      className={`flex min-h-12 items-start gap-3 rounded-xl border p-3 ${
        unavailable
          ? "cursor-not-allowed border-line opacity-70"
          : checked
            ? "cursor-pointer border-rose bg-blush"
            : "cursor-pointer border-line"
      }`}
    >
      <Radio
        name={name}
        value={value}
        checked={checked}
        disabled={!!unavailable}
        onPick={onChange}
        className="mt-0.5 h-5 w-5 shrink-0 accent-rose"
      />
      <span className="min-w-0">
        <span className="block font-semibold">{title}</span>
        {detail ? <span className="block text-sm text-muted">{detail}</span> : null}
        {unavailable ? <span className="block text-sm text-rose-dark">{unavailable}</span> : null}
      </span>
    </label>
  );
}
