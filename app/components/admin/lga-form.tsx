import { useState } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate } from "react-router";
import { deliveryRateInput } from "../../../modules/delivery/admin-schemas";
import { issuesToFields } from "../../lib/admin-api";
import { sendJson } from "../../lib/api-client";
import { Field, fieldProps } from "./field";

/** /createlga and /editlga/{id} (docs/product.md §2, §5): LGA Name; Delivery Charge (₦) ≥ 0 in steps of 100. */
export function LgaForm({ rate }: { rate?: { id: string; lga: string; deliveryCharge: number } }) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = deliveryRateInput.safeParse({
      lga: String(form.get("lga") ?? ""),
      deliveryCharge: String(form.get("deliveryCharge") ?? ""),
    });
    if (!parsed.success) return setErrors(issuesToFields(parsed.error.issues));
    setErrors({});
    setBusy(true);
    // sent as a number (docs/product.md §5)
    const res = rate
      ? await sendJson("PUT", `/api/deliveryrates/${rate.id}`, parsed.data)
      : await sendJson("POST", "/api/deliveryrates/create", parsed.data);
    setBusy(false);
    if (!res.ok) {
      setErrors(res.error.fields ?? {});
      setBanner(res.error.msg);
      return;
    }
    toast.success(rate ? "LGA updated" : "LGA created");
    navigate("/lga");
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-lg gap-4 rounded-2xl border border-line bg-linen p-4 sm:p-6">
      {banner ? (
        <p role="alert" className="rounded-xl bg-rose px-4 py-3 text-sm font-semibold text-white">
          {banner}
        </p>
      ) : null}
      <Field name="lga" label="LGA Name" error={errors.lga}>
        <input {...fieldProps("lga", errors.lga)} className="input" defaultValue={rate?.lga ?? ""} required maxLength={60} />
      </Field>
      <Field name="deliveryCharge" label="Delivery Charge (₦)" error={errors.deliveryCharge}>
        <input
          {...fieldProps("deliveryCharge", errors.deliveryCharge)}
          className="input"
          type="number"
          min={0}
          step={100}
          inputMode="numeric"
          defaultValue={rate ? String(rate.deliveryCharge) : ""}
          required
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {rate ? "Update LGA" : "Create LGA"}
        </button>
        {/* the spec's Cancel goes to /admin/lga, which redirects to /lga */}
        <Link to="/lga" className="btn-outline">
          Cancel
        </Link>
      </div>
    </form>
  );
}
