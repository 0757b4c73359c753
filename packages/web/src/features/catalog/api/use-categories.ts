import useSWR from "swr";
import { api } from "../../../lib/api.ts";

/** GET /api/products/categories — the category names for the tabs. */
export const categoriesKey = "/api/products/categories";

export const fetchCategories = (key: string): Promise<string[]> => api<string[]>(key);

export function useCategories() {
  return useSWR<string[]>(categoriesKey, fetchCategories);
}
