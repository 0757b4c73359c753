import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { BenchGroup, Row } from "./types.ts";
import { builtWeb, DIST } from "./web-dist.ts";

/**
 * The admin area's weight in the built SPA (packages/web/dist), and proof that none of it is part of
 * the storefront's first load: the files index.html loads (its module script, modulepreload links
 * and stylesheets) and everything they import statically must not include an admin screen's chunk
 * or recharts. Sizes are gzip (level 9), as a CDN would send them.
 */

const ASSETS = join(DIST, "assets");

/** The lazy route modules of the admin screens (packages/web/src/features/admin/**), by chunk name. */
const ADMIN_ENTRIES = [
  "dashboard-page",
  "products-admin-page",
  "product-edit-page",
  "orders-admin-page",
  "users-admin-page",
  "user-edit-page",
  "deliver-order-button",
];

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
const gzipSize = (file: string) => gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length;

/** Static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`), not dynamic ones. */
function staticImports(file: string): string[] {
  const code = readFileSync(join(ASSETS, file), "utf8");
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)].map((match) => match[1]!);
}

/** A chunk and everything it imports statically: what the browser must fetch to run it. */
function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

/** Files index.html makes the browser load before any route runs. */
function initialLoad(): { js: string[]; css: string[] } {
  const html = readFileSync(join(DIST, "index.html"), "utf8");
  const refs = (pattern: RegExp) =>
    [...html.matchAll(pattern)].map((match) => match[1]!.replace(/^\/assets\//, ""));
  return {
    js: [
      ...refs(/<script[^>]*type="module"[^>]*src="([^"]+\.js)"/g),
      ...refs(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
    ],
    css: refs(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+\.css)"/g),
  };
}

const chunkFor = (files: string[], entry: string) =>
  files.find((file) => file.startsWith(`${entry}-`) && /^[\w-]+-[\w-]{8}\.js$/.test(file));

const group: BenchGroup = {
  title: "Web: admin chunks (gzip) vs the storefront's first load",
  async run(context) {
    await builtWeb(context);
    const files = readdirSync(ASSETS);
    const initial = initialLoad();
    const initialJs = closure(initial.js);

    const adminRoots = ADMIN_ENTRIES.map((entry) => {
      const file = chunkFor(files, entry);
      if (!file) throw new Error(`No chunk for the admin module "${entry}" in ${ASSETS}`);
      return file;
    });
    const inFirstLoad = adminRoots.filter((file) => initialJs.has(file));
    const rechartsInFirstLoad = [...initialJs].filter((file) =>
      readFileSync(join(ASSETS, file), "utf8").includes("recharts"),
    );
    if (inFirstLoad.length > 0 || rechartsInFirstLoad.length > 0) {
      throw new Error(
        `Admin code is in the storefront's first load: ${[...inFirstLoad, ...rechartsInFirstLoad].join(", ")}`,
      );
    }

    // What the admin area adds beyond the first load (chunks shared with storefront routes included:
    // an admin who opens the area cold downloads them too).
    const adminJs = [...closure(adminRoots)].filter((file) => !initialJs.has(file));
    const adminCss = files.filter(
      (file) => file.endsWith(".css") && ADMIN_ENTRIES.some((entry) => file.startsWith(`${entry}-`)),
    );
    const dashboard = [...closure([chunkFor(files, "dashboard-page")!])].filter(
      (file) => !initialJs.has(file),
    );
    const sum = (list: string[]) => list.reduce((total, file) => total + gzipSize(file), 0);

    const rows: Row[] = [
      {
        name: "storefront first load JS",
        value: kb(sum([...initialJs])),
        unit: "KB gzip",
        note: `${initialJs.size} files from index.html; no admin chunk, no recharts (asserted)`,
      },
      {
        name: "storefront first load CSS",
        value: kb(sum(initial.css)),
        unit: "KB gzip",
        note: "stylesheets linked by index.html",
      },
      {
        name: "admin area JS (all screens)",
        value: kb(sum(adminJs)),
        unit: "KB gzip",
        note: `${adminJs.length} lazy chunks beyond the first load, recharts included`,
      },
      {
        name: "admin area CSS",
        value: kb(sum(adminCss)),
        unit: "KB gzip",
        note: "the charts' stylesheet, loaded with the dashboard only",
      },
      {
        name: "/admin/dashboard route JS",
        value: kb(sum(dashboard)),
        unit: "KB gzip",
        note: "the heaviest admin screen (charts), beyond the first load",
      },
    ];
    return rows;
  },
};

export default group;
