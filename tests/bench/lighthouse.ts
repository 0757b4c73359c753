import { CHROMIUM_FLAGS, chromiumPath } from "@fruit/tools/chromium";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { startShop } from "../support/shop.ts";
import { type BenchGroup, median, type Row, round } from "./types.ts";

/**
 * Lighthouse 12 (Node API, installed as a devDependency) against the started shop with its seeded
 * data: the three storefront pages with the desktop and the mobile (default) preset, a fresh
 * Chromium per run, the median of BENCH_RUNS runs (default 5: mobile LCP swings between runs).
 * Chromium and its flags as every browser tool here starts it (packages/tools/src/chromium.ts).
 * The shop runs with `SEARCH_INDEXING=on` and is audited at `localhost` (the address it prints and
 * writes into canonical links), so the SEO category sees the pages a stage meant for search serves
 * (docs/decisions/034-page-heads.md).
 */

const PAGES = ["/", "/products", "/product/strawberry", "/fr/", "/fr/products"];
const PRESETS = ["desktop", "mobile"] as const;

export interface Sample {
  performance: number;
  accessibility: number;
  seo: number;
  lcp: number;
  cls: number;
  tbt: number;
  /** First contentful paint and speed index (ms): with LCP, TBT and CLS, the score's parts. */
  fcp: number;
  si: number;
  /** Bytes of every image the page downloaded (transfer size, headers included). */
  imageBytes: number;
}

/** One Lighthouse run of `url` with a preset, in a fresh Chromium. */
export async function audit(url: string, preset: (typeof PRESETS)[number]): Promise<Sample> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "seo"],
      },
      preset === "desktop" ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (
      lhr.audits["network-requests"]?.details as { items?: Record<string, unknown>[] } | undefined
    )?.items;
    const imageBytes = (requests ?? [])
      .filter((item) => item.resourceType === "Image")
      .reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? Number.NaN) * 100),
      seo: Math.round((lhr.categories.seo?.score ?? Number.NaN) * 100),
      lcp: numeric("largest-contentful-paint"),
      cls: numeric("cumulative-layout-shift"),
      tbt: numeric("total-blocking-time"),
      fcp: numeric("first-contentful-paint"),
      si: numeric("speed-index"),
      imageBytes,
    };
  } finally {
    await chrome.kill();
  }
}

const group: BenchGroup = {
  title: "Lighthouse 12: storefront pages (median of runs)",
  async run(context) {
    context.log("starting the shop");
    const shop = await startShop({ env: { SEARCH_INDEXING: "on" } });
    const base = shop.url.replace("127.0.0.1", "localhost");
    const samples = new Map<string, Sample[]>();
    try {
      // Runs are interleaved, so a slow minute of the machine does not land on one page only.
      for (let run = 1; run <= context.runs; run++) {
        for (const preset of PRESETS) {
          for (const page of PAGES) {
            context.log(`run ${run}/${context.runs}: ${preset} ${page}`);
            const key = `${preset} ${page}`;
            samples.set(key, [...(samples.get(key) ?? []), await audit(`${base}${page}`, preset)]);
          }
        }
      }
    } finally {
      await shop.stop();
    }
    const rows: Row[] = [];
    for (const [key, list] of samples) {
      const of = (metric: keyof Sample) => median(list.map((sample) => sample[metric]));
      const spread = (metric: keyof Sample) => {
        const values = list.map((sample) => sample[metric]);
        return `${round(Math.min(...values), 0)}–${round(Math.max(...values), 0)}`;
      };
      const runs = `median of ${list.length}`;
      rows.push(
        {
          name: `${key}: performance`,
          value: of("performance"),
          unit: "/100",
          note: `${runs}, range ${spread("performance")}`,
        },
        { name: `${key}: accessibility`, value: of("accessibility"), unit: "/100", note: runs },
        { name: `${key}: SEO`, value: of("seo"), unit: "/100", note: `${runs}, range ${spread("seo")}` },
        { name: `${key}: LCP`, value: round(of("lcp"), 0), unit: "ms", note: `range ${spread("lcp")} ms` },
        { name: `${key}: CLS`, value: round(of("cls"), 3), unit: "", note: runs },
        { name: `${key}: TBT`, value: round(of("tbt"), 0), unit: "ms", note: `range ${spread("tbt")} ms` },
        { name: `${key}: image bytes`, value: round(of("imageBytes") / 1024, 0), unit: "KB", note: runs },
      );
    }
    return rows;
  },
};

export default group;
