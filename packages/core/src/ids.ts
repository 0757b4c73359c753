import { monotonicFactory } from "ulid";

/**
 * IDs are ULIDs: unique, and their lexical order is their creation order, which gives every
 * "newest first" list for free when the id is the sort key.
 */
const nextUlid = monotonicFactory();

export const newId = (): string => nextUlid();

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** True for strings shaped like our ids; anything else can be answered 404 without a read. */
export const isId = (value: string): boolean => ULID.test(value);
