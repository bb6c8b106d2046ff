import type { ImageVariant } from "../../db/schema/columns";
import type { ProductFieldChange } from "../../db/schema/catalog";

/** A product as the API and the screens see it: money in naira (docs/product.md §3 field names). */
export type ProductView = {
  id: string;
  title: string;
  description: string;
  imageUrl: string | null;
  images: ImageVariant[];
  price: number;
  discount: number;
  size: string | null;
  color: string | null;
  /** false: stock is not counted, the product is always buyable (no 'Only N left', never 'Sold out') */
  trackStock: boolean;
  /** units left when tracked; null when not */
  stock: number | null;
  /** a pre-order's Lagos day it ships from (docs/product.md "Pre-orders"); null when it is in */
  shipsFrom: string | null;
  categoryId: string;
  category: { id: string; name: string };
  rating: number;
  reviews: number;
  createdAt: string;
};

export type CategoryView = {
  id: string;
  name: string;
  imageUrl: string | null;
  images: ImageVariant[];
  productCount: number;
};

export type ProductChangeField = ProductFieldChange["field"];

/**
 * One save in a product's history, in the API's units: naira for the price and the sale price
 * (`discount`, 0 for none), units for the stock (null: not tracked).
 */
export type ProductChangeView = {
  at: string;
  /** the product was added with these values (nothing before) */
  added: boolean;
  /** the title, the category (its name then) and the photo (its address; null: none) as text */
  changes: ProductFieldChange[];
  /** the member's name as it was then; null: not made by a member */
  by: string | null;
};

/** A save on the owner's dashboard, with the product it changed. */
export type RecentProductChange = ProductChangeView & { product: { id: string; title: string } };
