// docs/product.md §4 "Payment widget script loading": up to 3 attempts, 1 second apart,
// then 'Failed to load payment modal. Check your internet connection and retry later.'
export const PAYSTACK_SCRIPT = "https://js.paystack.co/v2/inline.js";
export const SCRIPT_LOAD_FAILED = "Failed to load payment modal. Check your internet connection and retry later.";
const ATTEMPTS = 3;
const RETRY_MS = 1000;
// a request that neither loads nor fails (a stalled mobile connection) counts as a failed attempt
const ATTEMPT_TIMEOUT_MS = 10_000;

type PaystackPopup = {
  resumeTransaction(accessCode: string, callbacks: { onSuccess?: () => void; onCancel?: () => void; onError?: (e: unknown) => void }): void;
};
declare global {
  interface Window {
    PaystackPop?: new () => PaystackPopup;
  }
}

function loadOnce(src: string, nonce: string | undefined, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    const fail = () => {
      window.clearTimeout(timer);
      script.onload = script.onerror = null;
      script.remove();
      reject(new Error("script failed"));
    };
    const timer = window.setTimeout(fail, timeoutMs);
    script.src = src;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => {
      window.clearTimeout(timer);
      resolve();
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
}

export async function loadPaystackScript(nonce?: string, src = PAYSTACK_SCRIPT, timeoutMs = ATTEMPT_TIMEOUT_MS): Promise<void> {
  if (window.PaystackPop) return;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      await loadOnce(src, nonce, timeoutMs);
      if (window.PaystackPop) return;
    } catch {
      /* retried below */
    }
    if (attempt < ATTEMPTS) await new Promise((r) => setTimeout(r, RETRY_MS));
  }
  throw new Error(SCRIPT_LOAD_FAILED);
}

/** Opens Paystack's popup on a transaction our server initialized; resolves when it closes. */
export function openPaystackPopup(accessCode: string): Promise<"success" | "cancel"> {
  return new Promise((resolve, reject) => {
    const Pop = window.PaystackPop;
    if (!Pop) return reject(new Error(SCRIPT_LOAD_FAILED));
    new Pop().resumeTransaction(accessCode, { onSuccess: () => resolve("success"), onCancel: () => resolve("cancel"), onError: reject });
  });
}
