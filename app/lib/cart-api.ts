import type { ApiError } from "./api-client";

/** PUT/DELETE/GET JSON calls to our own /api from the browser (postJson covers POST). */
export async function sendJson<T>(
  method: "GET" | "PUT" | "DELETE",
  url: string,
  body?: unknown,
): Promise<{ ok: true; data: T } | { ok: false; error: ApiError; status: number }> {
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
    return { ok: false, status: 0, error: { msg: "You seem to be offline. Please check your connection and try again." } };
  }
}
