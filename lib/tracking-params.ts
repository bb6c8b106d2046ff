// What ad and social platforms add to a shared link, for their own counting: Facebook and
// Instagram a click id unique to every click (fbclid), campaigns their utm_* tags, Google, TikTok,
// X, LinkedIn, Mailchimp theirs. No page reads them.
const TRACKING =
  /^(utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|igshid|igsh|ttclid|twclid|li_fat_id|mc_cid|mc_eid|srsltid|yclid|_ga|_gl)$/i;
// a query that cannot hold one is returned as it is, unparsed (most of them)
const MAYBE_TRACKING =
  /[?&](utm_|fbclid|gclid|gbraid|wbraid|dclid|msclkid|igsh|ttclid|twclid|li_fat_id|mc_cid|mc_eid|srsltid|yclid|_ga|_gl)/i;

/**
 * A query string without the platforms' tracking parameters, the others in their order: `?` and
 * what is left, or "" when nothing is. A promo shared on Instagram brings every visitor with her
 * own fbclid; without this, each of them would be a page rendered anew.
 */
export function withoutTrackingParams(search: string): string {
  if (!search || search === "?") return "";
  if (!MAYBE_TRACKING.test(search)) return search;
  const params = new URLSearchParams(search);
  let dropped = false;
  for (const name of [...params.keys()])
    if (TRACKING.test(name)) {
      params.delete(name);
      dropped = true;
    }
  if (!dropped) return search;
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
