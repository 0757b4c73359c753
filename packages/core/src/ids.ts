import { monotonicFactory } from "ulid";

let nextUlid: (() => string) | undefined;

/**
 * IDs are ULIDs: unique, and their lexical order is their creation order, which gives every
 * "newest first" list for free when the id is the sort key. The generator is made on first use (it
 * looks up its source of randomness), not when a cold start loads this module.
 */
export function newId(): string {
  nextUlid ??= monotonicFactory();
  return nextUlid();
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** True for strings shaped like our ids; anything else can be answered 404 without a read. */
export const isId = (value: string): boolean => ULID.test(value);
