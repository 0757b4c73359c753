import type { Order } from "@fruit/core/browser/orders/order.schema";
import { useAdminSWR } from "../../shared/use-admin-swr.ts";

export const ADMIN_ORDERS_KEY = "/api/orders";

/** GET /api/orders — every order (admin). */
export const useAdminOrders = () => useAdminSWR<Order[]>(ADMIN_ORDERS_KEY);
