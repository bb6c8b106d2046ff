import { useState, type FormEvent } from "react";
import { postJson } from "../lib/api-client";

type Props = {
  source: "popup" | "footer" | "blog" | "about" | "author" | "home";
  idPrefix: string;
  buttonLabel?: string;
  onDone?: () => void;
};

/** Email + Subscribe, stored through POST /api/newsletter. */
export function NewsletterForm({ source, idPrefix, buttonLabel = "Subscribe", onDone }: Props) {
  const [state, setState] = useState<{ status: "idle" | "busy" | "done" | "error"; msg?: string }>({ status: "idle" });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setState({ status: "busy" });
    const result = await postJson<{ msg: string }>("/api/newsletter", { email: String(form.get("email") ?? ""), source });
    if (result.ok) {
      setState({ status: "done", msg: result.data.msg });
      onDone?.();
    } else setState({ status: "error", msg: result.error.fields?.email ?? result.error.msg });
  }

  return (
    <form onSubmit={onSubmit} className="mt-4" noValidate>
      <div className="flex gap-2">
        <label htmlFor={`${idPrefix}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          className="input"
        />
        <button type="submit" className="btn-primary shrink-0" disabled={state.status === "busy"}>
          {buttonLabel}
        </button>
      </div>
      <p role="status" aria-live="polite" className={`mt-2 min-h-5 text-sm ${state.status === "error" ? "text-rose-dark" : "text-sage"}`}>
        {state.msg}
      </p>
    </form>
  );
}
