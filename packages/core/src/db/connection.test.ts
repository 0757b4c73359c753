import { beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.ts";
import { connection, MARSHALL_OPTIONS, signingCredentials } from "./connection.ts";

const base = { TABLE_NAME: "connection-test", JWT_SECRET: "x".repeat(32) };
const lambdaKeys = {
  AWS_ACCESS_KEY_ID: "ASIA1",
  AWS_SECRET_ACCESS_KEY: "secret",
  AWS_SESSION_TOKEN: "token",
};

describe("where both DynamoDB clients connect", () => {
  it("is the configured local endpoint, else the region's DynamoDB", () => {
    const local = connection(loadConfig({ ...base, DYNAMODB_ENDPOINT: "http://127.0.0.1:8000" }));
    expect(local).toMatchObject({ region: "us-east-1", localEndpoint: "http://127.0.0.1:8000" });
    expect(local.endpoint.href).toBe("http://127.0.0.1:8000/");

    const cloud = connection(loadConfig({ ...base, AWS_REGION: "eu-central-1" }));
    expect(cloud).toMatchObject({ region: "eu-central-1", localEndpoint: undefined });
    expect(cloud.endpoint.href).toBe("https://dynamodb.eu-central-1.amazonaws.com/");
  });

  it("is worked out once per configuration", () => {
    const config = loadConfig(base);
    expect(connection(config)).toBe(connection(config));
  });
});

describe("the keys that sign", () => {
  const chain = vi.fn(async () => ({ accessKeyId: "chain", secretAccessKey: "chain-secret" }));
  beforeEach(() => chain.mockClear());

  it("are the emulator's dummy keys with a local endpoint, whatever the environment has", async () => {
    const settings = connection(
      loadConfig({ ...base, ...lambdaKeys, DYNAMODB_ENDPOINT: "http://127.0.0.1:8000" }),
    );
    expect(settings.credentials).toEqual({ accessKeyId: "local", secretAccessKey: "local" });
    expect(await signingCredentials(settings, chain)).toEqual({
      accessKeyId: "local",
      secretAccessKey: "local",
    });
    expect(chain).not.toHaveBeenCalled();
  });

  it("are the environment's keys (a Lambda's role) with their session token", async () => {
    const settings = connection(loadConfig({ ...base, ...lambdaKeys }));
    const keys = { accessKeyId: "ASIA1", secretAccessKey: "secret", sessionToken: "token" };
    expect(settings.credentials).toEqual(keys);
    expect(await signingCredentials(settings, chain)).toEqual(keys);
    expect(chain).not.toHaveBeenCalled();
  });

  it("come from the SDK's provider chain when the environment has none", async () => {
    const settings = connection(loadConfig(base));
    expect(settings.credentials).toBeUndefined();
    expect(await signingCredentials(settings, chain)).toEqual({
      accessKeyId: "chain",
      secretAccessKey: "chain-secret",
    });
    expect(chain).toHaveBeenCalledOnce();
  });
});

describe("the conversions both clients share", () => {
  it("are the document client's, and frozen: that client writes its defaults into what it is given", () => {
    expect(MARSHALL_OPTIONS).toEqual({ removeUndefinedValues: true, convertClassInstanceToMap: false });
    expect(Object.isFrozen(MARSHALL_OPTIONS)).toBe(true);
  });
});
