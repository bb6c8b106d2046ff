/** JSON call to our own /api from the browser; the error body is {msg, code, fields}. */
export type ApiError = { msg: string; code?: string; fields?: Record<string, string> };

export async function postJson<T>(
  url: string,
  body: unknown,
  init: RequestInit = {},
): Promise<{ ok: true; data: T } | { ok: false; error: ApiError; status: number }> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      ...init,
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
