import { deliveryRateInput } from "../../../modules/delivery/admin-schemas";
import type { AreaSchedule } from "../../../modules/delivery/schedule";
import { startingValues, useBusy, useZodForm, type FormResult } from "../../lib/forms";
import { Field } from "../forms/fields";
import { AdminForm } from "./admin-form";

type Rate = { id: string; lga: string; deliveryCharge: number } & AreaSchedule;

/**
 * /createlga and /editlga/{id} (docs/product.md §2, §5): LGA Name; Delivery Charge (₦) ≥ 0 in steps of 100;
 * and delivery on a chosen date (docs/product.md "Delivery on a chosen date"): off, optional or required,
 * the lead time, the cut-off hour and the daily capacity.
 */
export function LgaForm({ rate, answer }: { rate?: Rate; answer: FormResult | undefined }) {
  const busy = useBusy();
  const { errors, onSubmit, msg } = useZodForm(deliveryRateInput, answer);
  const { text } = startingValues(answer);
  return (
    <AdminForm
      banner={msg}
      busy={busy}
      submitLabel={rate ? "Update LGA" : "Create LGA"}
      // the spec's Cancel goes to /admin/lga, which redirects to /lga
      cancelTo="/lga"
      onSubmit={onSubmit}
      className="max-w-lg"
    >
      <Field label="LGA Name" name="lga" error={errors.lga} defaultValue={text("lga", rate?.lga ?? "")} required maxLength={60} />
      <Field
        label="Delivery Charge (₦)"
        name="deliveryCharge"
        error={errors.deliveryCharge}
        type="number"
        min={0}
        step={100}
        inputMode="numeric"
        defaultValue={text("deliveryCharge", rate ? String(rate.deliveryCharge) : "")}
        required
      />
      <fieldset className="space-y-4 rounded-xl border border-line p-4">
        <legend className="px-1 font-bold">Delivery on a chosen date</legend>
        <Field label="Shoppers choose a date" name="dateMode" error={errors.dateMode}>
          {(control) => (
            <select {...control} defaultValue={text("dateMode", rate?.dateMode ?? "off")}>
              <option value="off">Off: no date at checkout</option>
              <option value="optional">Optional: she may choose a date</option>
              <option value="required">Required: every order has a date</option>
            </select>
          )}
        </Field>
        <Field
          label="Lead time (days)"
          name="leadDays"
          type="number"
          min={0}
          max={60}
          step={1}
          inputMode="numeric"
          error={errors.leadDays}
          defaultValue={text("leadDays", String(rate?.leadDays ?? 1))}
          hint="0: the same day; 1: the next day"
        />
        <Field
          label="Cut-off hour (Lagos time, 1–23)"
          name="cutoffHour"
          type="number"
          min={1}
          max={23}
          step={1}
          inputMode="numeric"
          error={errors.cutoffHour}
          defaultValue={text("cutoffHour", rate?.cutoffHour == null ? "" : String(rate.cutoffHour))}
          hint="14 means 'order by 2 pm': later orders count from the next day. Empty: no cut-off"
        />
        <Field
          label="Deliveries per day"
          name="dailyCapacity"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          error={errors.dailyCapacity}
          defaultValue={text("dailyCapacity", rate?.dailyCapacity == null ? "" : String(rate.dailyCapacity))}
          hint="Empty: no limit. A peak day in the delivery calendar can have its own"
        />
      </fieldset>
    </AdminForm>
  );
}
