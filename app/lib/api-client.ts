/** JSON calls to our own /api from the browser; the error body is {msg, code, fields}. */
export type ApiError = { msg: string; code?: string; fields?: Record<string, string> };
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: ApiError };

export const OFFLINE: ApiError = { msg: "You seem to be offline. Please check your connection and try again." };

/** An answer that is not a success, as a result the screens show: the server's msg, or a plain one. */
export function failure(status: number, data: unknown): { ok: false; status: number; error: ApiError } {
  return { ok: false, status, error: { msg: (data as ApiError).msg ?? "Something went wrong. Please try again.", ...(data as object) } };
}

/** The one JSON client: any method, a JSON body when given, cookies of this origin. */
export async function sendJson<T>(method: string, url: string, body?: unknown, init: RequestInit = {}): Promise<ApiResult<T>> {
  try {
    const res = await fetch(url, {
      method,
      headers: { Accept: "application/json", ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      credentials: "same-origin",
      ...init,
    });
    const data = await res.json().catch(() => ({}));
    return res.ok ? { ok: true, data: data as T } : failure(res.status, data);
  } catch {
    return { ok: false, status: 0, error: OFFLINE };
  }
}

export const postJson = <T>(url: string, body: unknown, init: RequestInit = {}) => sendJson<T>("POST", url, body, init);
