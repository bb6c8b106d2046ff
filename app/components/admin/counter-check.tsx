import { counterCheck } from "../../../modules/orders/pickup";
import type { FieldErrors } from "../../lib/forms";
import { Field } from "../forms/fields";

/**
 * docs/product.md "Pick-up": marking a pick-up collected asks for the code she shows at the
 * counter, or a tick that the team checked who she is when she has none (then "Collected by" says
 * who took it). The server checks both; these are the boxes, drawn again as typed when refused.
 */
export function CounterCheckFields({ errors, code, withoutCode }: { errors: FieldErrors | undefined; code: string; withoutCode: boolean }) {
  return (
    <>
      <Field
        label={counterCheck.codeLabel}
        name="code"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        pattern="[0-9]{4}"
        defaultValue={code}
        error={errors?.code}
        hint={counterCheck.codeHint}
        className="w-full sm:w-72"
      />
      <label className="flex min-h-11 basis-full items-center gap-3 text-sm">
        <input type="checkbox" name="withoutCode" defaultChecked={withoutCode} className="h-5 w-5 accent-rose" />
        {counterCheck.noCodeLabel}
      </label>
    </>
  );
}
