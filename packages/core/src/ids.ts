import { monotonicFactory } from "ulid";
import { nowMs } from "./clock.ts";

let nextUlid: ((seedTime?: number) => string) | undefined;

/**
 * IDs are ULIDs: unique, and their lexical order is their creation order, which gives every
 * "newest first" list for free when the id is the sort key. Their time part is core's clock
 * (clock.ts). The generator is made on first use (it looks up its source of randomness), not when a
 * cold start loads this module.
 */
export function newId(): string {
  nextUlid ??= monotonicFactory();
  return nextUlid(nowMs());
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** True for strings shaped like our ids; anything else can be answered 404 without a read. */
export const isId = (value: string): boolean => ULID.test(value);
