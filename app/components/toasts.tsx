import { lazy, Suspense, useSyncExternalStore } from "react";
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

function show(kind: "success" | "error", message: string) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  // a toast asked for before <Toasts> has mounted waits in the library's store and shows on mount
  void loadToastLibrary().then(({ default: toast }) => toast[kind](message));
}

export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
};

const Toaster = lazy(() => loadToastLibrary().then((m) => ({ default: m.Toaster })));

/** The toast area: mounted (and its code fetched) once the first toast is asked for. */
/** A form's answer as a toast, once per answer: its message, or a plain one for a failure that says nothing. */
export function useToastAnswer(answer: FormResult | undefined) {
  useOnAnswer(answer, (a) => (a.ok ? toast.success(a.msg!) : toast.error(a.msg ?? "Something went wrong. Please try again.")));
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
