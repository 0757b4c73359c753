import { type Ledger, tableLedger } from "./migrations/applied.ts";
import { migrations as allMigrations, type Migration } from "./migrations/index.ts";

/**
 * `npm run migrate` (cli/migrate.ts): runs the dated migrations of migrations/ in date order (their
 * ids sort by date), each one once per table. A migration that ran to its end is recorded in the
 * table (migrations/applied.ts) and skipped by later runs, unless `again`; one that fails stops the
 * run unrecorded, so the next run starts again from it. Every migration is idempotent and safe beside
 * live traffic, so a run may be repeated or interrupted at any point.
 */

/** An operator's mistake the command explains in one line (an unknown option). */
export class MigrateError extends Error {
  override name = "MigrateError";
}

/** What became of one migration in a run. */
export interface MigrationOutcome {
  id: string;
  description: string;
  /** `applied` by this run, or `already` applied by an earlier one (then `changed` is that run's). */
  status: "applied" | "already";
  changed: number;
  appliedAt: string;
}

export interface MigrateOptions {
  /** Default: every migration of migrations/. */
  migrations?: readonly Migration[];
  /** Default: the configured table's. */
  ledger?: Ledger;
  /** Run the migrations already applied too. */
  again?: boolean;
  /** Told of each outcome as soon as it is known (the command prints it). */
  onOutcome?: (outcome: MigrationOutcome) => void;
  now?: () => Date;
}

/** The migrations by id, that is by date; refuses two with one id. */
export function inDateOrder(migrations: readonly Migration[]): Migration[] {
  const sorted = [...migrations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  sorted.forEach((migration, index) => {
    if (index > 0 && sorted[index - 1]?.id === migration.id)
      throw new Error(`Two migrations have the id ${migration.id}`);
  });
  return sorted;
}

/**
 * Runs the migrations in date order and answers what became of each.
 *
 * @example
 * await runMigrations({ onOutcome: (o) => console.log(`${o.id}: ${o.changed} item(s) changed`) });
 */
export async function runMigrations(options: MigrateOptions = {}): Promise<MigrationOutcome[]> {
  const ledger = options.ledger ?? tableLedger;
  const now = options.now ?? (() => new Date());
  const applied = await ledger.applied();
  const outcomes: MigrationOutcome[] = [];
  for (const migration of inDateOrder(options.migrations ?? allMigrations)) {
    const { id, description } = migration;
    const earlier = applied.get(id);
    let outcome: MigrationOutcome;
    if (earlier && !options.again) {
      outcome = {
        id,
        description,
        status: "already",
        changed: earlier.changed,
        appliedAt: earlier.appliedAt,
      };
    } else {
      const changed = await migration.run();
      const record = { id, changed, appliedAt: now().toISOString() };
      await ledger.record(record);
      outcome = { ...record, description, status: "applied" };
    }
    outcomes.push(outcome);
    options.onOutcome?.(outcome);
  }
  return outcomes;
}

/** The command's options: `--again` alone. */
export function parseMigrateArgs(argv: readonly string[]): { again: boolean } {
  const unknown = argv.filter((arg) => arg !== "--again");
  if (unknown.length > 0) throw new MigrateError(`unknown option ${unknown[0]} (the only option is --again)`);
  return { again: argv.includes("--again") };
}

/** The line printed for one outcome. */
export function describeOutcome(outcome: MigrationOutcome): string {
  return outcome.status === "applied"
    ? `${outcome.id}: ${outcome.changed} item(s) changed — ${outcome.description}`
    : `${outcome.id}: already applied ${outcome.appliedAt} (${outcome.changed} item(s) changed then)`;
}
