import { startShop } from "../support/shop.ts";
import { load, problems, startCeilingServer } from "./load.ts";
import { type BenchGroup, round } from "./types.ts";

const PATH = "/api/products";

/**
 * `GET /api/products` on the local shop (Hono on Node over DynamoDB Local) beside a bare node:http
 * server sending the same bytes from memory. The ratio says how much of the machine's HTTP ceiling
 * the API keeps; absolute req/s depend on the machine and are only comparable within one run.
 */
const group: BenchGroup = {
  title: "API throughput",
  async run(context) {
    context.log("starting the shop");
    const shop = await startShop();
    try {
      const first = await fetch(`${shop.url}${PATH}`);
      if (!first.ok) throw new Error(`GET ${PATH} answered ${first.status}`);
      const body = Buffer.from(await first.arrayBuffer());
      const products = (JSON.parse(body.toString()) as unknown[]).length;
      const ceiling = await startCeilingServer(body, first.headers.get("content-type") ?? "application/json");
      try {
        const setting = `${context.connections} connections, ${context.durationSeconds} s`;
        context.log(`loading the shop: ${setting}`);
        const api = await load(`${shop.url}${PATH}`, context);
        context.log(`loading the ceiling: ${setting}`);
        const bare = await load(ceiling.url, context);
        const what = `${products} products, ${body.length} bytes, ${setting}${problems(api)}`;
        return [
          {
            name: `GET ${PATH} throughput`,
            value: round(api.requests.average, 0),
            unit: "req/s",
            note: what,
          },
          { name: `GET ${PATH} p99 latency`, value: api.latency.p99, unit: "ms", note: "same run" },
          {
            name: "ceiling: bare node:http, same bytes",
            value: round(bare.requests.average, 0),
            unit: "req/s",
            note: "from memory, own process",
          },
          { name: "ceiling p99 latency", value: bare.latency.p99, unit: "ms", note: "same run" },
          {
            name: `GET ${PATH} / ceiling`,
            value: round((100 * api.requests.average) / bare.requests.average),
            unit: "%",
            note: "throughput ratio, same run",
          },
        ];
      } finally {
        await ceiling.stop();
      }
    } finally {
      await shop.stop();
    }
  },
};

export default group;
