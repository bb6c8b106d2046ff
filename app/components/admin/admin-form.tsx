import { ImageUp } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import toast from "react-hot-toast";
import { Form, Link, useNavigate } from "react-router";
import { MAX_IMAGE_BYTES, uploadForm } from "../../lib/admin-api";
import type { FormResult } from "../../lib/forms";
import { FormMessage, type ControlProps } from "../forms/fields";

type Props = {
  /** the banner's words, when the last answer was a refusal */
  banner?: string;
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  cancelTo: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** a form that may carry an image posts multipart */
  multipart?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * Every back-office form: a `<Form>` posting to its route's action (so it works before the script
 * loads), the failure banner, the fields, the submit button (its busy label while sending) and Cancel.
 */
export function AdminForm({ banner, busy, submitLabel, busyLabel, cancelTo, onSubmit, multipart, className = "", children }: Props) {
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      noValidate
      onSubmit={onSubmit}
      className={`grid gap-4 rounded-2xl border border-line bg-linen p-4 sm:p-6 ${className}`}
    >
      {banner ? (
        <div className="sm:col-span-2">
          <FormMessage tone="error">{banner}</FormMessage>
        </div>
      ) : null}
      {children}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy && busyLabel ? busyLabel : submitLabel}
        </button>
        <Link to={cancelTo} className="btn-outline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/**
 * A route's `clientAction`: the server's action runs as before; when it answers with a redirect (the
 * write went through), `message` is toasted on the way to the next screen. Without the script the
 * form posts to the action directly and the next screen shows the change.
 */
export async function toastOnRedirect<T>(message: string, { serverAction }: { serverAction: () => Promise<T> }): Promise<T> {
  try {
    return await serverAction();
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) toast.success(message);
    throw thrown;
  }
}

/**
 * A create form that may carry an image (docs/decisions/0011-one-way-to-write.md): with a file chosen
 * and the script running, the form goes to the API with XHR so the admin sees the upload's progress,
 * and the API's error body is the form's answer; otherwise it posts to its action like any form.
 */
export function useImageUpload({ apiUrl, done, message }: { apiUrl: string; done: string; message: string }) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<FormResult | undefined>(undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const file = form.get("imageUrl");
    if (!(file instanceof File) || file.size === 0) return;
    event.preventDefault();
    if (file.size > MAX_IMAGE_BYTES) {
      setResult({ msg: "The image is larger than 10MB.", code: "too_large", fields: { imageUrl: "The image must be at most 10MB" } });
      return;
    }
    setProgress(0);
    void uploadForm("POST", apiUrl, form, setProgress).then((res) => {
      setProgress(null);
      if (!res.ok) return setResult(res.error);
      toast.success(message);
      void navigate(done);
    });
  }
  return { progress, result, onSubmit };
}

/** The dashed 'Choose an image' box over a file input (in a Field, or alone), with the upload's progress when there is one. */
export function ImageChooser({
  control,
  progress = null,
  fileName,
  onChoose,
}: {
  control: ControlProps;
  progress?: number | null;
  /** the chosen file's name, when the caller keeps the file (and forgets it after an upload) */
  fileName?: string | null;
  onChoose?: (file: File | null) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = fileName === undefined ? picked : fileName;
  return (
    <>
      <label
        htmlFor={control.id}
        className="flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed border-line px-4 py-6 text-center hover:border-rose"
      >
        <ImageUp size={24} className="text-rose" aria-hidden="true" />
        <span className="mt-1 text-sm font-semibold">{chosen ?? "Choose an image"}</span>
        <span className="text-xs text-muted">PNG, JPG, GIF up to 10MB</span>
      </label>
      <input
        {...control}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0] ?? null;
          setPicked(file?.name ?? null);
          onChoose?.(file);
        }}
      />
      {progress !== null ? (
        <div className="mt-2">
          <progress max={100} value={progress} className="h-2 w-full accent-rose" aria-label="Upload progress" />
          <p className="text-xs text-muted">Uploading… {progress}%</p>
        </div>
      ) : null}
    </>
  );
}
