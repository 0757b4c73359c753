import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/**
 * The web app imports core only through `@fruit/core/browser/*` (Biome's noRestrictedImports in
 * biome.json). This test keeps that subset browser-safe: bundled for the browser, each of its modules
 * pulls in nothing but other modules of the subset and its libraries (valibot, FormatJS) — no DynamoDB or S3 client, config,
 * token or password code (docs/decisions/019-enforced-boundaries.md).
 */

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const CORE = join(REPO, "packages/core");

/** The `./browser/*` entries of core's exports map: entry name → file, relative to the repository. */
function browserEntries(exportsMap: Record<string, string>): Map<string, string> {
  return new Map(
    Object.entries(exportsMap)
      .filter(([name]) => name.startsWith("./browser/"))
      .map(([name, target]) => [name, relative(REPO, join(CORE, target))]),
  );
}

/**
 * The files a browser bundle of `entry` reads that are neither in `allowed` nor its libraries; a module
 * that cannot be bundled for the browser at all (a Node built-in) answers esbuild's errors.
 */
async function strayInputs(entry: string, allowed: ReadonlySet<string>): Promise<string[]> {
  const bundled = await build({
    entryPoints: [join(REPO, entry)],
    absWorkingDir: REPO,
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
  }).catch((error: { errors?: { text: string }[] }) => error.errors?.map((e) => e.text) ?? [String(error)]);
  if (Array.isArray(bundled)) return bundled.length > 0 ? bundled : ["the build failed"];
  return Object.keys(bundled.metafile.inputs).filter(
    (input) => !allowed.has(input) && !BROWSER_LIBRARIES.test(input),
  );
}

/** The libraries the subset may bundle: valibot, and FormatJS's ICU messages (docs/decisions/050). */
const BROWSER_LIBRARIES =
  /(^|\/)node_modules\/(valibot|intl-messageformat|@formatjs\/[a-z0-9-]+|tslib|decimal\.js)\//;

describe("core's browser-safe subset", () => {
  const exportsMap = JSON.parse(readFileSync(join(CORE, "package.json"), "utf8")).exports as Record<
    string,
    string
  >;
  const entries = browserEntries(exportsMap);
  /**
   * The browser-safe modules behind the entries (one browser entry per room re-exports its room's
   * other browser-safe modules: docs/architecture.md, "Core's public face").
   */
  const behindEntries = [
    "packages/core/src/money/discount.ts",
    "packages/core/src/money/pricing.ts",
    "packages/core/src/money/quantity.ts",
    "packages/core/src/money/tax.ts",
    "packages/core/src/zones/postal.ts",
    "packages/core/src/products/catalogue.constants.ts",
    "packages/core/src/uploads/image-urls.ts",
    "packages/core/src/slots/zoned-time.ts",
    "packages/core/src/picking/final-charge.ts",
    "packages/core/src/layout/bucket.ts",
    "packages/core/src/i18n/format.ts",
    "packages/core/src/i18n/locale.ts",
    "packages/core/src/i18n/messages.ts",
    "packages/core/src/i18n/quantity.ts",
    "packages/core/src/i18n/error-texts.ts",
    "packages/core/src/i18n/errors.en.ts",
    "packages/core/src/i18n/errors.fr-CA.ts",
  ];
  const allowed = new Set([...entries.values(), ...behindEntries]);

  it("has entries, and core exports no catch-all the web app could use instead", () => {
    expect(entries.size).toBeGreaterThan(0);
    const wildcards = Object.keys(exportsMap).filter((name) => name.includes("*"));
    expect(wildcards).toEqual(["./internal/*"]);
  });

  it.each([...entries])("%s bundles for the browser from the subset alone", async (_name, file) => {
    expect(await strayInputs(file, allowed)).toEqual([]);
  });

  it("flags a server module put into the subset", async () => {
    const server = "packages/core/src/users/caller.ts";
    expect(await strayInputs(server, new Set([...allowed, server]))).not.toEqual([]);
    const config = "packages/core/src/config.ts";
    expect(await strayInputs(config, new Set([...allowed, config]))).not.toEqual([]);
  });
});
