import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The web app imports Mantine's stylesheets one component at a time (packages/web/src/app/
 * mantine-styles.css) rather than the whole library's. A component added to a screen without its
 * stylesheet would render unstyled; this finds that in the build the started shop serves (the e2e
 * set-up built it): every Mantine class name (`m_` + 8 hex digits) in the app's scripts that
 * Mantine's full stylesheet styles must be styled by one of the app's own stylesheets.
 */
const dist = fileURLToPath(new URL("../../packages/web/dist/assets/", import.meta.url));
const webRequire = createRequire(fileURLToPath(new URL("../../packages/web/package.json", import.meta.url)));
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

const classesIn = (text: string) => new Set(text.match(MANTINE_CLASS) ?? []);
const assets = (extension: string) =>
  readdirSync(dist)
    .filter((name) => name.endsWith(extension))
    .map((name) => readFileSync(join(dist, name), "utf8"));

describe("Mantine stylesheets", () => {
  it("style every Mantine class the built app can render", () => {
    const full = classesIn(readFileSync(webRequire.resolve("@mantine/core/styles.css"), "utf8"));
    const used = classesIn(assets(".js").join("\n"));
    const styled = classesIn(assets(".css").join("\n"));
    const rendered = [...used].filter((name) => full.has(name));
    expect(rendered.length).toBeGreaterThan(50);
    expect(rendered.filter((name) => !styled.has(name))).toEqual([]);
  });
});
