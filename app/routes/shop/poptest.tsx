import { Clock } from "lucide-react";
import { useState } from "react";
import { pageMeta } from "../../lib/seo";

// spec §2/§9 /poptest: the 'Time Check' popup (15 minutes, display only).
export function meta() {
  return pageMeta({ title: "Time Check", description: "Meeting time check.", noindex: true });
}

export default function PopTest() {
  const [state, setState] = useState<"open" | "continued" | "ended">("open");
  return (
    <main id="main" className="container-page py-12">
      <h1 className="sr-only">Meeting time check</h1>
      {state === "open" ? (
        <div
          role="alertdialog"
          aria-modal="false"
          aria-labelledby="time-check-title"
          aria-describedby="time-check-text"
          className="mx-auto max-w-md rounded-3xl border border-line bg-linen p-6 text-center shadow-lg sm:p-8"
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
            <button type="button" className="btn-primary" onClick={() => setState("continued")}>
              Continue
            </button>
          </div>
        </div>
      ) : (
        <p role="status" className="mx-auto max-w-md rounded-2xl bg-sage-soft p-6 text-center font-semibold text-sage">
          {state === "ended" ? "The meeting has ended." : "Carry on, we will check in again later."}
        </p>
      )}
    </main>
  );
}
