import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, signingSecret } from "./config.ts";

const base = { TABLE_NAME: "fruit-shop", JWT_SECRET: "x".repeat(32) };

describe("loadConfig: payments mode", () => {
  it("takes PayPal when nothing asks for test payments, on any stage", () => {
    for (const stage of ["local", "dev", "staging", "prod"]) {
      const config = loadConfig({ ...base, SST_STAGE: stage });
      expect(config.payments, stage).toBe("paypal");
      expect(config.paypal.apiBase, stage).toBe("https://api-m.sandbox.paypal.com");
    }
    const production = loadConfig({ ...base, SST_STAGE: "production" });
    expect(production.payments).toBe("paypal");
    expect(production.paypal.apiBase).toBe("https://api-m.paypal.com");
  });

  it("uses test payments only when set for the stage", () => {
    expect(loadConfig({ ...base, SST_STAGE: "dev", PAYMENTS: "test" }).payments).toBe("test");
  });

  it("chooses PayPal's sandbox or live API by mode", () => {
    expect(loadConfig({ ...base, SST_STAGE: "dev", PAYMENTS: "sandbox" }).paypal.apiBase).toBe(
      "https://api-m.sandbox.paypal.com",
    );
    expect(loadConfig({ ...base, SST_STAGE: "dev", PAYMENTS: "live" }).paypal.apiBase).toBe(
      "https://api-m.paypal.com",
    );
    expect(loadConfig({ ...base, SST_STAGE: "production", PAYMENTS: "live" }).payments).toBe("paypal");
  });

  it("refuses test and sandbox payments on production, and unknown modes anywhere", () => {
    expect(() => loadConfig({ ...base, SST_STAGE: "production", PAYMENTS: "test" })).toThrow(
      /payments mode "test" .* is refused on the production stage/,
    );
    expect(() => loadConfig({ ...base, SST_STAGE: "production", PAYMENTS: "sandbox" })).toThrow(
      /payments mode "sandbox" .* is refused on the production stage/,
    );
    expect(() => loadConfig({ ...base, SST_STAGE: "dev", PAYMENTS: "free" })).toThrow(
      /PAYMENTS must be one of/,
    );
  });
});

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

describe("loadConfig: the environment's AWS keys", () => {
  it("takes a Lambda role's keys with their session token", () => {
    const config = loadConfig({
      ...base,
      AWS_ACCESS_KEY_ID: "ASIA1",
      AWS_SECRET_ACCESS_KEY: "secret",
      AWS_SESSION_TOKEN: "token",
    });
    expect(config.awsCredentials).toEqual({
      accessKeyId: "ASIA1",
      secretAccessKey: "secret",
      sessionToken: "token",
    });
  });

  it("takes long-lived keys without a session token", () => {
    const config = loadConfig({ ...base, AWS_ACCESS_KEY_ID: "AKIA1", AWS_SECRET_ACCESS_KEY: "secret" });
    expect(config.awsCredentials).toEqual({ accessKeyId: "AKIA1", secretAccessKey: "secret" });
    expect(
      loadConfig({
        ...base,
        AWS_ACCESS_KEY_ID: "AKIA1",
        AWS_SECRET_ACCESS_KEY: "secret",
        AWS_SESSION_TOKEN: "",
      }).awsCredentials,
    ).toEqual({ accessKeyId: "AKIA1", secretAccessKey: "secret" });
  });

  it("has none without both halves of the pair (the SDK's provider chain then signs)", () => {
    for (const pair of [{}, { AWS_ACCESS_KEY_ID: "AKIA1" }, { AWS_SECRET_ACCESS_KEY: "secret" }]) {
      expect(loadConfig({ ...base, ...pair, AWS_SESSION_TOKEN: "token" }).awsCredentials).toBeUndefined();
    }
    expect(
      loadConfig({ ...base, AWS_ACCESS_KEY_ID: "", AWS_SECRET_ACCESS_KEY: "secret" }).awsCredentials,
    ).toBeUndefined();
  });
});

describe("loadConfig: the signing secret, where a function needs it", () => {
  it("loads without JWT_SECRET (the stream and the sweep are not linked to it), and refuses to sign there", () => {
    const config = loadConfig({ TABLE_NAME: "fruit-shop" });
    expect(config.jwtSecret).toBe("");
    expect(() => signingSecret(config)).toThrow(/JWT_SECRET \(the JwtSecret link\) is missing/);
    expect(signingSecret(loadConfig(base))).toBe("x".repeat(32));
  });

  it("still refuses a short one", () => {
    expect(() => loadConfig({ TABLE_NAME: "fruit-shop", JWT_SECRET: "short" })).toThrow(
      /JWT_SECRET must be at least 32 characters/,
    );
  });
});

describe("loadConfig: the restock fan-out's pace", () => {
  it("is MAIL_SEND_RATE, else the stage's MailSendRate through its MailPace link, else 10 a second", () => {
    expect(loadConfig(base).mail.sendRate).toBe(10);
    expect(loadConfig({ ...base, MAIL_SEND_RATE: "2" }).mail.sendRate).toBe(2);
    // SST's Resource reads its links once, into this object (node_modules/sst/dist/resource/shared.js).
    const links = (globalThis as { __SST_RESOURCE_RAW__?: Record<string, unknown> }).__SST_RESOURCE_RAW__!;
    links.MailPace = { rate: "0.5" };
    try {
      expect(loadConfig(base).mail.sendRate).toBe(0.5);
      expect(loadConfig({ ...base, MAIL_SEND_RATE: "2" }).mail.sendRate).toBe(2);
    } finally {
      delete links.MailPace;
    }
    expect(() => loadConfig({ ...base, MAIL_SEND_RATE: "0" })).toThrow(/MAIL_SEND_RATE/);
  });
});
