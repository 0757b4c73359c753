import type { AdminDeliverySlot, DeliveryRules, PickList, SlotChange } from "@fruit/core/browser/delivery";
import type { Zones } from "@fruit/core/browser/zones";
import { api } from "../../../lib/api.ts";
import { useAdminSWR } from "../shared/use-admin-swr.ts";

/** The admin's delivery reads and writes (docs/product.md §10). */
export const RULES_KEY = "/api/delivery/rules";
export const CALENDAR_KEY = "/api/delivery/calendar?days=14";
export const DAYS_KEY = "/api/delivery/days";
export const ZONES_KEY = "/api/delivery/zones";
export const pickListKey = (id: string) => `/api/delivery/slots/${encodeURIComponent(id)}/picklist`;

export const useRules = () => useAdminSWR<DeliveryRules>(RULES_KEY);
export const useCalendar = () => useAdminSWR<AdminDeliverySlot[]>(CALENDAR_KEY);
export const useBookedDays = () => useAdminSWR<{ _id: string; orders: number }[]>(DAYS_KEY);
export const useZones = () => useAdminSWR<Zones>(ZONES_KEY);
export const usePickList = (id: string) => useAdminSWR<PickList>(pickListKey(id));

export const saveRules = (rules: DeliveryRules) =>
  api<DeliveryRules>(RULES_KEY, { method: "PUT", body: rules });
export const changeSlot = (id: string, change: SlotChange) =>
  api<AdminDeliverySlot>(`/api/delivery/slots/${encodeURIComponent(id)}`, { method: "PUT", body: change });
export const saveZones = (zones: Zones) => api<Zones>(ZONES_KEY, { method: "PUT", body: zones });
