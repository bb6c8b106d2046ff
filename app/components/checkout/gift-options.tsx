import { Gift } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useEarlyInput } from "../../lib/early-input";
import { Field, FieldError } from "../forms/fields";
import { GIFT_MESSAGE_MAX } from "../../../modules/orders/gift-limits";

const giftFieldNames = ["recipientName", "recipientPhone", "recipientEmail", "giftMessage"];

/** What the gift's fields show when the form is drawn again (the 'New order' screen's answers). */
export type GiftValues = Partial<
  Record<
    | "isGift"
    | "recipientName"
    | "recipientPhone"
    | "recipientEmail"
    | "giftMessage"
    | "anonymousSender"
    | "hidePrices"
    | "surpriseMode"
    | "remindNextYear",
    string
  >
>;
const ticked = (v: string | undefined) => v === "on" || v === "true";

/**
 * 'This is a gift' at checkout (docs/product.md "Gift orders"), and on the owner's 'New order'
 * screen: the switch reveals who receives it, the message for the card and the gift's options. The
 * reveal is CSS (peer-checked), so it works before the script loads; with the script the checkout
 * also relabels the address as hers.
 */
export function GiftOptions({
  errors,
  onChange,
  values = {},
  addressNote,
  recipientChosen,
  before,
  intro = "We deliver to the person you choose. You pay, and we keep you posted.",
  byShop = false,
}: {
  /** the order desk's form: the options speak of the customer, not to her */
  byShop?: boolean;
  errors: Record<string, string>;
  onChange?: (gift: boolean) => void;
  values?: GiftValues;
  /** where the recipient's address goes on this form */
  addressNote?: ReactNode;
  /** drawn instead of the recipient's fields when the page has chosen her (the checkout's "Send it to her") */
  recipientChosen?: ReactNode;
  /** drawn first once the switch is on (the checkout's "Sent before") */
  before?: ReactNode;
  intro?: string;
}) {
  const [length, setLength] = useState((values.giftMessage ?? "").length);
  const left = GIFT_MESSAGE_MAX - length;
  // a message typed before the page's script ran: the count follows what the field holds
  const message = useEarlyInput<HTMLTextAreaElement>((shown) => setLength(shown.value.length));
  const hasErrors = giftFieldNames.some((name) => errors[name]);
  // the card's example speaks to her when her name is known (a friend's wish list, "Sent before")
  const forWhom = values.recipientName?.trim().split(/\s+/)[0] || "Kemi";
  const tickedAtFirst = hasErrors || ticked(values.isGift);
  // ticked before the page's script ran: the section opened by CSS, and the page now follows
  const giftSwitch = useEarlyInput<HTMLInputElement>((shown) => {
    if (shown.checked !== tickedAtFirst) onChange?.(shown.checked);
  });
  return (
    <section aria-labelledby="gift-title" className="rounded-2xl border border-line bg-linen p-4 sm:p-5" data-testid="gift-options">
      <h2 id="gift-title" className="sr-only">
        Gift
      </h2>
      <input
        type="checkbox"
        id="gift-switch"
        name="isGift"
        ref={giftSwitch}
        className="peer sr-only"
        defaultChecked={tickedAtFirst}
        onChange={(e) => onChange?.(e.target.checked)}
      />
      <label
        htmlFor="gift-switch"
        className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-xl text-base font-bold peer-focus-visible:outline-3 peer-focus-visible:outline-rose peer-checked:[&_.knob]:translate-x-5 peer-checked:[&_.track]:bg-rose"
      >
        <span className="flex items-center gap-2">
          <Gift size={20} aria-hidden="true" className="text-rose" /> This is a gift
        </span>
        <span aria-hidden="true" className="track relative h-7 w-12 shrink-0 rounded-full bg-line transition-colors">
          <span className="knob absolute top-1 left-1 h-5 w-5 rounded-full bg-white shadow transition-transform" />
        </span>
      </label>
      <p className="mt-1 text-sm text-muted">{intro}</p>
      <div className="mt-4 hidden gap-4 peer-checked:grid sm:grid-cols-2" data-testid="gift-fields">
        {before}
        {recipientChosen ?? <RecipientFields errors={errors} values={values} addressNote={addressNote} />}
        <div className="sm:col-span-2">
          <label htmlFor="gift-message" className="label">
            Message for the card (optional)
          </label>
          <textarea
            id="gift-message"
            ref={message}
            name="giftMessage"
            rows={3}
            maxLength={GIFT_MESSAGE_MAX}
            defaultValue={values.giftMessage}
            className="input"
            placeholder={`Happy birthday, ${forWhom}! Take a moment for you.`}
            aria-describedby={errors.giftMessage ? "gift-message-count gift-message-error" : "gift-message-count"}
            aria-invalid={errors.giftMessage ? true : undefined}
            onChange={(e) => setLength(e.target.value.length)}
          />
          <p id="gift-message-count" className={`mt-1 text-sm ${left <= 20 ? "font-semibold text-rose-dark" : "text-muted"}`}>
            {left} of {GIFT_MESSAGE_MAX} characters left
          </p>
          <FieldError id="gift-message-error" error={errors.giftMessage} />
        </div>
        <fieldset className="grid gap-3 sm:col-span-2">
          <legend className="label">Gift options</legend>
          <GiftTick
            name="hidePrices"
            title="Hide prices"
            detail="No prices on the packing slip or the gift receipt"
            checked={ticked(values.hidePrices)}
          />
          <GiftTick
            name="anonymousSender"
            title="Send anonymously"
            detail="She never sees your name"
            checked={ticked(values.anonymousSender)}
          />
          <GiftTick
            name="surpriseMode"
            title="Keep it a surprise"
            detail="We don't contact her before delivery day"
            checked={ticked(values.surpriseMode)}
          />
          <GiftTick
            name="remindNextYear"
            title={byShop ? "Remind the customer next year" : "Remind me next year"}
            detail={
              byShop
                ? "A week before her day comes round next year, the customer gets a reminder"
                : "We send you a reminder a week before her day comes round next year"
            }
            checked={ticked(values.remindNextYear)}
          />
        </fieldset>
      </div>
    </section>
  );
}

function GiftTick({ name, title, detail, checked }: { name: string; title: string; detail: string; checked?: boolean }) {
  return (
    <label className="flex min-h-11 items-start gap-3 text-sm">
      <input type="checkbox" name={name} defaultChecked={checked} className="mt-0.5 h-5 w-5 shrink-0 accent-rose" />
      <span>
        <strong>{title}</strong>
        <span className="block text-muted">{detail}</span>
      </span>
    </label>
  );
}

/** Who receives it: her name, the rider's number, and her email for the news (not in surprise mode). */
function RecipientFields({ errors, values, addressNote }: { errors: Record<string, string>; values: GiftValues; addressNote?: ReactNode }) {
  return (
    <>
      <p className="rounded-xl bg-blush px-3 py-2 text-sm sm:col-span-2">
        {addressNote ?? (
          <>
            The delivery area above and the address below are the <strong>recipient's</strong>: delivery is priced for her area.
          </>
        )}
      </p>
      <Field
        label="Recipient's name"
        name="recipientName"
        autoComplete="off"
        maxLength={120}
        defaultValue={values.recipientName}
        error={errors.recipientName}
      />
      <Field
        label="Recipient's phone"
        name="recipientPhone"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={30}
        defaultValue={values.recipientPhone}
        error={errors.recipientPhone}
        hint="The rider calls her on delivery day"
      />
      <Field
        label="Recipient's email (optional)"
        name="recipientEmail"
        type="email"
        autoComplete="off"
        maxLength={254}
        defaultValue={values.recipientEmail}
        error={errors.recipientEmail}
        hint="We tell her a gift is on its way (not in surprise mode)"
        className="sm:col-span-2"
      />
    </>
  );
}
