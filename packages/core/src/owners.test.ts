import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One owner per stored kind (docs/architecture.md, "One owner of each write"): the order item is
 * written only by orders/ (orders/order.changes.ts names every change), and a product's item —
 * its stock included — only by products/. Any other room composes their actions into its own
 * transactions. This scans core's sources for a write or condition built on those kinds elsewhere.
 */

const SRC = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Where a file builds a put, update, delete or condition on `kind`: `file:line` for each. */
function writesOf(kind: string): string[] {
  const write = new RegExp(`\\b${kind}\\s*\\.\\s*(update|put|putAt|delete|check)\\s*\\(`);
  return sources(SRC).flatMap((path) =>
    readFileSync(path, "utf8")
      .split("\n")
      .flatMap((line, index) => (write.test(line) ? [`${relative(SRC, path)}:${index + 1}`] : [])),
  );
}

describe("one owner per stored kind", () => {
  it.each([
    { kind: "orderKind", owner: "orders/" },
    { kind: "productKind", owner: "products/" },
  ])("builds writes of $kind only in $owner", ({ kind, owner }) => {
    const writes = writesOf(kind);
    // The owner writes it: the scan sees writes where they are.
    expect(writes.filter((at) => at.startsWith(owner)).length).toBeGreaterThan(0);
    expect(writes.filter((at) => !at.startsWith(owner))).toEqual([]);
  });
});
