import { fromBase, toBase } from "@fruit/core/browser/money";
import type { Product } from "@fruit/core/browser/products";
import { defineMessage, type MessageDescriptor } from "react-intl";
import { pageIntl } from "../../i18n/page-intl.ts";
import { showAlert } from "../../lib/alert.ts";
import { notifyError } from "../../lib/notify.ts";
import { type CartItem, getShopState, shop } from "../../lib/shop-store.ts";
import { fetchProduct, productKey } from "../../resources/products.ts";
import { coversQuantity, stepFrom } from "./steps.ts";

/** docs/product.md §8: the alert of the cart page, the detail page and the deal block. */
export const OUT_OF_STOCK_MESSAGE: MessageDescriptor = defineMessage({
  id: "cart.outOfStock",
  defaultMessage: "Sorry. Product is out of stock",
});
/** docs/product.md §8: the same refusal, worded as on the product cards. */
export const OUT_OF_STOCK_CARD_MESSAGE: MessageDescriptor = defineMessage({
  id: "cart.outOfStock.card",
  defaultMessage: "sorry, product is out of stock",
});

/** The stock check's read: past the browser's cache, where a catalogue answer may be a minute old. */
const readFresh = (id: string) => fetchProduct(productKey({ id }), { cache: "no-store" });

export type CartProduct = Pick<
  Product,
  "_id" | "name" | "slug" | "image" | "price" | "countInStock" | "unit" | "step"
>;

export interface AddToCartOptions {
  /** The quantity the line should have, in the product's unit; default: what the cart holds plus `adding`. */
  quantity?: number;
  /** How much to add to what the cart holds, in the product's unit; default: one step. */
  adding?: number;
  /** The refusal text (cards use the lower-case wording). */
  outOfStockMessage?: MessageDescriptor;
}

/**
 * The one cart rule (docs/product.md §5): read the product fresh from the server, refuse with an alert when its
 * countInStock is below the wanted quantity (the cart stays as it was), otherwise put the line in the
 * cart with the server's current price, unit, step and stock (and the line's substitute choice
 * kept). Quantities go by the product's step
 * (0.25 kg, 1 piece). Used by product cards, the detail page, the deal block and the cart's
 * minus/plus buttons. Resolves true when the cart changed.
 *
 * @example
 * if (await addToCart(product)) navigate("/cart");
 */
export async function addToCart(product: CartProduct, options: AddToCartOptions = {}): Promise<boolean> {
  const existing = getShopState().cartItems.find((line) => line._id === product._id);
  let fresh: Product;
  try {
    fresh = await readFresh(product._id);
  } catch (error) {
    notifyError(error);
    return false;
  }
  // A line of a product that now sells in another unit starts again at one step.
  const held = existing && existing.unit === fresh.unit ? existing.quantity : 0;
  const wanted =
    options.quantity ??
    (options.adding === undefined
      ? stepFrom(fresh, held, 1)
      : fromBase(fresh.unit, (toBase(fresh.unit, held) ?? 0) + (toBase(fresh.unit, options.adding) ?? 0)));
  if (!coversQuantity(fresh.unit, fresh.countInStock, wanted)) {
    void showAlert(pageIntl().formatMessage(options.outOfStockMessage ?? OUT_OF_STOCK_MESSAGE));
    return false;
  }
  const line: CartItem = {
    _id: fresh._id,
    name: fresh.name,
    slug: fresh.slug,
    image: fresh.image,
    price: fresh.price,
    unit: fresh.unit,
    step: fresh.step,
    countInStock: fresh.countInStock,
    quantity: wanted,
    taxClass: fresh.taxClass,
    ...(existing?.substitute ? { substitute: existing.substitute } : {}),
  };
  shop.addToCart(line);
  return true;
}

/**
 * After the server refused an order for a changed price or stock: re-read every cart line and keep
 * the quantities, so the cart shows today's prices and the plus button today's limit.
 */
export async function refreshCartFromServer(): Promise<void> {
  const lines = getShopState().cartItems;
  const fresh = await Promise.allSettled(lines.map((line) => readFresh(line._id)));
  fresh.forEach((result, index) => {
    const line = lines[index];
    if (!line) return;
    if (result.status === "fulfilled") {
      const product = result.value;
      shop.addToCart({
        ...line,
        price: product.price,
        unit: product.unit,
        step: product.step,
        countInStock: product.countInStock,
        image: product.image,
        taxClass: product.taxClass,
      });
    } else if (result.reason instanceof Error && "status" in result.reason && result.reason.status === 404) {
      shop.removeFromCart(line._id);
    }
  });
}
