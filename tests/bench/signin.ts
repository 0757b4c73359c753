import bcrypt from "bcryptjs";
import { startShop } from "../support/shop.ts";
import { load, problems } from "./load.ts";
import { type BenchGroup, median, round } from "./types.ts";

/** The seeded customer (packages/local/src/local-config.ts), hashed at cost 10 by the seed. */
const CUSTOMER = { email: "user@example.com", password: "user1234" };
const COST = 10;
/** Sign-in is CPU-bound (bcrypt); more connections only add queueing to the latency. */
const CONNECTIONS = 10;

/**
 * `POST /api/users/signin` with the seeded customer's right password, beside the in-process cost of
 * one bcryptjs compare at the same cost: 1000 / compare-ms is what one core could sign in per second
 * if bcrypt were the only work. Every attempt takes a place in the account's throttle window and a
 * successful one clears it, so with at most CONNECTIONS (10, the limit) attempts in flight the load
 * test never trips it.
 */
const group: BenchGroup = {
  title: "API: sign-in (bcrypt)",
  async run(context) {
    context.log("timing bcryptjs compare in this process");
    const hash = await bcrypt.hash(CUSTOMER.password, COST);
    await bcrypt.compare(CUSTOMER.password, hash);
    const compares: number[] = [];
    for (let i = 0; i < Math.max(10, context.runs); i++) {
      const started = performance.now();
      await bcrypt.compare(CUSTOMER.password, hash);
      compares.push(performance.now() - started);
    }
    const compareMs = median(compares);

    context.log("starting the shop");
    const shop = await startShop();
    try {
      const url = `${shop.url}/api/users/signin`;
      const options = {
        method: "POST" as const,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(CUSTOMER),
        connections: CONNECTIONS,
      };
      const check = await fetch(url, options);
      if (!check.ok) throw new Error(`sign-in answered ${check.status}: ${await check.text()}`);
      const setting = `${CONNECTIONS} connections, ${context.durationSeconds} s`;
      context.log(`loading POST /api/users/signin: ${setting}`);
      const result = await load(url, context, options);
      const ceiling = 1000 / compareMs;
      return [
        {
          name: "POST /api/users/signin throughput",
          value: round(result.requests.average, 1),
          unit: "req/s",
          note: `bcrypt cost ${COST} (bcryptjs), seeded customer, ${setting}${problems(result)}`,
        },
        {
          name: "POST /api/users/signin p99 latency",
          value: result.latency.p99,
          unit: "ms",
          note: "same run",
        },
        {
          name: `bcryptjs compare, cost ${COST}`,
          value: round(compareMs, 1),
          unit: "ms",
          note: `median of ${compares.length}, in the bench process`,
        },
        {
          name: "one core's bcrypt ceiling",
          value: round(ceiling, 1),
          unit: "req/s",
          note: "1000 / compare ms",
        },
        {
          name: "sign-in / bcrypt ceiling",
          value: round((100 * result.requests.average) / ceiling),
          unit: "%",
          note: "throughput ratio, same run",
        },
      ];
    } finally {
      await shop.stop();
    }
  },
};

export default group;
