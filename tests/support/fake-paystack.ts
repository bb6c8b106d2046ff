import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Paystack's API as a refund test needs it, on loopback: `POST /transaction/initialize` answers
 * an authorization URL; `POST /refund` gives back at most what the transaction named took, less
 * what it already gave back, as Paystack does ("Refund amount cannot be more than the transaction
 * amount"), else answers queued with a refund id. `charged` is told each transaction's amount by
 * the test; `refuse` makes the next refunds fail with Paystack's words. Every request is in `seen`.
 */
export async function startFakePaystack() {
  const seen: { method: string; url: string; body: string }[] = [];
  const charged = new Map<string, number>();
  const given = new Map<string, number>();
  const state: { refuse: string | null } = { refuse: null };
  let nextRefundId = 7_100_001;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, body });
      res.setHeader("Content-Type", "application/json");
      const answer = (status: number, json: unknown) => {
        res.statusCode = status;
        res.end(JSON.stringify(json));
      };
      if (req.method === "POST" && req.url === "/transaction/initialize") {
        const { reference } = JSON.parse(body);
        return answer(200, {
          status: true,
          data: { authorization_url: `https://checkout.paystack.test/${reference}`, access_code: "a", reference },
        });
      }
      if (req.method === "POST" && req.url === "/refund") {
        const { transaction, amount } = JSON.parse(body) as { transaction: string; amount: number };
        const took = charged.get(String(transaction));
        if (took === undefined) return answer(400, { status: false, message: "Transaction not found" });
        if (state.refuse) return answer(400, { status: false, message: state.refuse });
        if (amount > took - (given.get(String(transaction)) ?? 0))
          return answer(400, { status: false, message: "Refund amount cannot be more than the transaction amount" });
        given.set(String(transaction), (given.get(String(transaction)) ?? 0) + amount);
        return answer(200, {
          status: true,
          message: "Refund has been queued for processing",
          data: { id: nextRefundId++, amount, status: "pending" },
        });
      }
      answer(404, { status: false, message: "no route" });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    charged,
    /** what each transaction gave back so far, as the fake counted it */
    given,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A webhook body signed as Paystack signs it (HMAC-SHA512 of the raw body with the secret key). */
export const paystackSignature = (raw: string, secret: string) => crypto.createHmac("sha512", secret).update(raw).digest("hex");
