import { describe, expect, it } from "vitest";
import { loadConfig, setConfig } from "../config.ts";
import { cachedItem } from "./cached-item.ts";

const configOf = (table: string) => loadConfig({ TABLE_NAME: table, JWT_SECRET: "x".repeat(32) });

/** A cached item whose load answers the configured table's name, counting its reads. */
function tableNames() {
  const reads: string[] = [];
  let current = "";
  const item = cachedItem(5_000, async () => {
    reads.push(current);
    return current;
  });
  return {
    reads,
    read(config: ReturnType<typeof configOf>, now: number) {
      setConfig(config);
      current = config.tableName;
      return item.read(now);
    },
    item,
  };
}

describe("a cached settings item", () => {
  it("is read once per TTL, and again once it has run out", async () => {
    const shop = configOf("one");
    const names = tableNames();
    expect(await names.read(shop, 1_000)).toBe("one");
    expect(await names.read(shop, 5_999)).toBe("one");
    expect(names.reads).toEqual(["one"]);
    await names.read(shop, 6_000);
    expect(names.reads).toEqual(["one", "one"]);
  });

  it("is held per configuration: another table's is read, never answered with the first one's", async () => {
    const first = configOf("first");
    const second = configOf("second");
    const names = tableNames();
    expect(await names.read(first, 1_000)).toBe("first");
    expect(await names.read(second, 1_001)).toBe("second");
    expect(await names.read(first, 1_002)).toBe("first");
    expect(names.reads).toEqual(["first", "second"]);
  });

  it("forgets the current configuration's value only", async () => {
    const first = configOf("first");
    const second = configOf("second");
    const names = tableNames();
    await names.read(first, 1_000);
    await names.read(second, 1_000);
    names.item.forget();
    await names.read(second, 1_001);
    await names.read(first, 1_001);
    expect(names.reads).toEqual(["first", "second", "second"]);
  });
});
