import type { SavedAddress, SavedAddressInput } from "@fruit/core/browser/addresses";
import useSWR, { useSWRConfig } from "swr";
import { api, fetcher } from "../lib/api.ts";

/**
 * The signed-in shopper's saved addresses (`/api/users/addresses`): read by the checkout's shipping
 * step (orders) and listed, changed and deleted on the profile (account). Each change revalidates
 * the list.
 */
export const SAVED_ADDRESSES_KEY = "/api/users/addresses";

/** The caller's saved addresses; nothing is asked while signed out. */
export function useSavedAddresses(signedIn: boolean) {
  return useSWR<SavedAddress[]>(signedIn ? SAVED_ADDRESSES_KEY : null, fetcher);
}

/**
 * The changes of saved addresses, each revalidating the list in the cache the screen reads (the
 * app's, or a test's own).
 */
export function useAddressChanges() {
  const { mutate } = useSWRConfig();
  const changed = async <T>(work: Promise<T>): Promise<T> => {
    const answer = await work;
    await mutate(SAVED_ADDRESSES_KEY);
    return answer;
  };
  const one = (id: string) => `${SAVED_ADDRESSES_KEY}/${encodeURIComponent(id)}`;
  return {
    /** POST: saves an address (409 `ADDRESS_LIMIT_REACHED` past 10). */
    add: (input: SavedAddressInput) =>
      changed(api<SavedAddress>(SAVED_ADDRESSES_KEY, { method: "POST", body: input })),
    /** PUT: replaces one; `isDefault: true` makes it the default. */
    change: (id: string, input: SavedAddressInput) =>
      changed(api<SavedAddress>(one(id), { method: "PUT", body: input })),
    /** DELETE: removes one (a removed default hands it to the newest other). */
    remove: (id: string) => changed(api<unknown>(one(id), { method: "DELETE" })),
  };
}

/** The fields an address is saved with, from a saved one (its id and default flag left out). */
export const addressInputOf = ({ _id, isDefault: _default, ...fields }: SavedAddress): SavedAddressInput =>
  fields;
