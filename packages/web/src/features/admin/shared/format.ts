import { formatMoney } from "@fruit/core/browser/money";

/** Dates in the admin lists show their first 10 characters, YYYY-MM-DD (docs/product.md §2, §9). */
export const shortDate = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10) : "");

/** Dollar amounts with 2 decimals: "$12.30". */
export const money = (dollars: number): string => formatMoney(dollars);
