/** The header's page links (docs/product.md §2 Layout), shared by the desktop bar and the phone drawer. */
export const NAV_LINKS = [
  { to: "/", label: "HOME" },
  { to: "/about", label: "ABOUT US" },
  { to: "/products", label: "PRODUCTS" },
  { to: "/contact", label: "CONTACT" },
] as const;

export const CUSTOMER_LINKS = [
  { to: "/profile", label: "User Profile" },
  { to: "/orderhistory", label: "Order History" },
  { to: "/subscriptions", label: "My subscriptions" },
] as const;

export const ADMIN_LINKS = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/delivery", label: "Delivery" },
  { to: "/admin/subscriptions", label: "Subscriptions" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/promotions", label: "Promotions" },
] as const;

/** Routes whose bar is fixed over a full-bleed hero; the rest get a sticky bar. */
export const FIXED_HEADER_PATHS = new Set(["/", "/about", "/contact"]);
