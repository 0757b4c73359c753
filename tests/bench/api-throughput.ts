import { startShop } from "../support/shop.ts";
import { againstCeiling } from "./load.ts";
import type { BenchGroup } from "./types.ts";

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
      return await againstCeiling(shop.url, "/api/products", context, {
        describe: (body) => `${(JSON.parse(body.toString()) as unknown[]).length} products`,
      });
    } finally {
      await shop.stop();
    }
  },
};

export default group;
