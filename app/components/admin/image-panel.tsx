import { ImageUp } from "lucide-react";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { MAX_IMAGE_BYTES, uploadForm } from "../../lib/admin-api";
import { sendJson } from "../../lib/api-client";

type Props = {
  /** PUT target for the multipart image update */
  url: string;
  /** DELETE target to remove the current image (products only) */
  removeUrl?: string;
  imageUrl: string | null;
  alt: string;
};

/** docs/product.md §2 edit screens: a separate image panel; choosing a file enables Update Image; progress while uploading. */
export function ImagePanel({ url, removeUrl, imageUrl, alt }: Props) {
  const id = useId();
  const [current, setCurrent] = useState(imageUrl);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  async function upload() {
    // docs/product.md §5: a chosen file that is empty (0 bytes) is no image either; the API says the same (server/multipart.ts)
    if (!file || file.size === 0) {
      setError("Please select an image to upload");
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setError("The image must be at most 10MB");
      return;
    }
    setError(null);
    setProgress(0);
    const form = new FormData();
    form.set("imageUrl", file);
    const res = await uploadForm<{ imageUrl: string | null }>("PUT", url, form, setProgress);
    setProgress(null);
    if (!res.ok) {
      setError(res.error.fields?.imageUrl ?? "Failed to update image. Please try again");
      return;
    }
    setCurrent(res.data.imageUrl);
    setFile(null);
    toast.success("Image updated");
  }

  async function remove() {
    if (!removeUrl) return;
    setRemoving(true);
    const res = await sendJson<{ imageUrl: string | null }>("DELETE", removeUrl);
    setRemoving(false);
    if (!res.ok) {
      setError("Failed to remove image. Please try again");
      return;
    }
    setCurrent(null);
    toast.success("Image removed");
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-linen p-4">
      <h2 id={`${id}-title`} className="text-lg">
        Image
      </h2>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
        {current ? (
          <img src={current} alt={alt} width={160} height={160} className="h-40 w-40 rounded-xl object-cover" />
        ) : (
          <div className="flex h-40 w-40 items-center justify-center rounded-xl bg-sand text-sm text-muted">No image</div>
        )}
        <div className="flex-1">
          <label
            htmlFor={`${id}-file`}
            className="flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed border-line px-4 py-6 text-center hover:border-rose"
          >
            <ImageUp size={24} className="text-rose" aria-hidden="true" />
            <span className="mt-1 text-sm font-semibold">{file ? file.name : "Choose an image"}</span>
            <span className="text-xs text-muted">PNG, JPG, GIF up to 10MB</span>
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="sr-only"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
            }}
          />
          {progress !== null ? (
            <div className="mt-3">
              <progress max={100} value={progress} className="h-2 w-full accent-rose" aria-label="Upload progress" />
              <p className="text-xs text-muted">Uploading… {progress}%</p>
            </div>
          ) : null}
          {error ? (
            <p role="alert" className="mt-2 text-sm font-semibold text-rose">
              {error}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn-primary min-h-10 py-2" disabled={!file || progress !== null} onClick={upload}>
              Update Image
            </button>
            {removeUrl && current ? (
              <button type="button" className="btn-outline min-h-10 py-2" disabled={removing} onClick={remove}>
                Remove Current Image
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
