import useSWR from "swr";
import { api } from "../../../lib/api.ts";
import { withLang } from "../../../resources/products.ts";

/** GET /api/products/categories — the category names for the tabs, in the page's language (`?lang=fr-CA`). */
export const categoriesKey = withLang("/api/products/categories");

export const fetchCategories = (key: string): Promise<string[]> => api<string[]>(key);

export function useCategories() {
  return useSWR<string[]>(categoriesKey, fetchCategories);
}
