import { lazy, Suspense, useId, useSyncExternalStore } from "react";
import { type FormResult, useOnAnswer } from "../lib/forms";

// react-hot-toast keeps the spec's toast rules (§4) but weighs ~5 KB gzip, a tenth of the
// product page's JS budget. Most visits never see a toast, so the library
// loads with the first one instead of with every page. Storefront code toasts through here.
const loadToastLibrary = () => import("react-hot-toast");

let requested = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** `id`: a toast shown with the same id replaces the one before it (a form's later answer, its earlier one). */
function show(kind: "success" | "error", message: string, id?: string) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  // a toast asked for before <Toasts> has mounted waits in the library's store and shows on mount
  void loadToastLibrary().then(({ default: toast }) => toast[kind](message, id ? { id } : undefined));
}

export const toast = {
  success: (message: string, id?: string) => show("success", message, id),
  error: (message: string, id?: string) => show("error", message, id),
};

const Toaster = lazy(() => loadToastLibrary().then((m) => ({ default: m.Toaster })));

/** The toast area: mounted (and its code fetched) once the first toast is asked for. */
/**
 * A form's answer as a toast, once per answer: its message, or a plain one for a failure that says
 * nothing. A form's new answer takes the place of its last one: a refusal put right does not stay
 * on screen beside the success.
 */
export function useToastAnswer(answer: FormResult | undefined) {
  const id = useId();
  useOnAnswer(answer, (a) => (a.ok ? toast.success(a.msg!, id) : toast.error(a.msg ?? "Something went wrong. Please try again.", id)));
}

export function Toasts() {
  const active = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      {/* top-centre, under the sticky header (h-16): not over the logo or the cart count it just changed */}
      <Toaster position="top-center" containerStyle={{ top: 72 }} />
    </Suspense>
  );
}
