import { Clock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { pageMeta } from "../../lib/seo";

// docs/product.md §2/§9 /poptest: the 'Time Check' popup (15 minutes, display only).
export function meta() {
  return pageMeta({ title: "Time Check", description: "Meeting time check.", noindex: true });
}

export default function PopTest() {
  const [state, setState] = useState<"open" | "continued" | "ended">("open");
  const dialogRef = useRef<HTMLDialogElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  // The server sends the dialog open, so it reads without JavaScript; once hydrated it becomes a true
  // modal (the page behind inert) with focus on Continue, the choice that loses nothing.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    continueRef.current?.focus();
  }, []);
  // the dialog is gone: focus goes to the outcome instead of falling back to the top of the page
  useEffect(() => {
    if (state !== "open") statusRef.current?.focus();
  }, [state]);

  return (
    <main id="main" className="container-page py-12">
      <h1 className="sr-only">Meeting time check</h1>
      {state === "open" ? (
        <dialog
          ref={dialogRef}
          open
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="time-check-title"
          aria-describedby="time-check-text"
          // Escape answers like Continue
          onCancel={(e) => {
            e.preventDefault();
            setState("continued");
          }}
          className="fixed inset-0 m-auto h-fit w-[calc(100%-2rem)] max-w-md rounded-3xl border border-line bg-linen p-6 text-center text-ink shadow-lg backdrop:bg-ink/40 sm:p-8"
        >
          <Clock aria-hidden="true" className="mx-auto text-rose-dark" size={36} />
          <h2 id="time-check-title" className="mt-3 text-2xl">
            Time Check
          </h2>
          <p id="time-check-text" className="mt-3 text-muted">
            You have been in this meeting for 15 minutes. Would you like to continue or end the meeting?
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <button type="button" className="btn-outline" onClick={() => setState("ended")}>
              End Meeting
            </button>
            <button ref={continueRef} type="button" className="btn-primary" onClick={() => setState("continued")}>
              Continue
            </button>
          </div>
        </dialog>
      ) : (
        <p
          ref={statusRef}
          tabIndex={-1}
          role="status"
          className="mx-auto max-w-md rounded-2xl bg-sage-soft p-6 text-center font-semibold text-sage"
        >
          {state === "ended" ? "The meeting has ended." : "Carry on, we will check in again later."}
        </p>
      )}
    </main>
  );
}
