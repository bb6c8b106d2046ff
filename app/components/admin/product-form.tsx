import { ArrowLeft } from "lucide-react";
import { useNavigate } from "react-router";
import { newProductInput, productInput, productSizes } from "../../../modules/catalog/admin-schemas";
import { startingValues, useBusy, useZodForm, type FormResult } from "../../lib/forms";
import { Field } from "../forms/fields";
import { AdminForm, ImageChooser, useImageUpload } from "./admin-form";
import { CategoryField, NoCategoriesYet, type CategoryOption } from "./category-field";
import { CostPriceField } from "./cost-price-panel";
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
  shipsFrom: string | null;
  category: CategoryOption;
};
/**
 * `categories` is null when they could not be loaded (the loader caught it). `costField`: a new
 * product's form asks the owner what one costs (an edit has its own box for it). `shipDayBuyers`:
 * the buyers waiting on its pre-order day, whom moving it tells.
 */
type Props = { categories: CategoryOption[] | null; product?: Product; answer?: FormResult; costField?: boolean; shipDayBuyers?: number };

/** The stock as the edit form was loaded with it: the action writes the stock only when the admin changed it. */
export const stockAsLoaded = (p: { trackStock: boolean; stock: number | null }) => `${p.trackStock}:${p.stock ?? ""}`;

/** /createproduct and /editproduct/{id}: one form, the same zod schema as the API and the action (docs/product.md §5). */
export function ProductForm({ categories, product, answer, costField = false, shipDayBuyers = 0 }: Props) {
  const editing = Boolean(product);
  const upload = useImageUpload({ apiUrl: "/api/products/create", done: "/producttable", message: "Product created" });
  const server = upload.result ?? answer;
  const { errors, onSubmit, msg } = useZodForm(editing ? productInput : newProductInput, server);
  const busy = useBusy() || upload.progress !== null;

  // the product's values, or what a refused form sent when the page is drawn again without its script
  const start = startingValues(server);
  const v = (name: Exclude<keyof Product, "category">) => start.text(name, product ? String(product[name] ?? "") : "");
  // without the list, an edit can still keep the product's own category
  const options = categories ?? (product ? [product.category] : []);
  return (
    <AdminForm
      // docs/product.md §8: the screen's own words for any refusal; the fields say what was wrong
      banner={msg ? (editing ? "Failed to update product. Please try again" : "Failed to create product. Please try again.") : undefined}
      busy={busy}
      submitLabel={editing ? "Update Product" : "Create Product"}
      busyLabel={editing ? "Updating..." : "Creating..."}
      cancelTo="/producttable"
      multipart={!editing}
      onSubmit={(e) => {
        onSubmit(e);
        if (!e.defaultPrevented && !editing) upload.onSubmit(e);
      }}
      className="sm:grid-cols-2"
    >
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
      {product ? <input type="hidden" name="stockAsLoaded" value={start.text("stockAsLoaded", stockAsLoaded(product))} /> : null}
      <Field label="Title" name="title" error={errors.title} className="sm:col-span-2" defaultValue={v("title")} required maxLength={120} />
      <Field
        label="Price (₦)"
        name="price"
        error={errors.price}
        type="number"
        step="0.01"
        min="0.01"
        inputMode="decimal"
        defaultValue={v("price")}
        required
      />
      <Field
        label="Discount (₦)"
        name="discount"
        error={errors.discount}
        hint="The sale price; leave empty for none. Must be below the price."
        type="number"
        step="0.01"
        min="0"
        inputMode="decimal"
        defaultValue={start.text("discount", product && product.discount > 0 ? String(product.discount) : "")}
      />
      {costField && !editing ? (
        <CostPriceField
          defaultValue={start.text("cost", "")}
          error={errors.cost}
          hint="What one costs you to make or buy, for your profit in Reports. Only owners see it."
        />
      ) : null}
      <Field label="Description" name="description" error={errors.description} className="sm:col-span-2">
        {(control) => (
          <textarea {...control} className={`${control.className} min-h-28`} defaultValue={v("description")} required maxLength={4000} />
        )}
      </Field>
      <CategoryField options={options} value={v("categoryId")} error={errors.categoryId} />
      <Field label="Color" name="color" error={errors.color} defaultValue={v("color")} maxLength={40} />
      <Field label="Size" name="size" error={errors.size}>
        {(control) => (
          <select {...control} defaultValue={v("size")}>
            <option value="">No size</option>
            {productSizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        )}
      </Field>
      <StockField
        initial={{ trackStock: start.ticked("trackStock", product?.trackStock ?? false, "true"), stock: v("stock") }}
        error={errors.stock}
      />
      <Field
        label="Pre-order: ships from (optional)"
        name="shipsFrom"
        type="date"
        error={errors.shipsFrom}
        defaultValue={v("shipsFrom")}
        hint={`Sold before it is in: shoppers see the day it ships from. Empty when it is in stock.${
          shipDayBuyers
            ? ` Moving or clearing it tells the ${shipDayBuyers === 1 ? "buyer" : `${shipDayBuyers} buyers`} waiting for it, by mail (and WhatsApp when they asked).`
            : ""
        }`}
      />
      {editing ? null : (
        <Field label="Image" name="imageUrl" error={errors.imageUrl} className="sm:col-span-2">
          {(control) => <ImageChooser control={control} progress={upload.progress} />}
        </Field>
      )}
    </AdminForm>
  );
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
