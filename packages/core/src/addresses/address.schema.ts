import * as v from "valibot";
import { ShippingAddressSchema } from "../orders/order.schema.ts";

/**
 * Browser-safe shapes of a shopper's saved addresses (`/api/users/addresses`; imports nothing but
 * valibot and the orders' browser-safe shipping address, whose fields — map location included — an
 * address has: one schema for both, so an address saved is an address an order takes).
 */

/** How many addresses one shopper may keep (docs/product.md §3): the 11th is refused (409). */
export const MAX_SAVED_ADDRESSES = 10;

/**
 * `POST /api/users/addresses` and `PUT /api/users/addresses/{id}`: the shipping address's fields,
 * and `isDefault` (true makes it the default; the default stays one until another is made so).
 */
export const SavedAddressInputSchema = v.object({
  ...ShippingAddressSchema.entries,
  isDefault: v.optional(v.boolean("isDefault must be true or false")),
});
export type SavedAddressInput = v.InferOutput<typeof SavedAddressInputSchema>;

/** A saved address as the API answers it: exactly one of a shopper's addresses has `isDefault`. */
export type SavedAddress = v.InferOutput<typeof ShippingAddressSchema> & { _id: string; isDefault: boolean };
