import { existsSync } from "node:fs";
import { loadConfig } from "@fruit/core/config";
import { describe, expect, it } from "vitest";
import { recordedDeploys } from "./deploy-stage.ts";
import { ROOT } from "./sst-bundle.ts";

const deploy = recordedDeploys();

interface CronArgs {
  schedule: string;
  retries?: number;
  function: {
    handler: string;
    runtime: string;
    timeout: string;
    link: unknown[];
    environment?: Record<string, string>;
  };
}

describe("the unpaid-order sweeper (stacks/sweeper.ts)", () => {
  it("runs the sweep handler on a schedule of a minute, linked to the table and the payment secrets", async () => {
    const recording = await deploy("dev");
    const crons = recording.all("CronV2");
    expect(crons.map((cron) => cron.name)).toEqual(["UnpaidOrderSweeper"]);
    const args = crons[0]!.args as unknown as CronArgs;
    expect(args.schedule).toBe("rate(1 minute)");
    expect(args.function).toMatchObject({
      handler: "packages/functions/src/lambda/sweeper.handler",
      runtime: "nodejs22.x",
    });
    // The handler path names a real module exporting `handler`.
    const [file, exported] = args.function.handler.split(".");
    expect(existsSync(`${ROOT}${file}.ts`)).toBe(true);
    expect(exported).toBe("handler");
    const mod = (await import(`${ROOT}${file}.ts`)) as Record<string, unknown>;
    expect(typeof mod[exported!]).toBe("function");

    const table = recording.get("Dynamo", "Table").instance;
    expect(args.function.link).toContain(table);
    // PayPal's credentials check a stale payment; it signs nothing, so no JwtSecret (core's config
    // loads without it: tests/integration/bundle.test.ts runs the bundle so).
    for (const name of ["PaypalClientId", "PaypalClientSecret"]) {
      expect(args.function.link).toContain(recording.get("Secret", name).instance);
    }
    expect(args.function.link).not.toContain(recording.get("Secret", "JwtSecret").instance);
  });

  it("shares the API's Payments link, so it takes payments the same way; holds are read from each order", async () => {
    const recording = await deploy("dev");
    const api = recording.get("Function", "Api").args.link as unknown[];
    const cron = recording.get("CronV2", "UnpaidOrderSweeper").args as unknown as CronArgs;
    const payments = recording.get("Secret", "Payments").instance;
    expect(api).toContain(payments);
    expect(cron.function.link).toContain(payments);
    // Each order keeps the deadline it was placed with (core's expiryDecision): the setting is the API's.
    expect(cron.function.link).not.toContain(recording.get("Secret", "UnpaidOrderMinutes").instance);
    // No environment of its own that could disagree with the API's.
    expect(cron.function.environment).toBeUndefined();
  });

  it("holds unpaid orders 60 minutes until a stage sets UnpaidOrderMinutes", async () => {
    const recording = await deploy("production");
    const placeholder = recording.get("Secret", "UnpaidOrderMinutes").args.placeholder as string;
    const config = loadConfig({
      TABLE_NAME: "fruit-shop",
      JWT_SECRET: "x".repeat(32),
      UNPAID_ORDER_MINUTES: placeholder,
    });
    expect(config.unpaidOrderMinutes).toBe(60);
  });
});
