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
  /**
   * Per promotion code (docs/decisions/049): the orders placed with it (not cancelled) and what it
   * took off them, in dollars; `totalSales` is already net of it. Absent while no order used a code
   * (the original answer's shape).
   */
  promotions?: { _id: string; uses: number; discount: number }[];
}
