import { ImageUp } from "lucide-react";
import { useState } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate } from "react-router";
import { categoryInput } from "../../../modules/catalog/admin-schemas";
import { postInput } from "../../../modules/content/admin-schemas";
import { issuesToFields, MAX_IMAGE_BYTES, uploadForm } from "../../lib/admin-api";
import { sendJson } from "../../lib/api-client";
import { Field, fieldProps } from "./field";

type Config = {
  schema: typeof categoryInput | typeof postInput;
  /** create: multipart POST with an optional image; edit: JSON PUT */
  createUrl?: string;
  updateUrl?: string;
  done: string;
  submitLabel: string;
  busyLabel: string;
  failure: string;
  children: (errors: Record<string, string>) => React.ReactNode;
};

/** Category and blog forms: validated with the API's schema, image uploaded with progress. */
function EntityForm({ schema, createUrl, updateUrl, done, submitLabel, busyLabel, failure, children }: Config) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const file = form.get("imageUrl");
    form.delete("imageUrl");
    const parsed = schema.safeParse(Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])));
    if (!parsed.success) return setErrors(issuesToFields(parsed.error.issues));
    if (file instanceof File && file.size > MAX_IMAGE_BYTES) return setErrors({ imageUrl: "The image must be at most 10MB" });
    setErrors({});
    setBanner(null);
    setBusy(true);
    let res;
    if (updateUrl) res = await sendJson("PUT", updateUrl, parsed.data);
    else {
      if (file instanceof File && file.size > 0) {
        form.set("imageUrl", file);
        setProgress(0);
      }
      res = await uploadForm("POST", createUrl!, form, setProgress);
    }
    setBusy(false);
    setProgress(null);
    if (!res.ok) {
      setErrors(res.error.fields ?? {});
      setBanner(res.status === 409 ? res.error.msg : failure);
      return;
    }
    toast.success("Saved");
    navigate(done);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-2xl border border-line bg-linen p-4 sm:p-6">
      {banner ? (
        <p role="alert" className="rounded-xl bg-rose px-4 py-3 text-sm font-semibold text-white">
          {banner}
        </p>
      ) : null}
      {children(errors)}
      {updateUrl ? null : <ImageField error={errors.imageUrl} progress={progress} />}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        <Link to={done} className="btn-outline">
          Cancel
        </Link>
      </div>
    </form>
  );
}

function ImageField({ error, progress }: { error?: string; progress: number | null }) {
  const [name, setName] = useState<string | null>(null);
  return (
    <div>
      <Field name="imageUrl" label="Image" error={error}>
        <label
          htmlFor="f-imageUrl"
          className="flex cursor-pointer flex-col items-center rounded-xl border-2 border-dashed border-line px-4 py-6 text-center hover:border-rose"
        >
          <ImageUp size={24} className="text-rose" aria-hidden="true" />
          <span className="mt-1 text-sm font-semibold">{name ?? "Choose an image"}</span>
          <span className="text-xs text-muted">PNG, JPG, GIF up to 10MB</span>
        </label>
        <input
          {...fieldProps("imageUrl", error)}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="sr-only"
          onChange={(e) => setName(e.target.files?.[0]?.name ?? null)}
        />
      </Field>
      {progress !== null ? (
        <div className="mt-2">
          <progress max={100} value={progress} className="h-2 w-full accent-rose" aria-label="Upload progress" />
          <p className="text-xs text-muted">Uploading… {progress}%</p>
        </div>
      ) : null}
    </div>
  );
}

export function CategoryForm({ category }: { category?: { id: string; name: string } }) {
  return (
    <EntityForm
      schema={categoryInput}
      createUrl="/api/categories/create"
      updateUrl={category ? `/api/categories/${category.id}` : undefined}
      done="/categorytable"
      submitLabel={category ? "Update" : "Create"}
      busyLabel={category ? "Updating..." : "Creating..."}
      failure={category ? "Failed to update category. Please try again" : "Failed to create category. Please try again."}
    >
      {(errors) => (
        <Field name="name" label="Name" error={errors.name}>
          <input {...fieldProps("name", errors.name)} className="input" defaultValue={category?.name ?? ""} required maxLength={60} />
        </Field>
      )}
    </EntityForm>
  );
}

export function PostForm({ post }: { post?: { id: string; title: string; heading: string; text: string } }) {
  return (
    <EntityForm
      schema={postInput}
      createUrl="/api/posts/create"
      updateUrl={post ? `/api/posts/${post.id}` : undefined}
      done="/blogtable"
      submitLabel={post ? "Update Post" : "Create Post"}
      busyLabel={post ? "Updating..." : "Creating..."}
      failure={post ? "Failed to update category. Please try again" : "Failed to create post. Please try again."}
    >
      {(errors) => (
        <>
          <Field name="title" label="Title" error={errors.title}>
            <input {...fieldProps("title", errors.title)} className="input" defaultValue={post?.title ?? ""} required maxLength={160} />
          </Field>
          <Field name="heading" label="Heading" error={errors.heading}>
            <input
              {...fieldProps("heading", errors.heading)}
              className="input"
              defaultValue={post?.heading ?? ""}
              required
              maxLength={240}
            />
          </Field>
          <Field name="text" label="Text" error={errors.text} hint="Leave a blank line between paragraphs.">
            <textarea {...fieldProps("text", errors.text)} className="input min-h-64" defaultValue={post?.text ?? ""} required />
          </Field>
        </>
      )}
    </EntityForm>
  );
}
