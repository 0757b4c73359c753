import type { Subscription, SubscriptionChange } from "@fruit/core/browser/subscriptions";
import { api } from "../../lib/api.ts";
import { usePages } from "../../lib/use-pages.ts";

/** The customer's subscriptions (docs/product.md §12, docs/decisions/051-standing-orders.md). */
export const MY_SUBSCRIPTIONS_KEY = "/api/subscriptions/mine?limit=25";

/** The caller's subscriptions, newest first, 25 at a time, read afresh each time the screen opens. */
export const useMySubscriptions = () =>
  usePages<Subscription>(MY_SUBSCRIPTIONS_KEY, { revalidateOnMount: true });

const path = (id: string) => `/api/subscriptions/${encodeURIComponent(id)}`;

export const createSubscription = (body: unknown) =>
  api<Subscription>("/api/subscriptions", { method: "POST", body });
export const changeSubscription = (id: string, change: SubscriptionChange) =>
  api<Subscription>(path(id), { method: "PUT", body: change });
export const cancelSubscription = (id: string) => api<Subscription>(path(id), { method: "DELETE" });
export const skipWeek = (id: string, date: string) =>
  api<Subscription>(`${path(id)}/skips`, { method: "POST", body: { date } });
export const unskipWeek = (id: string, date: string) =>
  api<Subscription>(`${path(id)}/skips/${encodeURIComponent(date)}`, { method: "DELETE" });
