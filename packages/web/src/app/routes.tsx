import { Navigate, type RouteObject } from "react-router-dom";
import { loadMessages, type MessagePart } from "../i18n/load-messages.ts";
import { loadChunk } from "../lib/chunk-reload.ts";
import { RequireAdmin, RequireUser } from "./guards.tsx";
import { AppLayout } from "./layout/app-layout.tsx";

/**
 * The route table of docs/product.md §2. Every screen is its own chunk (route-level code splitting), so the
 * admin screens, charts, map and PayPal never load on storefront routes. A chunk that fails to load (a
 * deploy removed it under an open tab) reloads the page once (lib/chunk-reload.ts). On a `/fr` page the
 * screen's part of the French messages (message-parts.ts) loads beside its chunk, and the screen
 * renders once both are in, never in English first. The admin screens have no part: they stay English.
 */
const page = <M extends object, K extends keyof M>(
  load: () => Promise<M>,
  name: K & string,
  part?: MessagePart,
): Pick<RouteObject, "lazy"> => ({
  lazy: async () => {
    const [module] = await Promise.all([loadChunk(load), part && loadMessages(part)]);
    return { Component: module[name] as React.ComponentType };
  },
});

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: "/", ...page(() => import("../features/site/home/home-page.tsx"), "HomePage", "home") },
      { path: "/about", ...page(() => import("../features/site/about/about-page.tsx"), "AboutPage", "info") },
      {
        path: "/contact",
        ...page(() => import("../features/site/contact/contact-page.tsx"), "ContactPage", "info"),
      },
      {
        path: "/accessibility",
        ...page(
          () => import("../features/site/accessibility/accessibility-page.tsx"),
          "AccessibilityPage",
          "info",
        ),
      },
      {
        path: "/products",
        ...page(() => import("../features/catalog/products-page.tsx"), "ProductsPage", "catalog"),
      },
      {
        path: "/product/:slug",
        ...page(() => import("../features/catalog/product-page.tsx"), "ProductPage", "product"),
      },
      { path: "/cart", ...page(() => import("../features/cart/cart-page.tsx"), "CartPage", "orders") },
      { path: "/login", ...page(() => import("../features/account/login-page.tsx"), "LoginPage", "account") },
      {
        path: "/register",
        ...page(() => import("../features/account/register-page.tsx"), "RegisterPage", "account"),
      },
      {
        path: "/newsletter/confirm",
        ...page(
          () => import("../features/site/mail-links/mail-link-pages.tsx"),
          "NewsletterConfirmPage",
          "info",
        ),
      },
      {
        path: "/newsletter/unsubscribe",
        ...page(
          () => import("../features/site/mail-links/mail-link-pages.tsx"),
          "NewsletterUnsubscribePage",
          "info",
        ),
      },
      {
        path: "/restock-alerts/unsubscribe",
        ...page(
          () => import("../features/site/mail-links/mail-link-pages.tsx"),
          "RestockUnsubscribePage",
          "info",
        ),
      },
      {
        element: <RequireUser />,
        children: [
          {
            path: "/checkout",
            ...page(() => import("../features/orders/checkout/checkout-page.tsx"), "CheckoutPage", "orders"),
          },
          // Older clients' redirects name /shipping and /payment: both are parts of /checkout.
          { path: "/shipping", element: <Navigate to="/checkout#shipping" replace /> },
          { path: "/payment", element: <Navigate to="/checkout#payment" replace /> },
          {
            path: "/map",
            ...page(() => import("../features/orders/checkout/map/map-page.tsx"), "MapPage", "orders"),
          },
          {
            path: "/placeorder",
            ...page(
              () => import("../features/orders/place/place-order-page.tsx"),
              "PlaceOrderPage",
              "orders",
            ),
          },
          {
            // The routes hand the admin tools to the order screen (features/orders never imports
            // features/admin): their module is a few lazy components, loaded beside the screen.
            path: "/order/:id",
            lazy: async () => {
              const [{ OrderPage }, { orderAdminTools }] = await Promise.all([
                loadChunk(() => import("../features/orders/detail/order-page.tsx")),
                loadChunk(() => import("../features/admin/index.ts")),
                loadMessages("orders"),
              ]);
              return { Component: () => <OrderPage adminTools={orderAdminTools} /> };
            },
          },
          {
            path: "/orderhistory",
            ...page(
              () => import("../features/orders/history/order-history-page.tsx"),
              "OrderHistoryPage",
              "orders",
            ),
          },
          {
            path: "/profile",
            ...page(() => import("../features/account/profile-page.tsx"), "ProfilePage", "account"),
          },
          {
            path: "/subscriptions",
            ...page(
              () => import("../features/subscriptions/my-subscriptions-page.tsx"),
              "MySubscriptionsPage",
              "subscriptions",
            ),
          },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          {
            path: "/admin/dashboard",
            ...page(() => import("../features/admin/dashboard/dashboard-page.tsx"), "DashboardPage"),
          },
          {
            path: "/admin/products",
            ...page(() => import("../features/admin/products/products-admin-page.tsx"), "ProductsAdminPage"),
          },
          {
            path: "/admin/product/:id",
            ...page(() => import("../features/admin/products/product-edit-page.tsx"), "ProductEditPage"),
          },
          {
            path: "/admin/orders",
            ...page(() => import("../features/admin/orders/orders-admin-page.tsx"), "OrdersAdminPage"),
          },
          {
            path: "/admin/order/:id/pick",
            ...page(() => import("../features/admin/picking/pick-order-page.tsx"), "PickOrderPage"),
          },
          {
            path: "/admin/delivery",
            ...page(() => import("../features/admin/delivery/delivery-admin-page.tsx"), "DeliveryAdminPage"),
          },
          {
            path: "/admin/delivery/:id/picklist",
            ...page(() => import("../features/admin/delivery/pick-list-page.tsx"), "PickListPage"),
          },
          {
            path: "/admin/subscriptions",
            ...page(
              () => import("../features/admin/subscriptions/subscriptions-admin-page.tsx"),
              "SubscriptionsAdminPage",
            ),
          },
          {
            path: "/admin/users",
            ...page(() => import("../features/admin/users/users-admin-page.tsx"), "UsersAdminPage"),
          },
          {
            path: "/admin/promotions",
            ...page(
              () => import("../features/admin/promotions/promotions-admin-page.tsx"),
              "PromotionsAdminPage",
            ),
          },
          {
            path: "/admin/messages",
            ...page(() => import("../features/admin/messages/messages-admin-page.tsx"), "MessagesAdminPage"),
          },
          {
            path: "/admin/user/:id",
            ...page(() => import("../features/admin/users/user-edit-page.tsx"), "UserEditPage"),
          },
        ],
      },
      { path: "*", ...page(() => import("../components/not-found-page.tsx"), "NotFoundPage", "info") },
    ],
  },
];
