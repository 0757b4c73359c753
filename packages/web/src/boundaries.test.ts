import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The web app's layout rules (docs/decisions/015-web-by-domain.md): a feature uses another feature
 * only through that feature's index.ts, no features use each other (directly or round a longer
 * circle), and the shared layers (components/, lib/, resources/) never import a feature. app/ is the
 * composition root: its route table loads page modules by path and hands one feature's parts to
 * another (the admin tools to the order screen).
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

/** Which features each feature imports: "orders" → {"delivery", ...}. */
function featureArrows(files: string[]): Map<string, Set<string>> {
  const arrows = new Map<string, Set<string>>();
  for (const file of files) {
    const [layer, feature] = parts(file);
    if (layer !== "features" || !feature) continue;
    for (const target of relativeImports(file)) {
      const [targetLayer, targetFeature] = parts(target);
      if (targetLayer !== "features" || !targetFeature || targetFeature === feature) continue;
      arrows.set(feature, (arrows.get(feature) ?? new Set()).add(targetFeature));
    }
  }
  return arrows;
}

/**
 * Every circle of features that use each other ("admin → orders → admin"), each once, starting at
 * its least name: none may exist, so features stack on floors and every arrow runs down.
 */
function featureCircles(arrows: Map<string, Set<string>>): string[] {
  const circles = new Set<string>();
  const visit = (path: string[]) => {
    for (const next of arrows.get(path.at(-1)!) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const circle = path.slice(at);
        const start = circle.indexOf([...circle].sort()[0]!);
        const turned = [...circle.slice(start), ...circle.slice(0, start)];
        circles.add([...turned, turned[0]].join(" → "));
      } else visit([...path, next]);
    }
  };
  for (const feature of arrows.keys()) visit([feature]);
  return [...circles].sort();
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

  it("has no features that use each other, directly or round a circle", () => {
    expect(featureCircles(featureArrows(sourceFiles(SRC)))).toEqual([]);
  });

  it("finds two features that use each other and a longer circle, and no circle in a chain", () => {
    const arrows = (pairs: [string, string][]) => {
      const map = new Map<string, Set<string>>();
      for (const [from, to] of pairs) map.set(from, (map.get(from) ?? new Set()).add(to));
      return map;
    };
    expect(
      featureCircles(
        arrows([
          ["orders", "admin"],
          ["admin", "orders"],
        ]),
      ),
    ).toEqual(["admin → orders → admin"]);
    expect(
      featureCircles(
        arrows([
          ["site", "catalog"],
          ["catalog", "cart"],
          ["cart", "site"],
          ["orders", "cart"],
        ]),
      ),
    ).toEqual(["cart → site → catalog → cart"]);
    expect(
      featureCircles(
        arrows([
          ["admin", "orders"],
          ["orders", "delivery"],
          ["admin", "delivery"],
        ]),
      ),
    ).toEqual([]);
    // Read from files: a feature file importing another feature's index counts as an arrow.
    const here = join(SRC, "features/orders/detail/order-page.tsx");
    expect(featureArrows([here]).get("orders")).toContain("delivery");
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
