import { nowIso } from "../clock.ts";
import { getConfig } from "../config.ts";
import { AppError } from "../errors.ts";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locale.ts";
import { isId } from "../ids.ts";
import { verifyLink } from "../mails/link-token.ts";
import { fromBase, toBase, type Unit } from "../money/quantity.ts";
import type { Caller } from "../users/caller.ts";
import { LOW_STOCK_LIST_MAX, type LowStockEntry, type RestockAlertState } from "./alert.schema.ts";
import { alertStore } from "./alert.store.ts";

/**
 * Restock alerts as the API serves them, and the dashboard's "Running low" list
 * (docs/decisions/039-restock-alerts.md). Mailing is the mail subscriber's (alerts/fan-out.ts).
 */

const notFound = () => new AppError("NOT_FOUND", "Product not found");

const stateOf = async (
  caller: Caller,
  productId: string,
  subscribed: boolean,
): Promise<RestockAlertState> => ({
  subscribed,
  ...(caller.isAdmin ? { waiting: await alertStore.waiting(productId) } : {}),
});

/** GET /api/products/{id}/restock-alerts (signed in): whether the caller waits; `waiting` for admins. */
export async function restockAlertState(caller: Caller, productId: string): Promise<RestockAlertState> {
  if (!isId(productId)) throw notFound();
  return stateOf(caller, productId, (await alertStore.get(productId, caller._id)) !== undefined);
}

/**
 * POST /api/products/{id}/restock-alerts (signed in): asks to be mailed when the sold-out product is
 * back. One per shopper and product (asking again changes nothing); 404 for no such product, 409
 * when it is in stock (it can be ordered now).
 */
export async function subscribeRestock(
  caller: Caller,
  productId: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<RestockAlertState> {
  if (!isId(productId)) throw notFound();
  const outcome = await alertStore.subscribe({
    productId,
    userId: caller._id,
    createdAt: nowIso(),
    locale,
  });
  if (outcome === "no product") throw notFound();
  if (outcome === "in stock")
    throw new AppError("IN_STOCK", "This product is in stock: it can be ordered now");
  return stateOf(caller, productId, true);
}

/** DELETE /api/products/{id}/restock-alerts (signed in): withdraws (withdrawing twice is no error). */
export async function unsubscribeRestock(caller: Caller, productId: string): Promise<RestockAlertState> {
  if (!isId(productId)) throw notFound();
  await alertStore.unsubscribe(productId, caller._id);
  return stateOf(caller, productId, false);
}

/**
 * POST /api/restock-alerts/unsubscribe `{ token }` (the mail's one-click link; no sign-in): the signed
 * token names the shopper and the product (mails/link-token.ts, purpose `restock-unsubscribe`).
 */
export async function unsubscribeRestockByLink(
  token: string,
): Promise<{ productId: string; subscribed: false }> {
  const claims = await verifyLink(token, "restock-unsubscribe");
  if (!claims.ref || !isId(claims.ref))
    throw new AppError("LINK_INVALID", "This link is invalid or has expired");
  await alertStore.unsubscribe(claims.ref, claims.subject);
  return { productId: claims.ref, subscribed: false };
}

/** A product's low-stock threshold in base units: its own, else the shop's default (`LOW_STOCK_DEFAULT`). */
export function thresholdOf(product: { unit: Unit; lowStockThreshold?: number | undefined }): number {
  return product.lowStockThreshold ?? toBase(product.unit, getConfig().lowStockDefault) ?? 0;
}

/**
 * The dashboard's "Running low" list (`GET /api/orders/summary`, `lowStock`): at most
 * LOW_STOCK_LIST_MAX products, read in two requests whatever the catalogue's size (the list's query
 * and one batch read of their alert counts).
 */
export async function lowStockList(): Promise<LowStockEntry[]> {
  const entries = await alertStore.lowStock(LOW_STOCK_LIST_MAX);
  const waiting = await alertStore.waitingOf(entries.map((entry) => entry.productId));
  return entries
    .map((entry) => ({
      _id: entry.productId,
      name: entry.name,
      countInStock: fromBase(entry.unit, entry.countInStock),
      lowStockThreshold: fromBase(entry.unit, entry.threshold),
      waiting: waiting.get(entry.productId) ?? 0,
    }))
    .sort((a, b) => a.countInStock - b.countInStock || a.name.localeCompare(b.name));
}
