import crypto from "node:crypto";
import { AppError } from "../../lib/errors";
import type { PaymentProvider, VerifiedPayment } from "./types";

type PaystackOptions = { secretKey: string; apiBase: string; timeoutMs?: number };

type PaystackAnswer<T> = { status: boolean; message?: string; data?: T };

/** Paystack's API (https://paystack.com/docs/api/transaction): amounts in kobo, our own reference. */
export function paystackProvider({ secretKey, apiBase, timeoutMs = 15_000 }: PaystackOptions): PaymentProvider {
  const base = apiBase.replace(/\/+$/, "");
  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${secretKey}`, "Content-Type": "application/json", Accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new AppError("unavailable", "The payment service cannot be reached. Please try again in a moment.");
    }
    const body = (await res.json().catch(() => null)) as PaystackAnswer<T> | null;
    if (!res.ok || !body?.status || !body.data) {
      throw new AppError("payment_failed", body?.message ? `Payment service: ${body.message}` : "The payment service refused the request.");
    }
    return body.data;
  }

  return {
    name: "paystack",
    async initialize({ reference, amountKobo, email, callbackUrl }) {
      const data = await call<{ authorization_url: string; access_code: string }>("/transaction/initialize", {
        method: "POST",
        // cancel_action: 'Cancel' on Paystack's page comes back to our callback too, where verify sees it abandoned
        body: JSON.stringify({
          email,
          amount: amountKobo,
          currency: "NGN",
          reference,
          callback_url: callbackUrl,
          metadata: { cancel_action: callbackUrl },
        }),
      });
      return { authorizationUrl: data.authorization_url, accessCode: data.access_code };
    },
    async verify(reference): Promise<VerifiedPayment> {
      const data = await call<{ status: string; amount: number; currency: string; id: number | string; reference: string }>(
        `/transaction/verify/${encodeURIComponent(reference)}`,
      );
      // an answer about another transaction is no answer about ours
      if (data.reference !== reference) return { status: "failed", amountKobo: 0, currency: "", transactionId: null };
      const status =
        data.status === "success" ? "success" : data.status === "abandoned" ? "abandoned" : data.status === "failed" ? "failed" : "pending";
      return { status, amountKobo: Number(data.amount), currency: data.currency, transactionId: data.id != null ? String(data.id) : null };
    },
  };
}

/** The webhook's x-paystack-signature: HMAC-SHA512 of the raw body, compared in constant time. */
export function isValidPaystackSignature(secretKey: string, rawBody: string, signature: string | undefined): boolean {
  if (!secretKey || !signature) return false;
  const expected = Buffer.from(crypto.createHmac("sha512", secretKey).update(rawBody, "utf8").digest("hex"), "utf8");
  const given = Buffer.from(signature.trim().toLowerCase(), "utf8");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
