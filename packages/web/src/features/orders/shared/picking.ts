import type { Order } from "@fruit/core/browser/orders";

type PickFields = Pick<Order, "isPaid" | "isDelivered" | "isCancelled" | "finalizedAt">;

/**
 * True while an order can be picked and weighed (POST /api/orders/{id}/final): paid, neither
 * delivered nor cancelled, and without a final charge yet.
 */
export const canPick = (order: PickFields): boolean =>
  order.isPaid && !order.isDelivered && !order.isCancelled && order.finalizedAt === null;

/** The admin's picking screen of an order. */
export const pickPath = (id: string): string => `/admin/order/${encodeURIComponent(id)}/pick`;
