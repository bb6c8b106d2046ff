import { useId, useState } from "react";
import toast from "react-hot-toast";
import { useFetcher, useRevalidator } from "react-router";
import { MAX_IMAGE_BYTES, uploadForm } from "../../lib/admin-api";
import { useBusy, useOnAnswer, type FormResult } from "../../lib/forms";
import { ImageChooser } from "./admin-form";

type Props = {
  /** PUT target of the API for the multipart image update (sent with XHR for its progress) */
  url: string;
  /** the screen's action removes the current image (products only) */
  removable?: boolean;
  imageUrl: string | null;
  alt: string;
};

/**
 * docs/product.md §2 edit screens: a separate image panel; choosing a file enables Update Image, which
 * uploads with progress (docs/decisions/0011-one-way-to-write.md); Remove Current Image posts to the
 * screen's action.
 */
export function ImagePanel({ url, removable = false, imageUrl, alt }: Props) {
  const id = useId();
  const revalidator = useRevalidator();
  const remover = useFetcher<FormResult>();
  const removing = useBusy(remover);
  // the uploaded image shows at once; the screen's data catches up when it reloads
  const [uploaded, setUploaded] = useState<string | null | undefined>(undefined);
  const current = uploaded === undefined ? imageUrl : uploaded;
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useOnAnswer(remover.data, (answer) => {
    if (!answer.ok) return setError("Failed to remove image. Please try again");
    setUploaded(undefined);
    toast.success("Image removed");
  });

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
    setUploaded(res.data.imageUrl);
    setFile(null);
    toast.success("Image updated");
    void revalidator.revalidate();
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
          <ImageChooser
            control={{ id: `${id}-file`, name: "imageUrl", className: "input" }}
            progress={progress}
            fileName={file?.name ?? null}
            onChoose={(chosen) => {
              setFile(chosen);
              setError(null);
            }}
          />
          {error ? (
            <p role="alert" className="mt-2 text-sm font-semibold text-rose-dark">
              {error}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn-primary min-h-10 py-2" disabled={!file || progress !== null} onClick={upload}>
              Update Image
            </button>
            {removable && current ? (
              <remover.Form method="post" onSubmit={() => setError(null)}>
                <button type="submit" name="intent" value="removeImage" className="btn-outline min-h-10 py-2" disabled={removing}>
                  Remove Current Image
                </button>
              </remover.Form>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
