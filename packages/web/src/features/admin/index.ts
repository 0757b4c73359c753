import { lazy } from "react";

/**
 * The admin area's public surface. Admin code never loads on a storefront route, so what other
 * features use is loaded on demand, in its own chunk (docs/decisions/015-web-by-domain.md).
 */

/** Deliver Order, shown on the order screen to an administrator only. */
export const DeliverOrderButton = lazy(() =>
  import("./orders/deliver-order-button.tsx").then((m) => ({ default: m.DeliverOrderButton })),
);

/** The refund form, shown on a paid order's screen to an administrator only. */
export const RefundOrderForm = lazy(() =>
  import("./orders/refund-order-form.tsx").then((m) => ({ default: m.RefundOrderForm })),
);

/** Which mails an order's customer was sent, and when: on the order screen, to an administrator only. */
export const OrderMails = lazy(() =>
  import("./orders/order-mails.tsx").then((m) => ({ default: m.OrderMails })),
);
