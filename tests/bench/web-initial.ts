import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { BenchGroup, Row } from "./types.ts";
import { builtWeb, DIST } from "./web-dist.ts";

/**
 * What a storefront page downloads before it can render, from Vite's build manifest
 * (packages/web/dist/.vite/manifest.json): the entry (index.html's module script) and its static
 * imports (the modulepreloads), plus the route's lazy page module and its static imports, and the
 * CSS of every one of those chunks. Later lazy loads (below-the-fold carousels, review form,
 * dialogs) are not counted. The same pages under `/fr` add the French messages they wait for: the
 * shell's part and the screen's (packages/web/src/i18n/message-parts.ts). Sizes are gzip level 9, as
 * a CDN would send them.
 */

const MANIFEST = join(DIST, ".vite/manifest.json");
/** Initial JS per page, gzip (the design's target, decision 006). */
const TARGET_KB = 150;
/**
 * What two languages may add: 15 KB gzip over each page's initial JS before them (issue 46; measured
 * on main before the web's i18n landed, 2026-11-29: `/` 156.5, `/products` 158.3, `/product/{slug}`
 * 208.8). The group fails past it, in either language (docs/decisions/052-language-by-url.md, "Weight").
 */
const I18N_KB = 15;
/** A peer fresh-fruit shop built with Create React App ships this much gzip JS on its first page: the figure to beat. */
const PEER_KB = 227;

const ROUTES = [
  { path: "/", module: "src/features/site/home/home-page.tsx", part: "home", before: 156.5 },
  { path: "/products", module: "src/features/catalog/products-page.tsx", part: "catalog", before: 158.3 },
  {
    path: "/product/{slug}",
    module: "src/features/catalog/product-page.tsx",
    part: "product",
    before: 208.8,
  },
];

/** A part of the French messages, as the manifest names its module (packages/web/src/i18n/load-messages.ts). */
const frenchPart = (part: string) => `src/i18n/messages/fr-CA/${part}.ts`;
/** What a French page waits for besides its screen: the shell's part (header, footer, menus). */
const FRENCH_SHELL = frenchPart("shell");

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
const gzipSize = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

/** The chunks and stylesheets the browser needs to run the given manifest entries (static imports only). */
function closure(manifest: Record<string, Chunk>, roots: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in ${MANIFEST}`);
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    queue.push(...(chunk.imports ?? []));
  }
  return { js, css };
}

const group: BenchGroup = {
  title: "Web: initial JS and CSS per storefront page (gzip)",
  async run(context) {
    await builtWeb(context);
    if (!existsSync(MANIFEST)) throw new Error(`No ${MANIFEST}: build.manifest must be on in vite.config.ts`);
    const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Record<string, Chunk>;
    const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipSize(file), 0);
    const entry = closure(manifest, ["index.html"]);
    const rows: Row[] = [
      {
        name: "entry (index.html) JS",
        value: kb(sum(entry.js)),
        unit: "KB gzip",
        note: `${entry.js.size} files: the module script and its static imports, on every page`,
      },
    ];
    const over: string[] = [];
    const pages = ROUTES.flatMap((route) => [
      { ...route, roots: ["index.html", route.module] },
      {
        ...route,
        path: `/fr${route.path === "/" ? "/" : route.path}`,
        roots: ["index.html", route.module, FRENCH_SHELL, frenchPart(route.part)],
      },
    ]);
    for (const route of pages) {
      const page = closure(manifest, route.roots);
      const js = kb(sum(page.js));
      const budget = Number((route.before + I18N_KB).toFixed(1));
      if (js > budget) over.push(`${route.path} ${js} KB > ${budget} KB`);
      const french = route.roots.length > 2 ? " (with the French shell's and screen's messages)" : "";
      rows.push(
        {
          name: `${route.path} initial JS`,
          value: js,
          unit: "KB gzip",
          note: `${page.js.size} files (entry + route chunk + imports${french}); target <= ${TARGET_KB}: ${js <= TARGET_KB ? "met" : "MISSED"}; two languages' budget <= ${budget} (${route.before} + ${I18N_KB}): ${js <= budget ? "met" : "MISSED"}; ${Math.round((100 * js) / PEER_KB)} % of the CRA peer's ${PEER_KB}`,
        },
        {
          name: `${route.path} initial CSS`,
          value: kb(sum(page.css)),
          unit: "KB gzip",
          note: `${page.css.size} stylesheets of those chunks`,
        },
      );
    }
    const errors = closure(manifest, [frenchPart("errors")]);
    rows.push({
      name: "French error texts",
      value: kb(sum(errors.js)),
      unit: "KB gzip",
      note: "the error codes' French texts, loaded after a /fr page's first render (not in its initial JS)",
    });
    if (over.length > 0) throw new Error(`Initial JS past the two languages' budget: ${over.join("; ")}`);
    return rows;
  },
};

export default group;
