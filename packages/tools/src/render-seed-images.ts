/**
 * Regenerates the seed images in packages/local/src/seed-images/ from the SVG
 * illustrations in seed-art/. Run by hand when the catalogue or the art changes (never at install
 * or test time; the resulting .webp files are committed):
 *
 *   npx tsx packages/tools/src/render-seed-images.ts [--png <dir>] [slug ...]
 *
 * SVG is rasterised by headless Chromium (canvas → WebP) because no image library ships with the
 * repo. `--png <dir>` also writes PNG copies for eyeballing the results.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SEED_PRODUCTS } from "@fruit/local/seed-data";
import { chromium, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "./chromium.ts";
import { ART } from "./seed-art/index.ts";
import { BANNER_SIZE, bannerSvg, PRODUCT_SIZE, productSvg } from "./seed-art/scene.ts";

const OUT_DIR = fileURLToPath(new URL("../../local/src/seed-images/", import.meta.url));
const PRODUCT_LIMIT = 40_000;
const BANNER_LIMIT = 80_000;

/** Banner file → the product art it features. */
const BANNERS: Record<string, string> = {
  "banner-strawberry.webp": "strawberry",
  "banner-cherry.webp": "cherry",
  "banner-watermelon.webp": "watermelon",
  "banner-deal.webp": "mango",
};

/** Draws the SVG onto a canvas in the page and encodes it; lowers the quality until it fits `limit`. */
async function rasterise(page: Page, svg: string, width: number, height: number, limit: number) {
  for (const quality of [0.9, 0.8, 0.7, 0.6]) {
    const result = await page.evaluate(
      async ({ svg, width, height, quality }) => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = width;
        canvas.height = height;
        canvas.getContext("2d")?.drawImage(image, 0, 0, width, height);
        return { webp: canvas.toDataURL("image/webp", quality), png: canvas.toDataURL("image/png") };
      },
      { svg, width, height, quality },
    );
    const webp = Buffer.from(result.webp.split(",")[1] ?? "", "base64");
    if (webp.length < limit || quality === 0.6)
      return { webp, png: Buffer.from(result.png.split(",")[1] ?? "", "base64") };
  }
  throw new Error("unreachable");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const pngIndex = args.indexOf("--png");
  const pngDir = pngIndex >= 0 ? args.splice(pngIndex, 2)[1] : undefined;
  const only = new Set(args);
  const wanted = (name: string) => only.size === 0 || only.has(name);
  mkdirSync(OUT_DIR, { recursive: true });
  if (pngDir) mkdirSync(pngDir, { recursive: true });

  const jobs: { file: string; svg: string; width: number; height: number; limit: number }[] = [];
  SEED_PRODUCTS.forEach((product, index) => {
    if (!wanted(product.slug)) return;
    const art = ART[product.slug];
    if (!art) throw new Error(`no art for ${product.slug}`);
    [product.image, ...product.images].forEach((file, variant) => {
      const svg = productSvg(art, variant, index * 7 + variant + 1);
      jobs.push({ file, svg, width: PRODUCT_SIZE, height: PRODUCT_SIZE, limit: PRODUCT_LIMIT });
    });
  });
  Object.entries(BANNERS).forEach(([file, slug], index) => {
    const art = ART[slug];
    if (!art || !wanted(slug)) return;
    jobs.push({ file, svg: bannerSvg(art, 100 + index), ...BANNER_SIZE, limit: BANNER_LIMIT });
  });

  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    await page.setContent("<!doctype html><title>render</title>");
    for (const job of jobs) {
      const { webp, png } = await rasterise(page, job.svg, job.width, job.height, job.limit);
      writeFileSync(`${OUT_DIR}${job.file}`, webp);
      if (pngDir) writeFileSync(`${pngDir}/${job.file.replace(/\.webp$/, ".png")}`, png);
      const flag = webp.length >= job.limit ? "  TOO BIG" : "";
      console.log(`${job.file.padEnd(28)} ${(webp.length / 1024).toFixed(1).padStart(6)} KB${flag}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
