import { describe, expect, it } from "vitest";
import { LocalConfigError, loadLocalConfig } from "./local-config.ts";

const base = { DATA_DIR: "/tmp/fruit-local-config-test", JWT_SECRET: "x".repeat(32) };

describe("loadLocalConfig: the seeded admin's password follows the API's rule", () => {
  it("refuses 6 and 7 characters, which the API would refuse at sign-up and profile change", () => {
    for (const password of ["abc123", "abc1234"]) {
      expect(() => loadLocalConfig({ ...base, ADMIN_PASSWORD: password })).toThrow(LocalConfigError);
      expect(() => loadLocalConfig({ ...base, ADMIN_PASSWORD: password })).toThrow(
        /ADMIN_PASSWORD: Password must be at least 8 characters/,
      );
    }
  });

  it("refuses more than 72 bytes (bcrypt would ignore the rest)", () => {
    expect(() => loadLocalConfig({ ...base, ADMIN_PASSWORD: "é".repeat(37) })).toThrow(/ADMIN_PASSWORD/);
  });

  it("accepts 8 bytes and keeps the default admin password valid", () => {
    expect(loadLocalConfig({ ...base, ADMIN_PASSWORD: "abcd1234" }).accounts.admin.password).toBe("abcd1234");
    expect(loadLocalConfig(base).accounts.admin.password).toBe("admin1234");
  });
});

describe("loadLocalConfig: the public site settings (docs/decisions/034-page-heads.md)", () => {
  it("takes SHOP_URL as an origin and SEARCH_INDEXING as on or off", () => {
    const config = loadLocalConfig({ ...base, SHOP_URL: "https://shop.example.com/", SEARCH_INDEXING: "on" });
    expect(config.shopUrl).toBe("https://shop.example.com");
    expect(config.apiEnv.SEARCH_INDEXING).toBe("on");
    expect(loadLocalConfig(base).shopUrl).toBeUndefined();
    expect(() => loadLocalConfig({ ...base, SHOP_URL: "https://shop.example.com/x" })).toThrow(/SHOP_URL/);
    expect(() => loadLocalConfig({ ...base, SEARCH_INDEXING: "yes" })).toThrow(/SEARCH_INDEXING/);
  });
});

describe("loadLocalConfig: the restock fan-out's pace (README, Settings)", () => {
  it("passes MAIL_SEND_RATE on to core, which paces the fan-out by it", () => {
    expect(loadLocalConfig({ ...base, MAIL_SEND_RATE: "0.5" }).apiEnv.MAIL_SEND_RATE).toBe("0.5");
    expect(loadLocalConfig(base).apiEnv.MAIL_SEND_RATE).toBeUndefined();
  });
});
