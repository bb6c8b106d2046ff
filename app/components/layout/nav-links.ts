// docs/product.md §2 "Header": the desktop links and their labels.
export const navLinks = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/products", label: "Self-Care Packages" },
  { to: "/products?sort=best_selling", label: "Stress Relief" },
  { to: "/blogs", label: "Blog" },
  { to: "/author", label: "Coaching Services" },
  { to: "/contact", label: "Contact" },
] as const;
