import { Field } from "../forms/fields";

/** How money the shop took or gave back itself moved: a bank transfer, cash or POS (field `method`). */
export function ByHandMethodField({ label, defaultValue, error }: { label: string; defaultValue: string; error?: string }) {
  return (
    <Field label={label} name="method" error={error}>
      {(control) => (
        <select {...control} defaultValue={defaultValue}>
          <option value="transfer">Bank transfer</option>
          <option value="cash">Cash</option>
          <option value="pos">POS</option>
        </select>
      )}
    </Field>
  );
}
