import { startShop } from "../support/shop.ts";
import { againstCeiling } from "./load.ts";
import type { BenchGroup } from "./types.ts";

const SLUG = "strawberry";
/** The row is defined at 50 connections whatever BENCH_CONNECTIONS says, to stay comparable. */
const CONNECTIONS = 50;

/**
 * `GET /api/products/slug/strawberry` (the product page's one request: a slug lookup, then the
 * product) on the seeded shop, beside the bare node:http ceiling answering the same bytes.
 */
const group: BenchGroup = {
  title: "API: product by slug",
  async run(context) {
    context.log("starting the shop");
    const shop = await startShop();
    try {
      return await againstCeiling(shop.url, `/api/products/slug/${SLUG}`, context, {
        connections: CONNECTIONS,
        describe: (body) => `product "${(JSON.parse(body.toString()) as { name: string }).name}"`,
      });
    } finally {
      await shop.stop();
    }
  },
};

export default group;
