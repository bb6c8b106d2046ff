import { useFetcher } from "react-router";
import type { newsletterSources } from "../../modules/marketing/schemas";
import { useBusy, type FormResult } from "../lib/forms";

type Props = {
  source: (typeof newsletterSources)[number];
  idPrefix: string;
  buttonLabel?: string;
};

/** Email + Subscribe, posted to the /newsletter action (app/routes/shop/newsletter.tsx) without leaving the page. */
export function NewsletterForm({ source, idPrefix, buttonLabel = "Subscribe" }: Props) {
  const fetcher = useFetcher<FormResult>();
  const busy = useBusy(fetcher);
  const answer = fetcher.data;
  return (
    <fetcher.Form method="post" action="/newsletter" className="mt-4" noValidate>
      <input type="hidden" name="source" value={source} />
      {/* the button goes under the box where both do not fit (the footer's column at 1280 px) */}
      <div className="flex flex-wrap gap-2">
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
          className="input min-w-48 flex-1 basis-48"
        />
        <button type="submit" className="btn-primary shrink-0" disabled={busy}>
          {buttonLabel}
        </button>
      </div>
      <p role="status" aria-live="polite" className={`mt-2 min-h-5 text-sm ${answer && !answer.ok ? "text-rose-dark" : "text-sage"}`}>
        {answer ? (answer.ok ? answer.msg : (answer.fields?.email ?? answer.msg)) : null}
      </p>
    </fetcher.Form>
  );
}
