import crypto from "node:crypto";
import { AppError } from "../../lib/errors";
import type { PaymentProvider, StartedRefund, VerifiedPayment } from "./types";

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
    async initialize({ reference, amountKobo, email, callbackUrl, channels }) {
      const data = await call<{ authorization_url: string; access_code: string }>("/transaction/initialize", {
        method: "POST",
        // cancel_action: 'Cancel' on Paystack's page comes back to our callback too, where verify sees it abandoned
        body: JSON.stringify({
          email,
          amount: amountKobo,
          currency: "NGN",
          reference,
          callback_url: callbackUrl,
          // the owner's channels, explicitly: what the checkout promised is what the page offers
          ...(channels?.length ? { channels } : {}),
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
    // https://paystack.com/docs/api/refund: POST /refund with the transaction (id or reference) and the amount in kobo
    async refund({ transaction, amountKobo, currency, reference, note }): Promise<StartedRefund> {
      const data = await call<{ id: number | string; status?: string }>("/refund", {
        method: "POST",
        body: JSON.stringify({
          transaction,
          amount: amountKobo,
          currency,
          merchant_note: [`Alafia refund ${reference}`, note].filter(Boolean).join(": "),
        }),
      });
      if (data.id == null) throw new AppError("payment_failed", "The payment service did not say which refund it made.");
      return { providerRefundId: String(data.id), status: data.status === "processed" ? "processed" : "pending" };
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
