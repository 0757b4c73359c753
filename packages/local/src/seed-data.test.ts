import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { STOREFRONT_IMAGE_FILES, seedImageFiles } from "./seed-data.ts";

const packagesDir = fileURLToPath(new URL("../../", import.meta.url));
const imagesDir = fileURLToPath(new URL("./seed-images/", import.meta.url));

/** Source files (not tests) under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${join("web", "src", "test")}`));
}

/**
 * Every seed file the web app and core name literally by one of its variants
 * (`/images/seed/<name>/<width>.<format>` → `<name>.webp`), with where it is named.
 */
function fixedImagePaths(): Map<string, string> {
  const found = new Map<string, string>();
  for (const dir of [join(packagesDir, "web/src"), join(packagesDir, "core/src")]) {
    for (const file of sources(dir)) {
      for (const match of readFileSync(file, "utf8").matchAll(
        /\/images\/seed\/([\w-]+)\/\d+\.(?:avif|webp)/g,
      )) {
        found.set(`${match[1]}.webp`, relative(packagesDir, file));
      }
    }
  }
  return found;
}

describe("the storefront's fixed images", () => {
  it("lists every image the web app and core reference by a fixed /images/seed/ path", () => {
    const referenced = fixedImagePaths();
    expect(referenced.size).toBeGreaterThanOrEqual(7);
    const missing = [...referenced].filter(([file]) => !STOREFRONT_IMAGE_FILES.includes(file));
    expect(missing).toEqual([]);
  });

  it("ships each of them in seed-images/ and among the seed's own uploads", () => {
    for (const file of STOREFRONT_IMAGE_FILES) expect(existsSync(join(imagesDir, file)), file).toBe(true);
    expect(seedImageFiles()).toEqual(expect.arrayContaining([...STOREFRONT_IMAGE_FILES]));
  });
});
