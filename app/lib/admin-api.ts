import { failure, OFFLINE, type ApiResult } from "./api-client";

/** Multipart upload with progress (fetch cannot report upload progress; XHR can). */
export function uploadForm<T>(
  method: "POST" | "PUT",
  url: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let data: unknown = {};
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: keep {} */
      }
      resolve(xhr.status >= 200 && xhr.status < 300 ? { ok: true, data: data as T } : failure(xhr.status, data));
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, error: OFFLINE });
    xhr.send(form);
  });
}

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
