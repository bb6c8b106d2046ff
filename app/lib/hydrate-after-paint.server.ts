import type { EntryContext } from "react-router";
import type { ScriptsHandle } from "./scripted";

// the text waits for the shop's fonts (a short block, then the fallback): so do the scripts, at most this long
const FONT_WAIT_MS = 3000;
// React Router's module script, as <Scripts /> renders it (its nonce, then `type` and `async`)
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/;
// the modulepreload links React puts in the head for <Scripts />
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;

/**
 * The page's JavaScript is fetched and run once the phone has painted the page, not before: on a
 * slow network the framework's 100 KB no longer share the first round trips with the stylesheet,
 * the fonts and the first image, and the first paint never waits for its start-up
 * (docs/decisions/0018). React Router's module script (the one that imports the route modules and
 * hydrates) is sent inert and its modulepreload links are left out. A small script asks for all
 * the modules at once and starts the module script once the fonts are in, the next frame is drawn
 * and (where the browser reports paints) the first contentful paint is reported; at the latest
 * FONT_WAIT_MS and a frame after the page arrives. The context and data scripts run as before. A
 * page without that script (no JavaScript) is returned as it is. Links and forms work before the
 * script runs.
 */
export function hydrateAfterPaint(html: string): string {
  const found = MODULE_SCRIPT.exec(html);
  if (!found) return html;
  const end = html.indexOf("</script>", found.index);
  if (end < 0) return html;
  const nonceAttribute = found[1] ?? "";
  const close = end + "</script>".length;
  const inert = `<script${nonceAttribute} type="text/x-after-paint" data-after-paint="">`;
  const modules: string[] = [];
  const head = html.slice(0, found.index).replace(MODULE_PRELOAD, (_link, href: string) => {
    modules.push(href);
    return "";
  });
  // a hidden tab paints nothing: it starts at once
  const starter =
    `<script${nonceAttribute}>(function(){var started=false,go=function(){` +
    `var s=document.querySelector("script[data-after-paint]");if(started||!s)return;started=true;` +
    `${JSON.stringify(modules)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)});` +
    `var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)};` +
    `var frame=function(f){requestAnimationFrame(function(){setTimeout(f,0)})};` +
    // a frame after the fonts is not always a painted one (a busy phone presents it later): where the
    // browser reports its first contentful paint, wait for that report too
    `var painted=function(){var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes;` +
    `if(!t||t.indexOf("paint")<0||performance.getEntriesByName("first-contentful-paint").length)return go();` +
    `new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true})};` +
    `if(document.visibilityState==="hidden")go();else{setTimeout(function(){frame(go)},${FONT_WAIT_MS});if(document.fonts)document.fonts.ready.then(function(){frame(painted)})}})()</script>`;
  return head + inert + html.slice(found.index + found[0].length, close) + starter + html.slice(close);
}

/**
 * True when a route of the page says `handle = { scripts: "at-once" }`: the back office, where
 * staff act the moment a screen is there (a delete asks for confirmation, a save is toasted, an
 * image upload shows its progress) and a first paint on mobile data matters less than the script.
 */
export function startsAtOnce({ staticHandlerContext, routeModules }: EntryContext): boolean {
  return staticHandlerContext.matches.some((m) => (routeModules[m.route.id]?.handle as ScriptsHandle | undefined)?.scripts === "at-once");
}
