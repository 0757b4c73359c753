import { defineMessage } from "react-intl";

/** The header's page links (docs/product.md §2 Layout), shared by the desktop bar and the phone drawer. */
export const NAV_LINKS = [
  { to: "/", label: defineMessage({ id: "nav.home", defaultMessage: "HOME" }) },
  { to: "/about", label: defineMessage({ id: "nav.about", defaultMessage: "ABOUT US" }) },
  { to: "/products", label: defineMessage({ id: "nav.products", defaultMessage: "PRODUCTS" }) },
  { to: "/contact", label: defineMessage({ id: "nav.contact", defaultMessage: "CONTACT" }) },
] as const;

export const CUSTOMER_LINKS = [
  { to: "/profile", label: defineMessage({ id: "nav.profile", defaultMessage: "User Profile" }) },
  { to: "/orderhistory", label: defineMessage({ id: "nav.orders", defaultMessage: "Order History" }) },
  {
    to: "/subscriptions",
    label: defineMessage({ id: "nav.subscriptions", defaultMessage: "My subscriptions" }),
  },
] as const;

/** The admin's links (the admin screens stay in English). */
export const ADMIN_LINKS = [
  {
    to: "/admin/dashboard",
    label: defineMessage({ id: "admin.nav.dashboard", defaultMessage: "Dashboard" }),
  },
  { to: "/admin/products", label: defineMessage({ id: "admin.nav.products", defaultMessage: "Products" }) },
  { to: "/admin/orders", label: defineMessage({ id: "admin.nav.orders", defaultMessage: "Orders" }) },
  { to: "/admin/delivery", label: defineMessage({ id: "admin.nav.delivery", defaultMessage: "Delivery" }) },
  {
    to: "/admin/subscriptions",
    label: defineMessage({ id: "admin.nav.subscriptions", defaultMessage: "Subscriptions" }),
  },
  { to: "/admin/users", label: defineMessage({ id: "admin.nav.users", defaultMessage: "Users" }) },
  { to: "/admin/messages", label: defineMessage({ id: "admin.nav.messages", defaultMessage: "Messages" }) },
  {
    to: "/admin/promotions",
    label: defineMessage({ id: "admin.nav.promotions", defaultMessage: "Promotions" }),
  },
] as const;

/** Routes whose bar is fixed over a full-bleed hero; the rest get a sticky bar. */
export const FIXED_HEADER_PATHS = new Set(["/", "/about", "/contact"]);
