import { fileURLToPath } from "node:url";
import { IMAGE_KEY_PREFIX, UPLOAD_KEY_PREFIX } from "@fruit/core/uploads/s3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { recordedDeploys } from "./deploy-stage.ts";
import { type Recorded, type Recording, resolved } from "./recording-sst.ts";

afterEach(() => {
  vi.unstubAllEnvs();
});

const deploy = recordedDeploys();

interface Permission {
  actions: string[];
  resources: unknown[];
}

/** Each function's args as SST receives them: the API, the stream subscriber, the sweeper. */
function functions(recording: Recording): Record<string, Record<string, unknown>> {
  const subscribe = recording.get("Dynamo", "Table").calls.find((call) => call.method === "subscribe")!;
  return {
    Api: recording.get("Function", "Api").args,
    StatsSubscriber: subscribe.args[1] as Record<string, unknown>,
    UnpaidOrderSweeper: recording.get("CronV2", "UnpaidOrderSweeper").args.function as Record<
      string,
      unknown
    >,
  };
}

const permissionsOf = (args: Record<string, unknown>) =>
  (resolved(args.permissions) as Permission[]).map((p) => ({
    actions: [...p.actions].sort(),
    resources: p.resources,
  }));

const names = (recording: Recording, instances: unknown[]) =>
  instances.map(
    (instance) => recording.resources.find((r) => r.instance === instance)?.name ?? String(instance),
  );

describe("least privilege (stacks/links.ts, stacks/permissions.ts, docs/decisions/028)", () => {
  it("links carry the table's and the bucket's names only: SST's dynamodb:* and s3:* grants are gone", async () => {
    const recording = await deploy("dev");
    for (const [kind, name] of [
      ["Dynamo", "Table"],
      ["Bucket", "Images"],
    ] as const) {
      const wrap = recording.wrappedLinks.get(kind);
      expect(wrap, kind).toBeDefined();
      const instance = recording.get(kind, name).instance as { name: string };
      expect(wrap!(instance), kind).toEqual({ properties: { name: instance.name } });
    }
    // Wrapped before any component exists: Linkable.wrap replaces the link of every instance.
    expect(recording.resources.length).toBeGreaterThan(0);
  });

  it("grants each function the item actions it uses, on the table and the indexes it queries, and no more", async () => {
    const recording = await deploy("dev");
    const table = recording.get("Dynamo", "Table").instance as { arn: string };
    const bucket = recording.get("Bucket", "Images").instance as { arn: string };
    const deadLetter = recording.get("Queue", "StatsDeadLetter").instance as { arn: string };
    const fns = functions(recording);
    expect(permissionsOf(fns.Api!)).toEqual([
      {
        actions: [
          "dynamodb:BatchGetItem",
          "dynamodb:ConditionCheckItem",
          "dynamodb:DeleteItem",
          "dynamodb:GetItem",
          "dynamodb:PutItem",
          "dynamodb:UpdateItem",
        ],
        resources: [table.arn],
      },
      {
        actions: ["dynamodb:Query"],
        resources: [table.arn, `${table.arn}/index/gsi1`, `${table.arn}/index/gsi2`],
      },
      { actions: ["s3:PutObject"], resources: [`${bucket.arn}/uploads/*`] },
      { actions: ["s3:GetObject"], resources: [`${bucket.arn}/images/*`] },
    ]);
    expect(permissionsOf(fns.StatsSubscriber!)).toEqual([
      {
        actions: ["dynamodb:BatchGetItem", "dynamodb:PutItem", "dynamodb:UpdateItem"],
        resources: [table.arn],
      },
      { actions: ["sqs:SendMessage"], resources: [deadLetter.arn] },
    ]);
    expect(permissionsOf(fns.UnpaidOrderSweeper!)).toEqual([
      {
        actions: [
          "dynamodb:BatchGetItem",
          "dynamodb:ConditionCheckItem",
          "dynamodb:DeleteItem",
          "dynamodb:GetItem",
          "dynamodb:PutItem",
          "dynamodb:UpdateItem",
        ],
        resources: [table.arn],
      },
      { actions: ["dynamodb:Query"], resources: [table.arn, `${table.arn}/index/gsi2`] },
    ]);
    // No wildcard, no table, bucket or queue administration, no scan, anywhere.
    for (const [name, args] of Object.entries(fns)) {
      for (const { actions, resources } of permissionsOf(args)) {
        for (const action of actions) {
          expect(action, name).not.toMatch(/\*|Scan|BatchWrite|Table|Bucket|Policy|PartiQL|Export|Restore/);
        }
        for (const resource of resources) expect(String(resource), name).not.toBe("*");
      }
    }
    // The bucket prefixes in the grants (stacks/permissions.ts imports them from core) are these.
    expect(`${IMAGE_KEY_PREFIX}*`).toBe("images/*");
    expect(`${UPLOAD_KEY_PREFIX}*`).toBe("uploads/*");
  });

  it("links each secret only to the functions that read it", async () => {
    const recording = await deploy("dev");
    const fns = functions(recording);
    const secretsOf = (args: Record<string, unknown>) =>
      names(
        recording,
        (args.link as unknown[]).filter((linked) =>
          recording.all("Secret").some((secret: Recorded) => secret.instance === linked),
        ),
      ).sort();
    expect(secretsOf(fns.Api!)).toEqual(
      [
        "GoogleMapsKey",
        "JwtSecret",
        "Payments",
        "PaypalClientId",
        "PaypalClientSecret",
        "PaypalWebhookId",
        "UnpaidOrderMinutes",
      ].sort(),
    );
    expect(secretsOf(fns.StatsSubscriber!)).toEqual([]);
    expect(secretsOf(fns.UnpaidOrderSweeper!)).toEqual(["Payments", "PaypalClientId", "PaypalClientSecret"]);
  });

  it("the router adds the origin header the API is linked to: the stage's own OriginSecret, not derived from the JwtSecret", async () => {
    vi.stubEnv("SST_SECRET_OriginSecret", "o".repeat(40));
    vi.stubEnv("SST_SECRET_OriginSecretPrevious", "");
    const recording = await deploy("staging");
    const origin = recording.get("Linkable", "OriginVerify");
    const { header, value, previous } = resolved((origin.args as { properties: unknown }).properties) as {
      header: string;
      value: string;
      previous: string;
    };
    expect(header).toBe("x-fruit-origin");
    expect(value).toBe("o".repeat(40));
    expect(previous).toBe("");
    // No placeholder: a stage without an origin secret fails its deploy until one is set.
    expect(recording.get("Secret", "OriginSecret").args.placeholder).toBeUndefined();
    expect(recording.get("Secret", "OriginSecretPrevious").args.placeholder).toBe("");
    const router = recording.all("Router")[0]!;
    const injection = resolved(
      (router.args.edge as { viewerRequest: { injection: unknown } }).viewerRequest.injection,
    ) as string;
    expect(injection.split("\n")[0]).toBe(`event.request.headers["x-fruit-origin"] = { value: "${value}" };`);
    // Only the API is linked to it.
    const fns = functions(recording);
    expect(fns.Api!.link as unknown[]).toContain(origin.instance);
    expect(fns.StatsSubscriber!.link as unknown[]).not.toContain(origin.instance);
    expect(fns.UnpaidOrderSweeper!.link as unknown[]).not.toContain(origin.instance);
    // Run as CloudFront runs it: the client's own value is replaced.
    const event = {
      request: { headers: { "x-fruit-origin": { value: "forged" } } as Record<string, { value: string }> },
    };
    new Function("event", injection)(event);
    expect(event.request.headers["x-fruit-origin"]).toEqual({ value });
  });

  it("during a rotation the API accepts the previous value too; the router sends only the new one", async () => {
    vi.stubEnv("SST_SECRET_OriginSecret", "n".repeat(40));
    vi.stubEnv("SST_SECRET_OriginSecretPrevious", "p".repeat(40));
    const recording = await deploy("staging");
    const properties = resolved(
      (recording.get("Linkable", "OriginVerify").args as { properties: unknown }).properties,
    ) as Record<string, string>;
    expect(properties).toEqual({ header: "x-fruit-origin", value: "n".repeat(40), previous: "p".repeat(40) });
    const router = recording.all("Router")[0]!;
    expect(
      resolved((router.args.edge as { viewerRequest: { injection: unknown } }).viewerRequest.injection),
    ).not.toContain("p".repeat(40));
  });

  it("refuses an origin secret shorter than 32 characters at deploy", async () => {
    vi.stubEnv("SST_SECRET_OriginSecret", "short");
    await expect(deploy("staging")).rejects.toThrow(/OriginSecret of stage staging must be at least 32/);
  });
});

describe("optional settings (stacks/secrets.ts)", () => {
  it("deploys without a GoogleMapsKey: its placeholder is empty, and the API then hands out no key", async () => {
    const recording = await deploy("staging");
    expect(recording.get("Secret", "GoogleMapsKey").args.placeholder).toBe("");
    // The secrets a stage must set: the ones without a placeholder.
    expect(
      recording
        .all("Secret")
        .filter((secret) => secret.args.placeholder === undefined)
        .map((secret) => secret.name)
        .sort(),
    ).toEqual(["AlarmEmail", "JwtSecret", "OriginSecret", "PaypalClientId", "PaypalClientSecret"]);
  });
});

describe("the README's deploy section", () => {
  it("sets every secret a stage needs, on each stage it deploys, and only names ones the stacks read", async () => {
    const { readFileSync } = await import("node:fs");
    const readme = readFileSync(fileURLToPath(new URL("../../README.md", import.meta.url)), "utf8");
    const set = [...readme.matchAll(/npx sst secret set (\w+) .*?--stage (\w+)/g)].map(([, name, stage]) => ({
      name: name!,
      stage: stage!,
    }));
    const deployed = new Set([...readme.matchAll(/npx sst deploy --stage (\w+)/g)].map((m) => m[1]!));
    expect([...deployed].sort()).toEqual(["production", "staging"]);
    for (const stage of deployed) {
      const recording = await deploy(stage);
      const required = recording
        .all("Secret")
        .filter((secret) => secret.args.placeholder === undefined)
        .map((secret) => secret.name);
      const setHere = new Set(set.filter((s) => s.stage === stage).map((s) => s.name));
      for (const name of required) expect(setHere.has(name), `${name} on ${stage}`).toBe(true);
      // ShopDomain, SearchIndexing, MailDns, MailDmarc, AdminMail, MailSendRate and PagesConcurrency are
      // read while the stacks are built (stacks/stage.ts), not sst.Secrets.
      const known = new Set([
        ...recording.all("Secret").map((secret) => secret.name),
        "ShopDomain",
        "SearchIndexing",
        "MailDns",
        "MailDmarc",
        "AdminMail",
        "MailSendRate",
        "MailTestRecipients",
        "PagesConcurrency",
      ]);
      for (const name of setHere) expect(known.has(name), `${name} is read by the stacks`).toBe(true);
      recording.uninstall();
    }
  });
});
