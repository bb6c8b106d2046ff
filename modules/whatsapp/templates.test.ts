// docs/product.md "WhatsApp order updates" is what the owner reads to create the shop's templates in
// WhatsApp Manager: each template the shop sends is listed there with its body, word for word, and
// nothing else is.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { isMarketingTemplate, whatsappTemplates } from "./templates";

const guide = fs.readFileSync(new URL("../../docs/product.md", import.meta.url), "utf8");
const section = guide.slice(guide.indexOf("## WhatsApp order updates"), guide.indexOf("## Gift orders"));

describe("the templates the owner creates", () => {
  it("are listed in the guide with the bodies the shop fills in, and no others", () => {
    const listed = Object.fromEntries([...section.matchAll(/^ {2}- `(\w+)`: (.+)$/gm)].map((m) => [m[1], m[2]]));
    expect(listed).toEqual(whatsappTemplates);
  });

  it("name the Marketing ones as the shop sends them", () => {
    const marketing = Object.keys(whatsappTemplates).filter(isMarketingTemplate);
    expect(marketing).toEqual(["checkout_reminder", "back_in_stock", "gift_reminder"]);
    for (const name of marketing) expect(section).toContain(`\`${name}\``);
    expect(section).toMatch(/\*\*Marketing\*\* for\s+`checkout_reminder`, `back_in_stock` and `gift_reminder`/);
  });
});
