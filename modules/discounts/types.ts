/** Where a code stands now: usable, paused by the owner, not started, ended, or every use taken. */
export type DiscountState = "active" | "paused" | "scheduled" | "ended" | "used_up";

/** A discount code as the back office sees it (docs/product.md "Discount codes"): money in naira, times with Lagos's offset. */
export type DiscountCode = {
  id: string;
  code: string;
  kind: "fixed" | "percent" | "free_delivery";
  /** fixed: naira off (null for the other kinds) */
  amount: number | null;
  /** percent: 1–100 (null for the other kinds) */
  percent: number | null;
  minOrder: number;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  /** 2027-02-14T09:00:00+01:00 (Lagos time), or null: from now / never ends */
  startsAt: string | null;
  endsAt: string | null;
  productIds: string[];
  categoryIds: string[];
  paused: boolean;
  state: DiscountState;
  /** unpaid orders holding a use */
  held: number;
  createdAt: string;
  updatedAt: string;
};

/** A code's sales figures (modules/reports/discount-codes.server.ts): its paid orders only. */
export type DiscountFigures = {
  /** paid orders carrying the code */
  uses: number;
  /** the paid orders' totals, naira */
  revenue: number;
  /** what the code took off the paid orders, naira */
  discountGiven: number;
};

/** The code with its figures: the list, GET /api/discounts and the edit screen. */
export type DiscountCodeView = DiscountCode & DiscountFigures;

/** What a code's scope can name, for the admin form. */
export type ScopeChoices = { products: { id: string; title: string }[]; categories: { id: string; name: string }[] };
