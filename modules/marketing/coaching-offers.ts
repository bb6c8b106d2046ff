// docs/product.md "Messages": what a coaching request may ask for (safe for the browser, no zod).
export const coachingOffers = ["call", "vip", "roadmap"] as const;
export type CoachingOffer = (typeof coachingOffers)[number];
export const coachingOfferNames: Record<CoachingOffer, string> = {
  call: "Free get-started call",
  vip: "Mindful Living VIP coaching",
  roadmap: "Your healing roadmap",
};
export const isCoachingOffer = (v: unknown): v is CoachingOffer => coachingOffers.includes(v as CoachingOffer);
