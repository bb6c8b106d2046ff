import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { PopupSignupForm } from "./popup-signup-form";

// docs/product.md §2/§4/§9: opens 2 s after load unless the browser has the hasSeenPopup flag.
export const POPUP_DELAY_MS = 2000;
export const POPUP_FLAG = "hasSeenPopup";

function markSeen() {
  try {
    window.localStorage.setItem(POPUP_FLAG, "true");
  } catch {
    /* storage disabled: the pop-up may show again, which is harmless */
  }
}

/** The home page's newsletter pop-up, a modal <dialog> (focus kept inside, Escape closes). */
export function NewsletterPopup() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let seen = false;
    try {
      seen = window.localStorage.getItem(POPUP_FLAG) === "true";
    } catch {
      seen = false;
    }
    if (seen) return;
    const timer = window.setTimeout(() => setOpen(true), POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    const el = dialog.current;
    if (open && el && !el.open) el.showModal();
  }, [open]);

  function close() {
    markSeen();
    dialog.current?.close();
    setOpen(false);
  }

  if (!open) return null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby="popup-title"
      onClose={close}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl border border-line bg-linen p-0 text-ink shadow-xl backdrop:bg-ink/50"
    >
      <div className="relative p-6 sm:p-8">
        <button
          type="button"
          onClick={close}
          className="absolute right-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-blush"
          aria-label="Close newsletter sign-up"
        >
          <X size={20} aria-hidden="true" />
        </button>
        <PopupSignupForm titleId="popup-title" idPrefix="popup" onSignedUp={markSeen} />
      </div>
    </dialog>
  );
}
