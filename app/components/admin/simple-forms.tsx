import { categoryInput } from "../../../modules/catalog/admin-schemas";
import { postInput } from "../../../modules/content/admin-schemas";
import { startingValues, useBusy, useZodForm, type FormResult } from "../../lib/forms";
import { Field } from "../forms/fields";
import { AdminForm, ImageChooser, useImageUpload } from "./admin-form";

type Config = {
  schema: typeof categoryInput | typeof postInput;
  /** the API's create address, for an image sent with its progress; null on an edit (the image panel changes it) */
  uploadUrl: string | null;
  answer: FormResult | undefined;
  done: string;
  created: string;
  submitLabel: string;
  busyLabel: string;
  /** the banner's words (docs/product.md §8) when `answer` is a refusal */
  failure: (answer: FormResult) => string | undefined;
  /** the fields, with their messages and their starting values (startingValues) */
  children: (errors: Record<string, string>, start: ReturnType<typeof startingValues>) => React.ReactNode;
};

/** Category and blog forms: the API's schema in the browser and in the action; a new one may carry an image. */
function EntityForm({ schema, uploadUrl, answer, done, created, submitLabel, busyLabel, failure, children }: Config) {
  const upload = useImageUpload({ apiUrl: uploadUrl ?? "", done, message: created });
  const server = upload.result ?? answer;
  const { errors, onSubmit, msg } = useZodForm(schema, server);
  const busy = useBusy() || upload.progress !== null;
  return (
    <AdminForm
      banner={server && msg ? failure(server) : undefined}
      busy={busy}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      cancelTo={done}
      multipart={Boolean(uploadUrl)}
      onSubmit={(e) => {
        onSubmit(e);
        if (!e.defaultPrevented && uploadUrl) upload.onSubmit(e);
      }}
    >
      {children(errors, startingValues(server))}
      {uploadUrl ? (
        <Field label="Image" name="imageUrl" error={errors.imageUrl}>
          {(control) => <ImageChooser control={control} progress={upload.progress} />}
        </Field>
      ) : null}
    </AdminForm>
  );
}

export function CategoryForm({ category, answer }: { category?: { id: string; name: string }; answer: FormResult | undefined }) {
  return (
    <EntityForm
      schema={categoryInput}
      uploadUrl={category ? null : "/api/categories/create"}
      answer={answer}
      done="/categorytable"
      created="Saved"
      submitLabel={category ? "Update" : "Create"}
      busyLabel={category ? "Updating..." : "Creating..."}
      // a name already taken says so; anything else is the screen's own words
      failure={(a) =>
        a.code === "conflict"
          ? a.msg
          : category
            ? "Failed to update category. Please try again"
            : "Failed to create category. Please try again."
      }
    >
      {(errors, start) => (
        <Field
          label="Name"
          name="name"
          error={errors.name}
          defaultValue={start.text("name", category?.name ?? "")}
          required
          maxLength={60}
        />
      )}
    </EntityForm>
  );
}

export function PostForm({
  post,
  answer,
}: {
  post?: { id: string; title: string; heading: string; text: string };
  answer: FormResult | undefined;
}) {
  return (
    <EntityForm
      schema={postInput}
      uploadUrl={post ? null : "/api/posts/create"}
      answer={answer}
      done="/blogtable"
      created="Saved"
      submitLabel={post ? "Update Post" : "Create Post"}
      busyLabel={post ? "Updating..." : "Creating..."}
      // docs/product.md §8: the blog's edit screen reuses the category's words
      failure={(a) =>
        a.code === "conflict" ? a.msg : post ? "Failed to update category. Please try again" : "Failed to create post. Please try again."
      }
    >
      {(errors, start) => (
        <>
          <Field
            label="Title"
            name="title"
            error={errors.title}
            defaultValue={start.text("title", post?.title ?? "")}
            required
            maxLength={160}
          />
          <Field
            label="Heading"
            name="heading"
            error={errors.heading}
            defaultValue={start.text("heading", post?.heading ?? "")}
            required
            maxLength={240}
          />
          <Field label="Text" name="text" error={errors.text} hint="Leave a blank line between paragraphs.">
            {(control) => (
              <textarea
                {...control}
                className={`${control.className} min-h-64`}
                defaultValue={start.text("text", post?.text ?? "")}
                required
              />
            )}
          </Field>
        </>
      )}
    </EntityForm>
  );
}
