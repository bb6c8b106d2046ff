import { useFetcher } from "react-router";
import { useBusy, type FormResult } from "../../lib/forms";

/** The address a sold-out product's request posts to (app/routes/shop/back-in-stock.tsx). */
export const backInStockPath = (productId: string) => `/productdetails/${productId}/notify`;

/** What a refused request says: the field's message (her email, her number), else the answer's. */
export const refusalWords = (answer: FormResult) => answer.fields?.email ?? answer.fields?.phone ?? answer.fields?.contact ?? answer.msg;

/**
 * docs/product.md "Back in stock": under a sold-out product, her email (or her WhatsApp number, when
 * the shop can message it: takesWhatsAppNumbers) and one button, posted without leaving the page; before the
 * script runs, the post lands on the request's own page. `typed`: what she sent there, refused.
 */
export function BackInStockForm({ productId, whatsapp, typed }: { productId: string; whatsapp: boolean; typed?: string }) {
  const fetcher = useFetcher<FormResult>();
  const busy = useBusy(fetcher);
  const answer = fetcher.data;
  if (answer?.ok)
    return (
      <p
        role="status"
        className="rounded-2xl border border-line bg-sage-soft p-4 text-sm font-semibold text-ink"
        data-testid="back-in-stock"
      >
        {answer.msg}
      </p>
    );
  return (
    <fetcher.Form
      method="post"
      action={backInStockPath(productId)}
      noValidate
      className="rounded-2xl border border-line bg-linen p-4"
      data-testid="back-in-stock"
    >
      <label htmlFor="back-in-stock-contact" className="text-sm font-semibold">
        {whatsapp
          ? "Sold out for now. Leave your email or WhatsApp number and we will tell you once it is back."
          : "Sold out for now. Leave your email and we will tell you once it is back."}
      </label>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          id="back-in-stock-contact"
          name="contact"
          // a number has no @: a text box, so her keyboard can give either
          type={whatsapp ? "text" : "email"}
          required
          autoComplete={whatsapp ? "off" : "email"}
          placeholder={whatsapp ? "Email or WhatsApp number" : "Your email address"}
          defaultValue={typed}
          // the request's own page, drawn again for a refused post: it opens here, on what she typed
          autoFocus={typed !== undefined}
          maxLength={254}
          aria-describedby="back-in-stock-answer"
          className="input min-w-48 flex-1 basis-48"
        />
        <button type="submit" className="btn-primary shrink-0" disabled={busy}>
          {whatsapp ? "Tell me when it's back" : "Email me when it's back"}
        </button>
      </div>
      <p id="back-in-stock-answer" role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-rose-dark">
        {answer ? refusalWords(answer) : null}
      </p>
    </fetcher.Form>
  );
}
