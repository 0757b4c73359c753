import { lazy } from "react";

/**
 * The admin area's public surface. Admin code never loads on a storefront route, so what other
 * screens show of it is loaded on demand, in its own chunk (docs/decisions/015-web-by-domain.md).
 */

/** Deliver Order, shown on the order screen to an administrator only. */
const DeliverOrderButton = lazy(() =>
  import("./orders/deliver-order-button.tsx").then((m) => ({ default: m.DeliverOrderButton })),
);

/** The refund form, shown on a paid order's screen to an administrator only. */
const RefundOrderForm = lazy(() =>
  import("./orders/refund-order-form.tsx").then((m) => ({ default: m.RefundOrderForm })),
);

/** Which mails an order's customer was sent, and when: on the order screen, to an administrator only. */
const OrderMails = lazy(() => import("./orders/order-mails.tsx").then((m) => ({ default: m.OrderMails })));

/**
 * The order screen's admin tools. The route table hands them to the order screen (app/routes.tsx),
 * so features/orders never imports the admin area, which builds on it (its picking screen).
 */
export const orderAdminTools = { DeliverOrderButton, RefundOrderForm, OrderMails };
