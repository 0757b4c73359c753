import bcrypt from "bcryptjs";
import { startShop } from "../support/shop.ts";
import { load, problems } from "./load.ts";
import { type BenchGroup, median, round } from "./types.ts";

const PASSWORD = "bench-password-1234";
const COST = 10;
/** Sign-in is CPU-bound (bcrypt); more connections only add queueing to the latency. */
const CONNECTIONS = 10;
/**
 * Accounts the load rotates through. Each attempt takes a place in its account's throttle window
 * (at most 10 comparisons per account per window, counted while in flight) and a success clears it;
 * many shoppers signing in at once is the case to measure, not one account hammered by 10 clients
 * (the warm-up's unanswered requests would overlap the run's and trip the throttle).
 */
const ACCOUNTS = 20;

/**
 * `POST /api/users/signin` with the seeded customer's right password, beside the in-process cost of
 * one bcryptjs compare at the same cost: 1000 / compare-ms is what one core could sign in per second
 * if bcrypt were the only work. Every attempt takes a place in the account's throttle window and a
 * successful one clears it; the load rotates through ACCOUNTS accounts, so no account comes near it.
 */
const group: BenchGroup = {
  title: "API: sign-in (bcrypt)",
  async run(context) {
    context.log("timing bcryptjs compare in this process");
    const hash = await bcrypt.hash(PASSWORD, COST);
    await bcrypt.compare(PASSWORD, hash);
    const compares: number[] = [];
    for (let i = 0; i < Math.max(10, context.runs); i++) {
      const started = performance.now();
      await bcrypt.compare(PASSWORD, hash);
      compares.push(performance.now() - started);
    }
    const compareMs = median(compares);

    context.log("starting the shop");
    const shop = await startShop();
    try {
      context.log(`signing up ${ACCOUNTS} accounts`);
      const bodies: string[] = [];
      for (let i = 0; i < ACCOUNTS; i++) {
        const account = { name: `Bench ${i}`, email: `bench-signin-${i}@example.com`, password: PASSWORD };
        const signup = await fetch(`${shop.url}/api/users/signup`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(account),
        });
        if (!signup.ok) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
        bodies.push(JSON.stringify({ email: account.email, password: PASSWORD }));
      }
      const url = `${shop.url}/api/users/signin`;
      let sent = 0;
      const options = {
        method: "POST" as const,
        headers: { "content-type": "application/json" },
        connections: CONNECTIONS,
        setupRequest: (request: { headers: Record<string, string>; body?: string }) => ({
          ...request,
          body: bodies[sent++ % ACCOUNTS]!,
        }),
      };
      const setting = `${CONNECTIONS} connections, ${context.durationSeconds} s`;
      context.log(`loading POST /api/users/signin: ${setting}`);
      const result = await load(url, context, options);
      const ceiling = 1000 / compareMs;
      return [
        {
          name: "POST /api/users/signin throughput",
          value: round(result.requests.average, 1),
          unit: "req/s",
          note: `bcrypt cost ${COST} (bcryptjs), ${ACCOUNTS} accounts in turn, ${setting}${problems(result)}`,
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
