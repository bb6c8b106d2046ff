import { Hono } from "hono";
import { AppError } from "../../lib/errors";
import { handleWhatsAppEvent, isValidWhatsAppSignature } from "../../modules/whatsapp/webhook.server";
import type { AppDeps, AppEnv } from "../context";

// The WhatsApp Cloud API's webhook (modules/whatsapp/webhook.server.ts). GET is Meta's subscription
// check: it echoes hub.challenge when hub.verify_token is ours. POST is a signed delivery.
export function whatsappRoutes({ database, env }: AppDeps) {
  return new Hono<AppEnv>()
    .get("/whatsapp/webhook", (c) => {
      const token = env.WHATSAPP_VERIFY_TOKEN;
      if (!token || c.req.query("hub.mode") !== "subscribe" || c.req.query("hub.verify_token") !== token)
        throw new AppError("forbidden", "Not a subscription check of this shop's WhatsApp webhook.");
      return c.text(c.req.query("hub.challenge") ?? "");
    })
    .post("/whatsapp/webhook", async (c) => {
      const raw = await c.req.text();
      if (!isValidWhatsAppSignature(env.WHATSAPP_APP_SECRET ?? "", raw, c.req.header("x-hub-signature-256")))
        throw new AppError("unauthorized", "Invalid signature.");
      let event: unknown;
      try {
        event = JSON.parse(raw);
      } catch {
        throw new AppError("invalid", "The request body is not valid JSON.");
      }
      await handleWhatsAppEvent(database.db, event);
      return c.json({ received: true });
    });
}
