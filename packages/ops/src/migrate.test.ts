import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  describeOutcome,
  inDateOrder,
  MigrateError,
  type MigrationOutcome,
  parseMigrateArgs,
  runMigrations,
} from "./migrate.ts";
import type { AppliedMigration, Ledger } from "./migrations/applied.ts";
import { type Migration, migrations } from "./migrations/index.ts";

/** A ledger in memory, with what was recorded in order. */
function memoryLedger(initial: AppliedMigration[] = []) {
  const records = new Map(initial.map((applied) => [applied.id, applied]));
  const recorded: string[] = [];
  const ledger: Ledger = {
    applied: async () => new Map(records),
    record: async (applied) => {
      records.set(applied.id, applied);
      recorded.push(applied.id);
    },
  };
  return { ledger, records, recorded };
}

/** A migration that notes its runs in `ran` and answers `changed`. */
const fake = (id: string, ran: string[], changed = 1): Migration => ({
  id,
  description: `upgrades ${id}`,
  run: async () => {
    ran.push(id);
    return changed;
  },
});

const now = () => new Date("2026-11-25T12:00:00.000Z");

describe("runMigrations", () => {
  it("runs every migration once, in date order, and records what each changed", async () => {
    const ran: string[] = [];
    const { ledger, records } = memoryLedger();
    const list = [fake("2027-01-02-b", ran, 3), fake("2026-12-31-z", ran, 0), fake("2027-01-02-a", ran, 5)];
    const outcomes = await runMigrations({ migrations: list, ledger, now });
    expect(ran).toEqual(["2026-12-31-z", "2027-01-02-a", "2027-01-02-b"]);
    expect(outcomes.map(({ id, status, changed }) => [id, status, changed])).toEqual([
      ["2026-12-31-z", "applied", 0],
      ["2027-01-02-a", "applied", 5],
      ["2027-01-02-b", "applied", 3],
    ]);
    expect(records.get("2027-01-02-a")).toEqual({
      id: "2027-01-02-a",
      changed: 5,
      appliedAt: "2026-11-25T12:00:00.000Z",
    });

    const again: string[] = [];
    const second = await runMigrations({ migrations: list.map((m) => fake(m.id, again)), ledger });
    expect(again).toEqual([]);
    expect(second.map(({ status, changed }) => [status, changed])).toEqual([
      ["already", 0],
      ["already", 5],
      ["already", 3],
    ]);
  });

  it("runs only the new ones, or with `again` every one, telling each outcome as it comes", async () => {
    const ran: string[] = [];
    const { ledger, recorded } = memoryLedger([
      { id: "2026-01-01-old", changed: 7, appliedAt: "2026-01-02T00:00:00.000Z" },
    ]);
    const list = [fake("2026-01-01-old", ran), fake("2026-02-01-new", ran)];
    const told: MigrationOutcome[] = [];
    await runMigrations({ migrations: list, ledger, onOutcome: (outcome) => told.push(outcome) });
    expect(ran).toEqual(["2026-02-01-new"]);
    expect(told.map(({ id, status }) => [id, status])).toEqual([
      ["2026-01-01-old", "already"],
      ["2026-02-01-new", "applied"],
    ]);
    await runMigrations({ migrations: list, ledger, again: true });
    expect(ran).toEqual(["2026-02-01-new", "2026-01-01-old", "2026-02-01-new"]);
    expect(recorded).toEqual(["2026-02-01-new", "2026-01-01-old", "2026-02-01-new"]);
  });

  it("stops at a failing migration without recording it, so the next run starts from it", async () => {
    const ran: string[] = [];
    const { ledger, recorded } = memoryLedger();
    const failing: Migration = {
      id: "2026-05-01-fails",
      description: "fails",
      run: async () => {
        throw new Error("lost");
      },
    };
    const list = [fake("2026-04-01-first", ran), failing, fake("2026-06-01-later", ran)];
    await expect(runMigrations({ migrations: list, ledger })).rejects.toThrow("lost");
    expect(ran).toEqual(["2026-04-01-first"]);
    expect(recorded).toEqual(["2026-04-01-first"]);
  });

  it("refuses two migrations with one id", () => {
    const ran: string[] = [];
    expect(() => inDateOrder([fake("2026-01-01-x", ran), fake("2026-01-01-x", ran)])).toThrow(
      "Two migrations have the id 2026-01-01-x",
    );
  });
});

describe("the migrations of migrations/", () => {
  const folder = fileURLToPath(new URL("./migrations/", import.meta.url));
  const dated = readdirSync(folder)
    .filter((name) => /^\d{4}-\d{2}-\d{2}-/.test(name) && !name.endsWith(".test.ts"))
    .map((name) => name.replace(/\.ts$/, ""))
    .sort();

  it("are every dated file of the folder, each named by its id: <YYYY-MM-DD>-<what it upgrades>", () => {
    expect(dated.length).toBeGreaterThanOrEqual(3);
    expect(inDateOrder(migrations).map((migration) => migration.id)).toEqual(dated);
    for (const migration of migrations) {
      expect(migration.id).toMatch(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])-[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(migration.description.length).toBeGreaterThan(10);
    }
  });
});

describe("the command", () => {
  it("takes --again and nothing else", () => {
    expect(parseMigrateArgs([])).toEqual({ again: false });
    expect(parseMigrateArgs(["--again"])).toEqual({ again: true });
    expect(() => parseMigrateArgs(["--force"])).toThrow(MigrateError);
  });

  it("prints one line per migration with its count", () => {
    const outcome: MigrationOutcome = {
      id: "2026-11-25-order-holds",
      description: "unpaid orders get a hold",
      status: "applied",
      changed: 2,
      appliedAt: "2026-11-25T12:00:00.000Z",
    };
    expect(describeOutcome(outcome)).toBe(
      "2026-11-25-order-holds: 2 item(s) changed — unpaid orders get a hold",
    );
    expect(describeOutcome({ ...outcome, status: "already" })).toBe(
      "2026-11-25-order-holds: already applied 2026-11-25T12:00:00.000Z (2 item(s) changed then)",
    );
  });
});
