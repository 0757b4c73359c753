import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The web app's layout rules (docs/decisions/015-web-by-domain.md): a feature uses another feature
 * only through that feature's index.ts, and the shared layers (components/, lib/, resources/) never
 * import a feature. app/ is the composition root: its route table loads page modules by path.
 */

const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative module a file names: static imports, re-exports and `import()`. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)];
  return specifiers.map((match) => resolve(dirname(file), match[1]!));
}

/** ["features", "cart", ...] for a path under src. */
const parts = (path: string) => relative(SRC, path).split(sep);

/** What is wrong with `file` importing `target`, if anything. */
function boundaryViolation(file: string, target: string): string | undefined {
  const [fileLayer, fileFeature] = parts(file);
  const [targetLayer, targetFeature, ...rest] = parts(target);
  if (targetLayer !== "features") return undefined;
  if (fileLayer === "components" || fileLayer === "lib" || fileLayer === "resources") {
    return `${fileLayer}/ is shared by the features and must not import one`;
  }
  if (fileLayer === "features" && fileFeature !== targetFeature && rest.join("/") !== "index.ts") {
    return `features/${fileFeature} may use features/${targetFeature} only through its index.ts`;
  }
  return undefined;
}

describe("web layout", () => {
  it("keeps features apart and the shared layers below them", () => {
    const violations = sourceFiles(SRC).flatMap((file) =>
      relativeImports(file).flatMap((target) => {
        const why = boundaryViolation(file, target);
        return why ? [`${relative(SRC, file)} → ${relative(SRC, target)}: ${why}`] : [];
      }),
    );
    expect(violations).toEqual([]);
  });

  it("flags a reach into another feature's insides and a shared module importing a feature", () => {
    const at = (path: string) => join(SRC, path);
    expect(boundaryViolation(at("features/catalog/buy-box.tsx"), at("features/cart/add-to-cart.ts"))).toMatch(
      /only through its index\.ts/,
    );
    expect(
      boundaryViolation(at("features/catalog/buy-box.tsx"), at("features/cart/index.ts")),
    ).toBeUndefined();
    expect(
      boundaryViolation(
        at("features/orders/place/place-order-page.tsx"),
        at("features/orders/checkout/x.ts"),
      ),
    ).toBeUndefined();
    expect(boundaryViolation(at("lib/api.ts"), at("features/cart/index.ts"))).toMatch(/must not import one/);
    expect(boundaryViolation(at("app/routes.tsx"), at("features/cart/cart-page.tsx"))).toBeUndefined();
  });
});
