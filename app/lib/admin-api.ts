import type { ApiError } from "./api-client";

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: ApiError };

const offline: ApiError = { msg: "You seem to be offline. Please check your connection and try again." };

/** JSON call to our own /api (PUT, PATCH, DELETE, POST) from an admin screen. */
export async function sendJson<T>(method: string, url: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const res = await fetch(url, {
      method,
      headers: { Accept: "application/json", ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      credentials: "same-origin",
    });
    const data = await res.json().catch(() => ({}));
    if (res.ok) return { ok: true, data: data as T };
    return {
      ok: false,
      status: res.status,
      error: { msg: (data as ApiError).msg ?? "Something went wrong. Please try again.", ...(data as object) },
    };
  } catch {
    return { ok: false, status: 0, error: offline };
  }
}

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
      if (xhr.status >= 200 && xhr.status < 300) resolve({ ok: true, data: data as T });
      else
        resolve({
          ok: false,
          status: xhr.status,
          error: { msg: (data as ApiError).msg ?? "Something went wrong. Please try again.", ...(data as object) },
        });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, error: offline });
    xhr.send(form);
  });
}

/** Zod issues → {field: message}, for showing a form's errors before sending. */
export function issuesToFields(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const i of issues) fields[String(i.path[0] ?? "_")] ??= i.message;
  return fields;
}

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
