import type { ShippingAddress } from "../orders/order.schema.ts";
import type { SavedAddressRecord } from "./address.records.ts";
import type { SavedAddress } from "./address.schema.ts";

/**
 * The pure rules of a shopper's saved addresses (docs/decisions/048-saved-addresses.md): which is the
 * default, which follows a removed default, what is stored of an address. No I/O.
 */

/** The stored fields of a shipping address: its own, the map location only when one was chosen. */
export function addressFields(
  address: ShippingAddress,
): Omit<SavedAddressRecord, "id" | "createdAt" | "updatedAt"> {
  const { fullName, address: street, city, postalCode, country, location } = address;
  return { fullName, address: street, city, postalCode, country, ...(location ? { location } : {}) };
}

/** A stored address as the API answers it: `isDefault` is whether the book names it. */
export function toSavedAddress(record: SavedAddressRecord, defaultId: string | undefined): SavedAddress {
  const { id, createdAt: _created, updatedAt: _updated, ...fields } = record;
  return { _id: id, ...fields, isDefault: id === defaultId };
}

/**
 * The default after removing `removedId`: unchanged unless it was the default; then the most
 * recently saved of the others (ids are ULIDs: the greatest is the newest), or none when it was the
 * last one.
 */
export function defaultAfterRemoving(
  addresses: readonly Pick<SavedAddressRecord, "id">[],
  defaultId: string | undefined,
  removedId: string,
): string | undefined {
  if (defaultId !== removedId) return defaultId;
  const others = addresses.map((a) => a.id).filter((id) => id !== removedId);
  return others.length === 0 ? undefined : others.reduce((a, b) => (b > a ? b : a));
}
