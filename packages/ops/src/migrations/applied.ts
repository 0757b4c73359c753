import { putItem } from "@fruit/core/internal/db/items";
import { inPartition } from "@fruit/core/internal/db/key-conditions";
import { defineKind } from "@fruit/core/internal/db/kind";
import { queryAll } from "@fruit/core/internal/db/query";
import * as v from "valibot";

/**
 * The table's record of applied migrations (docs/data-model.md: Applied migration, `MIGRATION` /
 * `<id>`): one item per migration that ran to its end, so `npm run migrate` runs each one once per
 * table. Declared here, with `defineKind` like every stored kind (packages/core/src/db/kind.ts),
 * because only ops writes or reads it.
 */

const PARTITION = "MIGRATION";

export const AppliedMigrationSchema = v.object({
  /** The migration's id (`<YYYY-MM-DD>-<what it upgrades>`). */
  id: v.string(),
  /** How many items that run changed. */
  changed: v.pipe(v.number(), v.integer()),
  /** When it ended (ISO). */
  appliedAt: v.string(),
});
export type AppliedMigration = v.InferOutput<typeof AppliedMigrationSchema>;

export const appliedMigrationKind = defineKind({
  name: "applied migration",
  schema: AppliedMigrationSchema,
  key: (id: string) => ({ pk: PARTITION, sk: id }),
  keys: (applied) => ({ pk: PARTITION, sk: applied.id }),
});

/** Where the runner keeps what has been applied (the table; tests pass one in memory). */
export interface Ledger {
  /** The applied migrations by id. */
  applied(): Promise<Map<string, AppliedMigration>>;
  /** Records a migration that ran to its end (a later run of the same id replaces the record). */
  record(applied: AppliedMigration): Promise<void>;
}

/** The ledger of the configured table: one strongly consistent query of its partition. */
export const tableLedger: Ledger = {
  async applied() {
    const items = await queryAll({ ...inPartition({ pk: PARTITION }), ConsistentRead: true });
    return new Map(items.map(appliedMigrationKind.decode).map((applied) => [applied.id, applied]));
  },
  async record(applied) {
    await putItem(appliedMigrationKind.put(applied));
  },
};
