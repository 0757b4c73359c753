import type { LowStockEntry } from "../alerts/alert.schema.ts";

/**
 * Browser-safe shape of `GET /api/orders/summary` (docs/product.md §7), kept as the original's:
 * one-element `users` and `orders` lists, days ascending, amounts in dollars with 2 decimals.
 *
 * @example
 * const summary: Summary = {
 *   users: [{ numUsers: 3 }],
 *   orders: [{ numOrders: 2, totalSales: 41.5 }],
 *   dailyOrders: [{ _id: "2026-11-21", orders: 2, sales: 41.5 }],
 *   productCategories: [{ _id: "Fruits", count: 7 }],
 * };
 */
export interface Summary {
  users: { numUsers: number }[];
  orders: { numOrders: number; totalSales: number }[];
  dailyOrders: { _id: string; orders: number; sales: number }[];
  productCategories: { _id: string; count: number }[];
}

/**
 * What `GET /api/orders/summary` answers: the figures, and the "Running low" list — bounded, at most
 * LOW_STOCK_LIST_MAX products (alerts/alert.schema.ts; docs/decisions/039-restock-alerts.md).
 */
export interface DashboardSummary extends Summary {
  lowStock: LowStockEntry[];
}
