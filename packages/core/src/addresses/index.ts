import { nowIso } from "../clock.ts";
import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { AppError } from "../errors.ts";
import { isId, newId } from "../ids.ts";
import { errorFields, log } from "../log.ts";
import type { ShippingAddress } from "../orders/order.schema.ts";
import type { Caller } from "../users/caller.ts";
import type { SavedAddressRecord } from "./address.records.ts";
import type { SavedAddress, SavedAddressInput } from "./address.schema.ts";
import { addressStore } from "./address.store.ts";
import { addressFields, defaultAfterRemoving, toSavedAddress } from "./book.ts";

export { MAX_SAVED_ADDRESSES } from "./address.schema.ts";

/**
 * A shopper's saved addresses (`/api/users/addresses`, docs/decisions/048-saved-addresses.md): each
 * has the shipping address's fields, at most MAX_SAVED_ADDRESSES per shopper, exactly one the
 * default. Every verb takes the caller and reads and writes only the caller's own partition, so
 * another shopper's address is simply not found (404).
 */

type Owner = Pick<Caller, "_id">;

const notFound = () => new AppError("NOT_FOUND", "Address Not Found");
const busy = () => new AppError("CHANGED_MEANWHILE", "Your addresses changed meanwhile, please try again");

/** The caller's address `id` as stored now (404 when it is not theirs or gone). */
async function answerOf(owner: Owner, id: string): Promise<SavedAddress> {
  const { addresses, book } = await addressStore.read(owner._id);
  const record = addresses.find((a) => a.id === id);
  if (!record) throw notFound();
  return toSavedAddress(record, book?.defaultId);
}

/** GET /api/users/addresses: the caller's addresses, oldest first; exactly one `isDefault` unless none. */
export async function listAddresses(owner: Owner): Promise<SavedAddress[]> {
  const { addresses, book } = await addressStore.read(owner._id);
  return addresses.map((record) => toSavedAddress(record, book?.defaultId));
}

/**
 * POST /api/users/addresses: saves an address (the default when asked, or when it is the first);
 * 409 `ADDRESS_LIMIT_REACHED` when the caller already has MAX_SAVED_ADDRESSES.
 */
export async function addAddress(owner: Owner, input: SavedAddressInput): Promise<SavedAddress> {
  const now = nowIso();
  const record: SavedAddressRecord = { id: newId(), ...addressFields(input), createdAt: now, updatedAt: now };
  // Every add updates the book: concurrent adds of one shopper are a crowd on one item.
  await retrying(
    "hotItem",
    async () => {
      const outcome = await addressStore.add(owner._id, record, input.isDefault === true);
      if (outcome === "full")
        throw new AppError(
          "ADDRESS_LIMIT_REACHED",
          "You have saved the most addresses you may; delete one first",
        );
      return outcome === "lost" ? AGAIN : undefined;
    },
    giveUp(busy),
  );
  return answerOf(owner, record.id);
}

/**
 * PUT /api/users/addresses/{id}: replaces the address's fields; `isDefault: true` makes it the
 * default (the former one stops being it in the same transaction). The default stays the default
 * until another is made so: `isDefault: false` does not leave the shopper without one.
 */
export async function updateAddress(
  owner: Owner,
  id: string,
  input: SavedAddressInput,
): Promise<SavedAddress> {
  if (!isId(id)) throw notFound();
  await retrying(
    "changedMeanwhile",
    async () => {
      const { addresses } = await addressStore.read(owner._id);
      const current = addresses.find((a) => a.id === id);
      if (!current) throw notFound();
      const record = { ...addressFields(input), id, createdAt: current.createdAt, updatedAt: nowIso() };
      const outcome = await addressStore.replace(owner._id, record, input.isDefault === true);
      if (outcome === "missing") throw notFound();
      return outcome === "lost" ? AGAIN : undefined;
    },
    giveUp(busy),
  );
  return answerOf(owner, id);
}

/**
 * DELETE /api/users/addresses/{id}: removes it; a removed default hands the default to the most
 * recently saved of the others (book.ts), in the same transaction, or leaves none when it was the last.
 */
export async function removeAddress(owner: Owner, id: string): Promise<void> {
  if (!isId(id)) throw notFound();
  await retrying(
    "changedMeanwhile",
    async () => {
      const { addresses, book } = await addressStore.read(owner._id);
      if (!addresses.some((a) => a.id === id)) throw notFound();
      const defaultRead = book?.defaultId;
      const successor = defaultAfterRemoving(addresses, defaultRead, id);
      const outcome = await addressStore.remove(owner._id, id, { defaultRead, successor });
      if (outcome === "missing") throw notFound();
      return outcome === "removed" ? undefined : AGAIN;
    },
    giveUp(busy),
  );
}

/**
 * Keeps the address of a shopper's first order for next time (orders/place.ts calls it once the
 * order is stored, and again on a replay of its Idempotency-Key): saved, as the default, only when
 * the shopper never had an address book, under the order's id, so any number of calls for any
 * number of orders save it at most once. A failure is logged, never thrown: the order is placed
 * whatever becomes of its address, and a replay tries again. Answers whether this call saved it.
 */
export async function keepFirstAddress(
  userId: string,
  orderId: string,
  address: ShippingAddress,
): Promise<boolean> {
  try {
    if (await addressStore.hasBook(userId)) return false;
    const now = nowIso();
    const record: SavedAddressRecord = {
      id: orderId,
      ...addressFields(address),
      createdAt: now,
      updatedAt: now,
    };
    return await retrying(
      "changedMeanwhile",
      async () => {
        const outcome = await addressStore.keepFirst(userId, record);
        return outcome === "lost" ? AGAIN : outcome === "kept";
      },
      () => false,
    );
  } catch (error) {
    log("warn", "first address not saved", { userId, orderId, ...errorFields(error) });
    return false;
  }
}
