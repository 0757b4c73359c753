import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "@fruit/core/internal/db/client";
import { bucketName, s3 } from "@fruit/core/uploads/s3";
import { SEED_PRODUCTS, STOREFRONT_IMAGE_FILES } from "@fruit/local/seed-data";
import { adminPasswordSource, initStage, StageInitError, type StageInitOptions } from "@fruit/ops/stage-init";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "../support/api.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * `npm run stage:init`: against the run's DynamoDB Local + S3 emulator (in process, as under
 * `sst shell` where core's configuration comes from the stage), then as the command itself on a
 * data directory of its own (the local runtime, attached through packages/local/src/attach.ts).
 */

async function tableSnapshot(): Promise<string[]> {
  // Tests only: a fresh, tiny table, so a full scan is cheap and catches any stray write.
  const { Items = [] } = await db().send(new ScanCommand({ TableName: tableName(), ConsistentRead: true }));
  return Items.map((item) => JSON.stringify(item)).sort();
}

async function imageHeads() {
  return Promise.all(
    STOREFRONT_IMAGE_FILES.map(async (file) => {
      const head = await s3().send(
        new HeadObjectCommand({ Bucket: bucketName(), Key: `uploads/seed/${file}` }),
      );
      return {
        file,
        type: head.ContentType,
        cache: head.CacheControl,
        etag: head.ETag,
        at: head.LastModified,
      };
    }),
  );
}

const never = vi.fn(async (): Promise<string> => {
  throw new Error("the password was asked although no account had to be created");
});

const owner = (password: () => Promise<string>): StageInitOptions["admin"] => ({
  name: "Owner",
  email: "owner@example.com",
  password,
});

const signIn = (email: string, password: string) =>
  api("/api/users/signin", { method: "POST", body: { email, password } });

describe("stage:init on a stage (core configured from outside)", () => {
  beforeAll(async () => {
    await useFreshTable("stage-init");
  });

  it("uploads the storefront's fixed images and creates the first administrator", async () => {
    const report = await initStage({ admin: owner(async () => "owner-password-1"), demo: false });
    expect(report).toEqual({
      images: { uploaded: STOREFRONT_IMAGE_FILES.length, unchanged: 0 },
      admin: { email: "owner@example.com", outcome: "created" },
      demo: "not asked",
    });
    for (const head of await imageHeads()) {
      expect(head.type, head.file).toBe("image/webp");
      expect(head.cache, head.file).toBe("public, max-age=31536000, immutable");
    }
    const session = await signIn("owner@example.com", "owner-password-1");
    expect(session.status).toBe(200);
    expect(session.body.isAdmin).toBe(true);
    const products = await api("/api/products");
    expect(products.status).toBe(200);
  });

  it("changes nothing when run again, and asks no password", async () => {
    const [items, heads] = [await tableSnapshot(), await imageHeads()];
    const report = await initStage({ admin: owner(never), demo: false });
    expect(report.images).toEqual({ uploaded: 0, unchanged: STOREFRONT_IMAGE_FILES.length });
    expect(report.admin.outcome).toBe("already there");
    expect(never).not.toHaveBeenCalled();
    expect(await tableSnapshot()).toEqual(items);
    expect(await imageHeads()).toEqual(heads);
  });

  it("promotes an existing customer, keeping their password", async () => {
    const signUp = await api("/api/users/signup", {
      method: "POST",
      body: { name: "Shop Owner", email: "Second.Owner@example.com", password: "customer-pass-2" },
    });
    expect(signUp.status).toBe(201);
    expect(signUp.body.isAdmin).toBe(false);

    const report = await initStage({
      admin: { name: "Ignored", email: "second.owner@example.com", password: never },
      demo: false,
    });
    expect(report.admin.outcome).toBe("promoted");
    expect(never).not.toHaveBeenCalled();
    const session = await signIn("second.owner@example.com", "customer-pass-2");
    expect(session.body).toMatchObject({ isAdmin: true, name: "Shop Owner" });

    const again = await initStage({
      admin: { name: "Ignored", email: "second.owner@example.com", password: never },
      demo: false,
    });
    expect(again.admin.outcome).toBe("already there");
  });

  it("refuses a password the API would refuse, before anything is written", async () => {
    for (const weak of ["short12", "x".repeat(73)]) {
      expect(() => adminPasswordSource({ given: weak, prompt: undefined })).toThrow(StageInitError);
      expect(() => adminPasswordSource({ given: weak, prompt: undefined })).toThrow(/^ADMIN_PASSWORD: /);
    }
    const before = await tableSnapshot();
    const typedWeak = adminPasswordSource({ given: undefined, prompt: async () => "1234567" });
    await expect(
      initStage({ admin: { name: "Weak", email: "weak@example.com", password: typedWeak }, demo: false }),
    ).rejects.toThrow(/password: Password must be at least 8 characters/);
    expect(await tableSnapshot()).toEqual(before);
  });

  it("without a terminal and without ADMIN_PASSWORD, stops with a clear error when an account is needed", async () => {
    const before = await tableSnapshot();
    const none = adminPasswordSource({ given: undefined, prompt: undefined });
    await expect(
      initStage({ admin: { name: "Nobody", email: "nobody@example.com", password: none }, demo: false }),
    ).rejects.toThrow(/set ADMIN_PASSWORD, or run in a terminal/);
    expect(await tableSnapshot()).toEqual(before);
    // An existing administrator needs no password at all.
    const report = await initStage({ admin: owner(none), demo: false });
    expect(report.admin.outcome).toBe("already there");
  });

  it("asks a typed password twice and refuses two different ones", async () => {
    const answers = ["typed-password-1", "typed-password-2"];
    const mismatched = adminPasswordSource({ given: undefined, prompt: async () => answers.shift() ?? "" });
    await expect(
      initStage({ admin: { name: "Typo", email: "typo@example.com", password: mismatched }, demo: false }),
    ).rejects.toThrow(/the two passwords differ/);
    expect((await signIn("typo@example.com", "typed-password-1")).status).toBe(401);
  });

  it("loads the demo catalogue only with --demo, once, with no demo customer on a stage", async () => {
    const withoutDemo = await api("/api/products");
    expect(withoutDemo.body.products ?? withoutDemo.body).toHaveLength(0);

    const first = await initStage({ admin: owner(never), demo: true });
    expect(first.demo).toBe("loaded");
    const loaded = await tableSnapshot();
    const products = loaded.filter((item) => JSON.parse(item).sk === "PRODUCT");
    expect(products).toHaveLength(SEED_PRODUCTS.length);
    expect(loaded.some((item) => JSON.parse(item).sk?.startsWith("REVIEW#"))).toBe(false);
    expect(loaded.some((item) => JSON.parse(item).email === "user@example.com")).toBe(false);

    const second = await initStage({ admin: owner(never), demo: true });
    expect(second.demo).toBe("already there");
    expect(await tableSnapshot()).toEqual(loaded);
  });
});

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const SCRIPT = join(repoRoot, "packages/ops/src/cli/stage-init.ts");

/** Runs `npm run stage:init` as an operator would, with only the given variables besides PATH/HOME. */
async function stageInit(env: Record<string, string>, args: string[] = []) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", SCRIPT, ...args],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
        timeout: 150_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

describe("npm run stage:init on the local runtime of DATA_DIR", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "fruit-stage-init-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("starts the emulators itself, initialises, and a second run changes nothing", {
    timeout: 320_000,
  }, async () => {
    const env = {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "local.owner@example.com",
      ADMIN_PASSWORD: "local-owner-pw",
    };
    const first = await stageInit(env);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("Initialising the local runtime");
    expect(first.stdout).toContain(`images  ${STOREFRONT_IMAGE_FILES.length} uploaded, 0 already there`);
    expect(first.stdout).toContain("admin   local.owner@example.com created");

    const second = await stageInit(env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`images  0 uploaded, ${STOREFRONT_IMAGE_FILES.length} already there`);
    expect(second.stdout).toContain("admin   local.owner@example.com already there");
  });

  it("refuses a weak ADMIN_PASSWORD and an unknown option in one line, before starting anything", async () => {
    const weak = await stageInit({ DATA_DIR: dataDir, ADMIN_PASSWORD: "seven77" });
    expect(weak.code).toBe(1);
    expect(weak.stdout).not.toContain("Initialising");
    expect(weak.stderr.trim()).toMatch(
      /^stage:init: .*ADMIN_PASSWORD: Password must be at least 8 characters$/,
    );
    const unknown = await stageInit({ DATA_DIR: dataDir }, ["--demos"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe("stage:init: unknown option --demos (the only option is --demo)");
  });

  it("wants ADMIN_EMAIL on a stage (sst shell's links in the environment)", async () => {
    const result = await stageInit({ SST_RESOURCE_App: '{"name":"fruit-shop","stage":"dev"}' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      "stage:init: ADMIN_EMAIL is required: the email of the first administrator",
    );
  });
});
