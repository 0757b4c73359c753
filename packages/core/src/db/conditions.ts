import { table } from "../layout/table.ts";

/**
 * Condition expressions built from the table's key attribute names, so no entity code writes
 * `attribute_exists(pk)` itself (docs/data-model.md: only `db/` knows the key attribute names).
 */

/** The written item must already exist (an update or delete that must find its item). */
export const exists = (): string => `attribute_exists(${table.partitionKey})`;

/** The written item must not exist yet (a put that creates, e.g. a uniqueness item). */
export const notExists = (): string => `attribute_not_exists(${table.partitionKey})`;
