import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { createLogger } from "../../../lib/logger.server";
import { appContext, type AppServices } from "../../context";
import { action } from "./review";

// docs/product.md §8, standalone review form: the server's message, or 'An error occured while submitting
// the review' when the failure has no message of its own (here: the database is down).
const PRODUCT_ID = "5f0c4c59-3a44-4c56-9a55-3b1a1f0e7a01";
const brokenDb = new Proxy({} as Db, {
  get: () => () => {
    throw new Error("connection terminated unexpectedly");
  },
});

function post(fields: Record<string, string>) {
  const context = new RouterContextProvider();
  const services: AppServices = {
    db: brokenDb,
    env: {} as AppServices["env"],
    logger: createLogger("silent"),
    requestId: "test",
    nonce: "n",
    user: { id: "7d3f8a9e-1111-4a2b-8c3d-000000000002", role: "customer", firstName: "Ada", lastName: "Obi", email: "ada@x.ng" },
    clientIp: "local",
  };
  context.set(appContext, services);
  const request = new Request("http://localhost/review", { method: "POST", body: new URLSearchParams(fields) });
  return action({ context, request, params: {} } as never);
}

// the forms' one error protocol (docs/decisions/0011-one-way-to-write.md): the API's {msg, code, fields} with its status
describe("/review action", () => {
  it("answers an unexpected failure with the spec's fallback message", async () => {
    expect(await post({ productId: PRODUCT_ID, rating: "4", comment: "Lovely paper" })).toMatchObject({
      data: { msg: "An error occured while submitting the review", code: "internal" },
      init: { status: 500 },
    });
  });

  it("answers a bad field with the schema's message, before touching the database", async () => {
    expect(await post({ productId: PRODUCT_ID, comment: "Lovely paper" })).toMatchObject({
      data: { code: "invalid", fields: { rating: "Choose a rating from 1 to 5" } },
      init: { status: 400 },
    });
  });

  it("refuses a NUL character with a message instead of a database error", async () => {
    const answer = await post({ productId: PRODUCT_ID, rating: "4", comment: "Lovely\u0000paper" });
    expect(answer).toMatchObject({
      data: { msg: "The text holds an invisible control character. Please remove it and try again." },
      init: { status: 400 },
    });
  });
});
