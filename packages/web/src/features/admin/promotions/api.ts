import type { DeliveryRules } from "@fruit/core/browser/delivery";
import type { Promotion, PromotionInput } from "@fruit/core/browser/promotions";
import { api } from "../../../lib/api.ts";
import { useAdminSWR } from "../shared/use-admin-swr.ts";

/** The admin's promotion reads and writes (docs/decisions/049-promotions-split-to-the-cent.md). */
export const PROMOTIONS_KEY = "/api/promotions";
const promotionPath = (id: string) => `${PROMOTIONS_KEY}/${encodeURIComponent(id)}`;

/** The shop's time zone (the delivery rules'), which the screen shows and takes instants in. */
export const useShopTimeZone = () => useAdminSWR<DeliveryRules>("/api/delivery/rules").data?.timeZone;

export const createPromotion = (input: PromotionInput) =>
  api<Promotion>(PROMOTIONS_KEY, { method: "POST", body: input });
export const updatePromotion = (id: string, input: PromotionInput) =>
  api<Promotion>(promotionPath(id), { method: "PUT", body: input });
export const deletePromotion = (id: string) =>
  api<{ message: string }>(promotionPath(id), { method: "DELETE" });
