import { redirect } from "react-router";

// docs/product.md §2: the LGA forms' Cancel points at /admin/lga, which is not a screen; it lands on /lga.
export const loader = () => redirect("/lga", 301);
