import type { DeliverySlotRef } from "@fruit/core/browser/delivery";
import type {
  Location,
  OrderLineSnapshot,
  PaymentMethod,
  ShippingAddress,
  SubstituteChoice,
} from "@fruit/core/browser/orders";
import type { Product } from "@fruit/core/browser/products";
import type { UserInfo } from "@fruit/core/browser/users";
import { useSyncExternalStore } from "react";
import { readStored, writeStored } from "./storage.ts";

/**
 * A cart line: the order line the checkout sends (core's OrderLineSnapshot: product id, name, slug,
 * image, price, unit, step, quantity), the stock seen at the last fresh read, which caps the
 * quantity, the shopper's choice if the product runs out before picking (absent: "no"), and the
 * product's tax class, which prices the line's tax (absent on carts saved before classes: standard).
 */
export type CartItem = OrderLineSnapshot &
  Pick<Product, "countInStock"> & { substitute?: SubstituteChoice; taxClass?: string | undefined };

/**
 * How many items the cart's badge counts: each line's number of steps — pieces by the piece, and
 * portions of a weighed line (0.75 kg of cherries in 0.25 kg steps is 3; 2 kg of figs by the kg, 2).
 */
export const cartItemCount = (items: readonly CartItem[]): number =>
  items.reduce((sum, item) => sum + Math.max(1, Math.round(item.quantity / item.step)), 0);

/**
 * The client state of docs/product.md §3/§4: signed-in user, cart (items, shipping address, payment method)
 * and the map's full-box flag. Persisted in localStorage under the keys of docs/product.md §3 (cartItems,
 * shippingAddress, paymentMethod, userInfo), so a reload keeps the cart and the session.
 */
export interface ShopState {
  userInfo: UserInfo | null;
  cartItems: CartItem[];
  shippingAddress: ShippingAddress | null;
  paymentMethod: PaymentMethod | "";
  /** The delivery window chosen at checkout (docs/product.md §10); null: none (the server picks the earliest). */
  deliverySlot: DeliverySlotRef | null;
  /** The promotion code the shopper applied to the cart (docs/decisions/049); null: none. */
  promoCode: string | null;
  fullBox: boolean;
}

const KEYS = {
  userInfo: "userInfo",
  cartItems: "cartItems",
  shippingAddress: "shippingAddress",
  paymentMethod: "paymentMethod",
  deliverySlot: "deliverySlot",
  promoCode: "promoCode",
} as const;

/**
 * Cart lines kept by a version before selling units have no unit or step: they were whole kilograms
 * (docs/decisions/027-selling-units.md). The next fresh read brings the product's own.
 */
const withUnits = (items: CartItem[]): CartItem[] =>
  items.map((item) => ({ ...item, unit: item.unit ?? "kg", step: item.step ?? 1 }));

function load(): ShopState {
  return {
    userInfo: readStored<UserInfo | null>(KEYS.userInfo, null),
    cartItems: withUnits(readStored<CartItem[]>(KEYS.cartItems, [])),
    shippingAddress: readStored<ShippingAddress | null>(KEYS.shippingAddress, null),
    paymentMethod: readStored<PaymentMethod | "">(KEYS.paymentMethod, ""),
    deliverySlot: readStored<DeliverySlotRef | null>(KEYS.deliverySlot, null),
    promoCode: readStored<string | null>(KEYS.promoCode, null),
    fullBox: false,
  };
}

let state: ShopState = load();
const listeners = new Set<() => void>();

function update(patch: Partial<ShopState>): void {
  state = { ...state, ...patch };
  for (const key of Object.keys(KEYS) as (keyof typeof KEYS)[]) {
    // An empty cart or a cleared value removes the key (sign-out and a placed order leave no trace).
    const value = state[key];
    if (key in patch)
      writeStored(KEYS[key], Array.isArray(value) && value.length === 0 ? null : value || null);
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads the current state outside React (API token, guards). */
export const getShopState = (): ShopState => state;

/**
 * Subscribes a component to a slice of the state.
 *
 * @example
 * const count = useShop((s) => s.cartItems.reduce((n, item) => n + item.quantity, 0));
 */
export function useShop<T>(selector: (state: ShopState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => selector(state),
    () => selector(state),
  );
}

/** The actions of docs/product.md §4. */
export const shop = {
  /** Adds the item, or replaces the item with the same _id (its quantity is the new quantity). */
  addToCart(item: CartItem): void {
    const exists = state.cartItems.some((line) => line._id === item._id);
    update({
      cartItems: exists
        ? state.cartItems.map((line) => (line._id === item._id ? item : line))
        : [...state.cartItems, item],
    });
  },
  /** Keeps the shopper's choice for a line if its product runs out before picking. */
  setSubstitute(id: string, substitute: SubstituteChoice): void {
    update({ cartItems: state.cartItems.map((line) => (line._id === id ? { ...line, substitute } : line)) });
  },
  removeFromCart(id: string): void {
    update({ cartItems: state.cartItems.filter((line) => line._id !== id) });
  },
  clearCart(): void {
    update({ cartItems: [], deliverySlot: null, promoCode: null });
  },
  signIn(userInfo: UserInfo): void {
    update({ userInfo });
  },
  /** Clears user, cart items, shipping address and payment method (docs/product.md §2 Logout, §4 sign out). */
  signOut(): void {
    update({
      userInfo: null,
      cartItems: [],
      shippingAddress: null,
      paymentMethod: "",
      deliverySlot: null,
      promoCode: null,
    });
  },
  saveShippingAddress(shippingAddress: ShippingAddress): void {
    update({
      shippingAddress: {
        ...shippingAddress,
        ...(state.shippingAddress?.location && !shippingAddress.location
          ? { location: state.shippingAddress.location }
          : {}),
      },
    });
  },
  /** A saved address chosen at checkout: the whole address, its map location (or none) included. */
  chooseShippingAddress(shippingAddress: ShippingAddress): void {
    update({ shippingAddress });
  },
  saveShippingLocation(location: Location): void {
    const base: ShippingAddress = state.shippingAddress ?? {
      fullName: "",
      address: "",
      city: "",
      postalCode: "",
      country: "",
    };
    update({ shippingAddress: { ...base, location } });
  },
  saveDeliverySlot(deliverySlot: DeliverySlotRef | null): void {
    update({ deliverySlot });
  },
  /** Applies a promotion code to the cart (null: removes it). */
  savePromoCode(promoCode: string | null): void {
    update({ promoCode });
  },
  savePaymentMethod(paymentMethod: PaymentMethod): void {
    update({ paymentMethod });
  },
  setFullBox(fullBox: boolean): void {
    update({ fullBox });
  },
  /** Test hook: reload from storage. */
  reload(): void {
    state = load();
    for (const listener of listeners) listener();
  },
};
