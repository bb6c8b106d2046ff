export type ReviewView = {
  id: string;
  userId: string;
  productId: string;
  rating: number;
  comment: string;
  /** first name and last initial of the reviewer, never the email */
  author: string;
  createdAt: string;
};

/** Who looks at a product's review form: a guest (log in first), a signed-in shopper who has not bought it, or a buyer. */
export type Reviewer = "guest" | "not_buyer" | "buyer";
