import { Trash2 } from "lucide-react";
import { useState } from "react";
import toast from "react-hot-toast";
import { useRevalidator } from "react-router";
import { sendJson } from "../../lib/api-client";

type Props = { url: string; label: string; confirmText: string; onDeleted?: () => void };

/** Asks first, deletes through the API, then reloads the list; a refusal (e.g. 409) is shown as is. */
export function DeleteButton({ url, label, confirmText, onDeleted }: Props) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      aria-label={label}
      disabled={busy}
      className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-rose hover:bg-blush disabled:opacity-50"
      onClick={async () => {
        if (!window.confirm(confirmText)) return;
        setBusy(true);
        const res = await sendJson("DELETE", url);
        setBusy(false);
        if (!res.ok) {
          toast.error(res.error.msg);
          return;
        }
        toast.success("Deleted");
        if (onDeleted) onDeleted();
        else await revalidator.revalidate();
      }}
    >
      <Trash2 size={18} aria-hidden="true" />
    </button>
  );
}
