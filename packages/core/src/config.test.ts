import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const base = { TABLE_NAME: "fruit-shop", JWT_SECRET: "x".repeat(32), PAYMENTS: "test" };

describe("loadConfig: the local object store's key pair", () => {
  it("signs with the key pair it is given for the local endpoint", () => {
    const config = loadConfig({
      ...base,
      S3_ENDPOINT: "http://127.0.0.1:4568",
      S3_ACCESS_KEY_ID: "LOCALABC",
      S3_SECRET_ACCESS_KEY: "secret-of-this-run",
    });
    expect(config.s3Credentials).toEqual({ accessKeyId: "LOCALABC", secretAccessKey: "secret-of-this-run" });
  });

  it("refuses a local endpoint without its key pair (no public default to fall back on)", () => {
    for (const pair of [{}, { S3_ACCESS_KEY_ID: "LOCALABC" }, { S3_SECRET_ACCESS_KEY: "secret" }]) {
      expect(() => loadConfig({ ...base, S3_ENDPOINT: "http://127.0.0.1:4568", ...pair })).toThrow(
        ConfigError,
      );
      expect(() => loadConfig({ ...base, S3_ENDPOINT: "http://127.0.0.1:4568", ...pair })).toThrow(
        /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
      );
    }
  });

  it("leaves signing to the Lambda role's credentials in the cloud (no endpoint)", () => {
    expect(loadConfig(base).s3Credentials).toBeUndefined();
  });
});
