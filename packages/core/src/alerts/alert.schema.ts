import type { Summary } from "../stats/stats.schema.ts";

/**
 * Browser-safe shapes of restock alerts and the dashboard's "Running low" list
 * (docs/decisions/039-restock-alerts.md). Types and constants only.
 */

/** GET, POST and DELETE /api/products/{id}/restock-alerts: the caller's state; `waiting` for admins. */
export interface RestockAlertState {
  subscribed: boolean;
  /** How many shoppers wait for this product (administrators only). */
  waiting?: number;
}

/** One product of the dashboard's "Running low" list (`GET /api/orders/summary`, `lowStock`). */
export interface LowStockEntry {
  _id: string;
  name: string;
  /** In the product's unit. */
  countInStock: number;
  /** In the product's unit: the product's own, or the shop's default. */
  lowStockThreshold: number;
  /** Restock alerts waiting for it. */
  waiting: number;
}

/** How many products the "Running low" list shows at most. */
export const LOW_STOCK_LIST_MAX = 20;

/**
 * What `GET /api/orders/summary` answers: the dashboard's figures (stats/stats.schema.ts), and the
 * "Running low" list — bounded, at most LOW_STOCK_LIST_MAX products.
 */
export interface DashboardSummary extends Summary {
  lowStock: LowStockEntry[];
}
