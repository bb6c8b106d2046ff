import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import toast from "react-hot-toast";
import { useFetcher } from "react-router";
import { useBusy, useOnAnswer, type FormResult } from "../../lib/forms";

type Props = { id: string; label: string; confirmText: string; fields?: Record<string, string> };

/**
 * A row's button that asks first, then posts the row's id (and any `fields`) to the list's own action (a fetcher: the
 * list reloads by itself); the answer's msg is toasted, and a refusal (e.g. a category that still has
 * products, 409) is shown as the server says it. Without the script the form posts as it is.
 */
export function ConfirmedRowButton({
  id,
  label,
  confirmText,
  fields,
  className,
  children,
}: Props & { className: string; children: ReactNode }) {
  const fetcher = useFetcher<FormResult>();
  const busy = useBusy(fetcher);
  useOnAnswer(fetcher.data, (answer) =>
    answer.ok ? toast.success(answer.msg ?? "Done") : toast.error(answer.msg ?? "Something went wrong. Please try again."),
  );
  return (
    <fetcher.Form
      method="post"
      className="inline-flex"
      onSubmit={(e) => {
        if (!window.confirm(confirmText)) e.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={id} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" aria-label={label} disabled={busy} className={className}>
        {children}
      </button>
    </fetcher.Form>
  );
}

/** A row's Delete: a bin that asks first. */
export function DeleteButton(props: Props) {
  return (
    <ConfirmedRowButton
      {...props}
      className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-rose hover:bg-blush disabled:opacity-50"
    >
      <Trash2 size={18} aria-hidden="true" />
    </ConfirmedRowButton>
  );
}
