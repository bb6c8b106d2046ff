import { MapPin } from "lucide-react";
import { Form } from "react-router";
import { Field } from "../forms/fields";
import { readablePhone } from "../../../lib/phone";

export type ListAddressValues = { phone: string; lga: string; street: string; city: string };

/**
 * docs/product.md "Wish lists", "Send it to her": where friends may send her a gift from her list.
 * Kept: its area and number, with a change form and a button that takes it off. Not kept: the form,
 * starting from her profile. Friends never see it, only "Send it to <her name>" at checkout.
 */
export function ListAddressForm({
  saved,
  start,
  areas,
  errors,
}: {
  saved: boolean;
  start: ListAddressValues;
  areas: string[];
  errors: Record<string, string>;
}) {
  const open = Object.keys(errors).length > 0;
  return (
    <section
      aria-labelledby="list-address-title"
      className="mt-6 rounded-3xl border border-line bg-linen p-5 sm:p-6"
      data-testid="list-address"
    >
      <h2 id="list-address-title" className="flex items-center gap-2 text-xl">
        <MapPin size={20} aria-hidden="true" className="text-rose" /> Gifts sent to you
      </h2>
      {saved ? (
        <p className="mt-2 text-sm" data-testid="list-address-kept">
          Friends who open your list can send a gift straight to your address in <strong>{start.lga}</strong>; the rider calls{" "}
          {readablePhone(start.phone)}. They never see your address.
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted">
          Add where gifts should go, and friends buying from your list can send them straight to you. They never see your address: we
          deliver, and the rider calls you.
        </p>
      )}
      {/* a new address kept closes the form (it starts again from what is kept) */}
      <details key={saved ? `${start.phone}|${start.lga}|${start.street}|${start.city}` : "none"} className="mt-3" open={open}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-rose-dark underline">
          {saved ? "Change the address" : "Add an address for gifts"}
        </summary>
        <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="address" />
          <Field
            label="Phone for the rider"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            defaultValue={start.phone ? readablePhone(start.phone) : ""}
            error={errors.phone}
          />
          <Field label="Delivery area" name="lga" error={errors.lga}>
            {(control) => (
              <select {...control} defaultValue={start.lga}>
                <option value="">Choose your area</option>
                {areas.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label="Street address"
            name="street"
            autoComplete="street-address"
            required
            maxLength={200}
            defaultValue={start.street}
            error={errors.street}
            className="sm:col-span-2"
          />
          <Field
            label="City or town"
            name="city"
            autoComplete="address-level2"
            required
            maxLength={100}
            defaultValue={start.city}
            error={errors.city}
          />
          <div className="flex items-end">
            <button type="submit" className="btn-primary w-full sm:w-auto">
              Save the address
            </button>
          </div>
        </Form>
      </details>
      {saved ? (
        <Form method="post" className="mt-1">
          <input type="hidden" name="intent" value="no-address" />
          <button type="submit" className="inline-flex min-h-11 items-center text-sm font-semibold text-rose-dark underline">
            Stop gifts coming to this address
          </button>
        </Form>
      ) : null}
    </section>
  );
}
