import type { DashboardSummary } from "@fruit/core/browser/alerts";
import { useAdminSWR } from "../../shared/use-admin-swr.ts";

export const SUMMARY_KEY = "/api/orders/summary";

/** GET /api/orders/summary — the dashboard's figures (precomputed by the stream handler)
 * and its "Running low" list. */
export const useSummary = () => useAdminSWR<DashboardSummary>(SUMMARY_KEY);
