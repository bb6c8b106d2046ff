import { Link } from "react-router";
import { Field } from "../forms/fields";

export type CategoryOption = { id: string; name: string };

/** The product form's category select. A shop without categories yet gets a way to make one. */
export function CategoryField({ options, value, error }: { options: CategoryOption[]; value: string; error?: string }) {
  return (
    <Field label="Category" name="categoryId" error={error}>
      {(control) => (
        <select {...control} defaultValue={value} required>
          <option value="" disabled>
            {options.length ? "Select a category" : "No categories yet"}
          </option>
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A new shop has no categories, and every product needs one: say so and point the way. */
export function NoCategoriesYet() {
  return (
    <p className="rounded-xl border border-line bg-sand px-4 py-3 text-sm">
      Every product belongs to a category, and there are none yet.{" "}
      <Link to="/createcategory" className="font-semibold text-rose underline">
        Create a category first
      </Link>
      , then come back to add products.
    </p>
  );
}
