import type { Summary } from "@fruit/core/browser/stats/stats.schema";
import { useAdminSWR } from "../../shared/use-admin-swr.ts";

export const SUMMARY_KEY = "/api/orders/summary";

/** GET /api/orders/summary — the dashboard's figures (precomputed by the stream handler). */
export const useSummary = () => useAdminSWR<Summary>(SUMMARY_KEY);
