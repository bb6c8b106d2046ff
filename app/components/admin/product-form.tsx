import { ArrowLeft, ImageUp } from "lucide-react";
import { useState } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate } from "react-router";
import { productInput, productSizes, type ProductData } from "../../../modules/catalog/admin-schemas";
import { issuesToFields, MAX_IMAGE_BYTES, uploadForm } from "../../lib/admin-api";
import { sendJson } from "../../lib/api-client";
import { CategoryField, NoCategoriesYet, type CategoryOption } from "./category-field";
import { Field, fieldProps } from "./field";
import { LoadFailed } from "./load-failed";
import { StockField } from "./stock-field";

type Product = {
  id: string;
  title: string;
  price: number;
  discount: number;
  description: string;
  categoryId: string;
  color: string | null;
  size: string | null;
  trackStock: boolean;
  stock: number | null;
  category: CategoryOption;
};
/** `categories` is null when they could not be loaded (the loader caught it). */
type Props = { categories: CategoryOption[] | null; product?: Product };

/** /createproduct and /editproduct/{id}: one form, the same zod schema as the API (docs/product.md §5). */
export function ProductForm({ categories, product }: Props) {
  const navigate = useNavigate();
  const editing = Boolean(product);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const file = form.get("imageUrl");
    form.delete("imageUrl");
    // an unticked box sends nothing: say "not tracked" in so many words
    form.set("trackStock", form.has("trackStock") ? "true" : "false");
    const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
    const parsed = productInput.safeParse(fields);
    const fileError: Record<string, string> =
      file instanceof File && file.size > MAX_IMAGE_BYTES ? { imageUrl: "The image must be at most 10MB" } : {};
    if (!parsed.success || Object.keys(fileError).length) {
      setErrors({ ...(parsed.success ? {} : issuesToFields(parsed.error.issues)), ...fileError });
      return;
    }
    setErrors({});
    setBanner(null);
    setBusy(true);
    let res;
    if (editing) {
      res = await sendJson("PUT", `/api/products/${product!.id}`, changedFields(parsed.data, product!));
    } else {
      if (file instanceof File && file.size > 0) form.set("imageUrl", file);
      setProgress(file instanceof File && file.size > 0 ? 0 : null);
      res = await uploadForm("POST", "/api/products/create", form, setProgress);
    }
    setBusy(false);
    setProgress(null);
    if (!res.ok) {
      setErrors(res.error.fields ?? {});
      setBanner(editing ? "Failed to update product. Please try again" : "Failed to create product. Please try again.");
      return;
    }
    toast.success(editing ? "Product updated" : "Product created");
    navigate("/producttable");
  }

  const v = (name: Exclude<keyof Product, "category">) => (product ? String(product[name] ?? "") : "");
  // without the list, an edit can still keep the product's own category
  const options = categories ?? (product ? [product.category] : []);
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-2xl border border-line bg-linen p-4 sm:grid-cols-2 sm:p-6">
      {categories === null ? (
        <div className="sm:col-span-2">
          {/* docs/product.md §8: the create screen's and the edit screen's own words */}
          <LoadFailed message={editing ? "Failed to load categories" : "Failed to load categories. Please try again."} />
        </div>
      ) : categories.length === 0 ? (
        <div className="sm:col-span-2">
          <NoCategoriesYet />
        </div>
      ) : null}
      {banner ? (
        <p role="alert" className="rounded-xl bg-rose px-4 py-3 text-sm font-semibold text-white sm:col-span-2">
          {banner}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Field name="title" label="Title" error={errors.title}>
          <input {...fieldProps("title", errors.title)} className="input" defaultValue={v("title")} required maxLength={120} />
        </Field>
      </div>
      <Field name="price" label="Price (₦)" error={errors.price}>
        <input
          {...fieldProps("price", errors.price)}
          className="input"
          type="number"
          step="0.01"
          min="0.01"
          inputMode="decimal"
          defaultValue={v("price")}
          required
        />
      </Field>
      <Field
        name="discount"
        label="Discount (₦)"
        error={errors.discount}
        hint="The sale price; leave empty for none. Must be below the price."
      >
        <input
          {...fieldProps("discount", errors.discount)}
          className="input"
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          defaultValue={product && product.discount > 0 ? v("discount") : ""}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field name="description" label="Description" error={errors.description}>
          <textarea
            {...fieldProps("description", errors.description)}
            className="input min-h-28"
            defaultValue={v("description")}
            required
            maxLength={4000}
          />
        </Field>
      </div>
      <CategoryField options={options} value={v("categoryId")} error={errors.categoryId} />
      <Field name="color" label="Color" error={errors.color}>
        <input {...fieldProps("color", errors.color)} className="input" defaultValue={v("color")} maxLength={40} />
      </Field>
      <Field name="size" label="Size" error={errors.size}>
        <select {...fieldProps("size", errors.size)} className="input" defaultValue={v("size")}>
          <option value="">No size</option>
          {productSizes.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </Field>
      <StockField initial={product ?? { trackStock: false, stock: null }} error={errors.stock} />
      {editing ? null : (
        <div className="sm:col-span-2">
          <Field name="imageUrl" label="Image" error={errors.imageUrl}>
            <label
              htmlFor="f-imageUrl"
              className="flex cursor-pointer flex-col items-center rounded-xl border-2 border-dashed border-line px-4 py-6 text-center hover:border-rose"
            >
              <ImageUp size={24} className="text-rose" aria-hidden="true" />
              <span className="mt-1 text-sm font-semibold">{fileName ?? "Choose an image"}</span>
              <span className="text-xs text-muted">PNG, JPG, GIF up to 10MB</span>
            </label>
            <input
              {...fieldProps("imageUrl", errors.imageUrl)}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="sr-only"
              onChange={(e) => setFileName(e.target.files?.[0]?.name ?? null)}
            />
          </Field>
          {progress !== null ? (
            <div className="mt-2">
              <progress max={100} value={progress} className="h-2 w-full accent-rose" aria-label="Upload progress" />
              <p className="text-xs text-muted">Uploading… {progress}%</p>
            </div>
          ) : null}
        </div>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {editing ? (busy ? "Updating..." : "Update Product") : busy ? "Creating..." : "Create Product"}
        </button>
        <Link to="/producttable" className="btn-outline">
          Cancel
        </Link>
      </div>
    </form>
  );
}

/**
 * The edit sends only what the admin changed (PUT changes only the fields it names): a stock
 * figure left as it was loaded is not written back over units a checkout took meanwhile.
 */
function changedFields(data: ProductData, product: Product): Partial<ProductData> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (value !== undefined && value !== product[key as keyof Product]) changed[key] = value;
  return changed as Partial<ProductData>;
}

/** 'Back to Products' goes back one step (spec), or to the table when there is no history. */
export function BackButton({ to, label }: { to: string; label: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-rose hover:underline"
      onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(to))}
    >
      <ArrowLeft size={16} aria-hidden="true" /> {label}
    </button>
  );
}
