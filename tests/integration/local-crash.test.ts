import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { address, orderOf } from "../support/orders.ts";
import { type StartedShop, startShop } from "../support/shop.ts";

/**
 * `kill -9` of `npm start`'s Node process alone (README, "What survives a crash"): its exit hook
 * never runs, so DynamoDB Local is orphaned, still holding the database file. The next start stops
 * that orphan before it starts its own, and every order answered 201 before the kill is there.
 */

const dataDir = mkdtempSync(join(tmpdir(), "fruit-crash-"));
let shop: StartedShop | undefined;
/** The start under way, if any: a test that times out during a start still stops that shop. */
let starting: Promise<StartedShop> | undefined;

const start = async (): Promise<StartedShop> => {
  starting = startShop({ dataDir });
  shop = await starting;
  starting = undefined;
  return shop;
};

afterAll(async () => {
  await (await starting?.catch(() => undefined))?.stop();
  await shop?.stop();
  // The orphan this test makes on purpose, should the test have ended before the restart stopped it.
  for (const pid of javaOf(dataDir)) process.kill(pid, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Process ids of running DynamoDB Local launchers on this test's data directory. */
function javaOf(directory: string): number[] {
  return execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes("DynamoLoopbackLauncher") && line.includes(directory))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

describe("a shop killed with kill -9", () => {
  // Two starts of the whole shop (Java, the seed's images): each is bounded by startShop's own limit,
  // so the test's guard is sized for two of them on a loaded machine, not for a quiet one.
  it("leaves no second DynamoDB Local on its data, and keeps every acknowledged order", {
    timeout: 400_000,
  }, async () => {
    const first = await start();
    const { token } = (await (
      await fetch(`${first.url}/api/users/signin`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "user@example.com", password: "user1234" }),
      })
    ).json()) as { token: string };
    const [product] = (await (await fetch(`${first.url}/api/products?limit=1`)).json()) as {
      _id: string;
      price: number;
    }[];
    const placed = await fetch(`${first.url}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...orderOf(product!, 1), shippingAddress: address }),
    });
    expect(placed.status).toBe(201);
    const { order } = (await placed.json()) as { order: { _id: string } };

    const [orphan] = javaOf(dataDir);
    expect(orphan).toBeGreaterThan(0);
    process.kill(first.pid, "SIGKILL");
    shop = undefined; // nothing left to stop but its orphan
    await vi.waitFor(() => expect(() => process.kill(first.pid, 0)).toThrow(), { timeout: 10_000 });
    // Node is gone; its DynamoDB Local is not.
    expect(javaOf(dataDir)).toEqual([orphan]);

    const restarted = await start();
    const running = javaOf(dataDir);
    expect(running).toHaveLength(1);
    expect(running).not.toContain(orphan);
    const read = await fetch(`${restarted.url}/api/orders/${order._id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(read.status).toBe(200);
  });
});
