import { describe, expect, it } from "vitest";
import type { EntryContext } from "react-router";
import { hydrateAfterPaint, startsAtOnce } from "./hydrate-after-paint.server";

const nonce = 'nonce="abc123=="';
const page = [
  `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css" data-precedence="shop"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-1.js" ${nonce}/><link rel="modulepreload" href="/assets/framework-2.js" ${nonce}/>`,
  `</head><body><main>Lavender journal</main>`,
  `<script ${nonce}>window.__reactRouterContext = {};</script>`,
  `<script ${nonce} type="module" async="">import * as route0 from "/assets/root-3.js";\nimport("/assets/entry.client-1.js");</script>`,
  `<script ${nonce}>window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>`,
].join("");

describe("hydrateAfterPaint", () => {
  it("sends React Router's module script inert, without its modulepreloads, and a starter that asks for them after the first paint", () => {
    const html = hydrateAfterPaint(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(`<script ${nonce} type="text/x-after-paint" data-after-paint="">import * as route0 from "/assets/root-3.js";`);
    const starter = /<script nonce="abc123==">(\(function\(\)\{var started[\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(starter).toContain('["/assets/entry.client-1.js","/assets/framework-2.js"]');
    expect(starter).toContain("document.fonts.ready");
    expect(starter).toContain("requestAnimationFrame");
    // and, where the browser reports paints, the first contentful paint has been reported
    expect(starter).toContain('observe({type:"paint",buffered:true})');
    // everything else is where it was: the stylesheet, the content, the context and data scripts
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="shop"/></head>');
    expect(html.indexOf("window.__reactRouterContext = {}")).toBeLessThan(html.indexOf("data-after-paint"));
    expect(html.indexOf("data-after-paint")).toBeLessThan(html.indexOf("var started"));
    expect(html.indexOf("var started")).toBeLessThan(html.indexOf("streamController.enqueue"));
  });

  it("leaves a page without React Router's module script (no JavaScript) as it is", () => {
    const plain = "<!DOCTYPE html><html><head></head><body><main>Track your order</main></body></html>";
    expect(hydrateAfterPaint(plain)).toBe(plain);
  });
});

describe("startsAtOnce", () => {
  const pageOf = (handles: Record<string, unknown>) =>
    ({
      staticHandlerContext: { matches: Object.keys(handles).map((id) => ({ route: { id } })) },
      routeModules: Object.fromEntries(Object.entries(handles).map(([id, handle]) => [id, { handle }])),
    }) as unknown as EntryContext;

  it("is true for a page under a route whose handle says scripts: 'at-once' (the back office)", () => {
    expect(
      startsAtOnce(pageOf({ root: undefined, "routes/admin/layout": { scripts: "at-once" }, "routes/admin/dashboard": undefined })),
    ).toBe(true);
  });

  it("is false for the storefront's pages, with or without a script", () => {
    expect(startsAtOnce(pageOf({ root: undefined, "routes/shop/layout": undefined, "routes/shop/home": {} }))).toBe(false);
    expect(startsAtOnce(pageOf({ root: undefined, "routes/shop/track": { scripts: false } }))).toBe(false);
  });
});
