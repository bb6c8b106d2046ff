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
