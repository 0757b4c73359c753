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

afterAll(async () => {
  await shop?.stop();
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
  it("leaves no second DynamoDB Local on its data, and keeps every acknowledged order", async () => {
    shop = await startShop({ dataDir });
    const { token } = (await (
      await fetch(`${shop.url}/api/users/signin`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "user@example.com", password: "user1234" }),
      })
    ).json()) as { token: string };
    const [product] = (await (await fetch(`${shop.url}/api/products?limit=1`)).json()) as {
      _id: string;
      price: number;
    }[];
    const placed = await fetch(`${shop.url}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...orderOf(product!, 1), shippingAddress: address }),
    });
    expect(placed.status).toBe(201);
    const { order } = (await placed.json()) as { order: { _id: string } };

    const [orphan] = javaOf(dataDir);
    expect(orphan).toBeGreaterThan(0);
    process.kill(shop.pid, "SIGKILL");
    await vi.waitFor(() => expect(() => process.kill(shop!.pid, 0)).toThrow(), { timeout: 10_000 });
    // Node is gone; its DynamoDB Local is not.
    expect(javaOf(dataDir)).toEqual([orphan]);

    shop = await startShop({ dataDir });
    const running = javaOf(dataDir);
    expect(running).toHaveLength(1);
    expect(running).not.toContain(orphan);
    const read = await fetch(`${shop.url}/api/orders/${order._id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(read.status).toBe(200);
  });
});
