import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { recordedDeploys } from "./deploy-stage.ts";

/**
 * docs/operations.md's failure table ("Failures and the alarms that see them"): each way the shop can
 * fail names the alarms that page for it. Every alarm a row names must exist in the stacks, and every
 * alarm the stacks create must be in some row, so no outage is silent and no alarm is unexplained.
 */

const deploy = recordedDeploys();
afterEach(() => vi.unstubAllEnvs());

/** The table's rows: the failure and the alarms of its last cell. */
function failureTable(): { failure: string; alarms: string[] }[] {
  const doc = readFileSync(new URL("../../docs/operations.md", import.meta.url), "utf8");
  const section = doc.slice(doc.indexOf("## Failures and the alarms that see them"));
  const end = section.indexOf("\n## ", 5);
  return (end < 0 ? section : section.slice(0, end))
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| Failure |"))
    .map((line) => {
      const cells = line.split(" | ");
      return {
        failure: cells[0]!.slice(2),
        alarms: [...cells.at(-1)!.matchAll(/`(\w+Alarm)`/g)].map(([, name]) => name!),
      };
    });
}

describe("the failure table (docs/operations.md)", () => {
  it("names, for every failure, alarms the stacks create, and every alarm has its failure", async () => {
    // A stage with mails: every alarm the stacks can create exists there.
    vi.stubEnv("SST_SECRET_MailSender", "shop.example.com");
    const recording = await deploy("production");
    const created = new Set(recording.all("MetricAlarm").map((alarm) => alarm.name));
    const rows = failureTable();
    expect(rows.length).toBeGreaterThanOrEqual(15);
    for (const row of rows) {
      expect(row.alarms.length, row.failure).toBeGreaterThan(0);
      for (const alarm of row.alarms) expect(created.has(alarm), `${row.failure}: ${alarm}`).toBe(true);
    }
    const named = new Set(rows.flatMap((row) => row.alarms));
    for (const alarm of created) expect(named.has(alarm), `${alarm} has no row`).toBe(true);
  });
});
