import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadConfig } from "@fruit/core/config";
import { securityHeaders } from "@fruit/core/http/security-headers";
import { streamFilters } from "@fruit/core/stats/counted";
import { IMAGE_KEY_PREFIX, UPLOAD_KEY_PREFIX } from "@fruit/core/uploads/s3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lambdaBundling } from "../../stacks/bundling.ts";
import {
  installRecordingSst,
  type Recorded,
  RecordedOutput,
  type Recording,
  resolved,
  routesOf,
} from "./recording-sst.ts";

/**
 * Held in a variable so the type-check does not follow it: sst.config.ts needs SST's generated
 * platform types, which exist only where the SST CLI has run.
 */
const CONFIG_PATH = fileURLToPath(new URL("../../sst.config.ts", import.meta.url));

interface SstConfig {
  app(input: { stage: string }): { name: string; home: string; removal: string; protect: boolean };
  run(): Promise<Record<string, unknown>>;
}

/** What stacks/storage.ts passes as `table.subscribe`'s third argument. */
interface SubscriptionArgs {
  filters: unknown[];
  transform: {
    eventSourceMapping: Record<string, unknown> & {
      maximumRetryAttempts: number;
      destinationConfig: { onFailure: { destinationArn: string } };
    };
  };
}

let recording: Recording | undefined;

/** Evaluates sst.config.ts for a stage the way `sst deploy --stage <stage>` would. */
async function deploy(stage: string) {
  // Stacks build their resources on import, so each stage needs fresh module instances.
  vi.resetModules();
  recording = installRecordingSst(stage);
  const { default: config } = (await import(CONFIG_PATH)) as { default: SstConfig };
  const app = config.app({ stage });
  const outputs = await config.run();
  // Pulumi would wait forever on a deferred output nothing resolves (stacks/router.ts's page origins).
  expect(recording.unresolved(), "deferred outputs never resolved").toBe(0);
  return { app, outputs, recording };
}

afterEach(() => recording?.uninstall());

const linksOf = (resource: Recorded) => resource.args.link as unknown[];

describe("sst.config.ts", () => {
  it("builds the table from core's definition, with a new-and-old-images stream and TTL", async () => {
    const { recording } = await deploy("dev");
    const table = recording.get("Dynamo", "Table").args;
    expect(table).toMatchObject({
      fields: {
        pk: "string",
        sk: "string",
        gsi1pk: "string",
        gsi1sk: "string",
        gsi2pk: "string",
        gsi2sk: "string",
      },
      primaryIndex: { hashKey: "pk", rangeKey: "sk" },
      globalIndexes: {
        gsi1: { hashKey: "gsi1pk", rangeKey: "gsi1sk" },
        gsi2: { hashKey: "gsi2pk", rangeKey: "gsi2sk" },
      },
      stream: "new-and-old-images",
      ttl: "expiresAt",
    });
    expect(table.deletionProtection).toBeFalsy();
    const production = (await deploy("production")).recording;
    expect(production.get("Dynamo", "Table").args.deletionProtection).toBe(true);
  });

  it("subscribes the stats handler with core's filters, partial failures, bisecting, bounded retries, a dead-letter queue and shard-naming tumbling windows", async () => {
    const { recording } = await deploy("dev");
    const table = recording.get("Dynamo", "Table");
    const subscribe = table.calls.filter((call) => call.method === "subscribe");
    expect(subscribe).toHaveLength(1);
    const [name, subscriber, args] = subscribe[0]!.args as [
      string,
      Record<string, unknown>,
      SubscriptionArgs,
    ];
    expect(name).toBe("StatsSubscriber");
    expect(subscriber.handler).toBe("packages/functions/src/lambda/stream.handler");
    expect(linksOf({ args: subscriber } as Recorded)).toEqual([table.instance]);
    expect(args.filters).toEqual(streamFilters);

    const mapping = args.transform.eventSourceMapping;
    expect(mapping).toMatchObject({
      functionResponseTypes: ["ReportBatchItemFailures"],
      bisectBatchOnFunctionError: true,
      startingPosition: "TRIM_HORIZON",
      // Events name their shard (the handler's checkpoint), one batch per shard at a time.
      tumblingWindowInSeconds: 60,
      parallelizationFactor: 1,
    });
    expect(mapping.maximumRetryAttempts).toBeGreaterThan(0);
    expect(mapping.maximumRetryAttempts).toBeLessThanOrEqual(10);
    const deadLetter = recording.get("Queue", "StatsDeadLetter").instance as { arn: string };
    expect(mapping.destinationConfig.onFailure.destinationArn).toBe(deadLetter.arn);
    // Lambda sends the failure record with the function's role, so it may send to the queue (only that).
    expect(subscriber.permissions).toContainEqual({
      actions: ["sqs:SendMessage"],
      resources: [deadLetter.arn],
    });
  });

  it("bundles every function as minified ESM with code splitting, as the tests and the bench do", async () => {
    const { recording } = await deploy("dev");
    // SST 4.17 minifies only when asked; splitting makes the API's lazily imported modules separate
    // chunks a catalogue request never evaluates (docs/decisions/017-lazy-api-chunks.md).
    const expected = { format: "esm", splitting: true, minify: true };
    const subscribe = recording.get("Dynamo", "Table").calls.find((call) => call.method === "subscribe")!;
    const sweeper = recording.get("CronV2", "UnpaidOrderSweeper").args.function as Record<string, unknown>;
    expect(recording.get("Function", "Api").args.nodejs).toEqual(expected);
    expect((subscribe.args[1] as Record<string, unknown>).nodejs).toEqual(expected);
    expect(sweeper.nodejs).toEqual(expected);
    // tests/infra/sst-bundle.ts builds with these same options by default.
    expect(lambdaBundling).toEqual(expected);
  });

  it("links the API to the table, the image bucket, the seven secrets and the origin header", async () => {
    const { recording } = await deploy("dev");
    const api = recording.get("Function", "Api");
    expect(api.args).toMatchObject({
      handler: "packages/functions/src/lambda/api.handler",
      runtime: "nodejs22.x",
      architecture: "arm64",
    });
    const secrets = [
      "JwtSecret",
      "PaypalClientId",
      "PaypalClientSecret",
      "GoogleMapsKey",
      "Payments",
      "UnpaidOrderMinutes",
      "PaypalWebhookId",
    ];
    // Every secret of the stage: the API's seven, the alarms' e-mail (stacks/alarms.ts, linked to
    // nothing), MailSender, read at deploy only (stacks/email.ts, tests/infra/email.test.ts), and the
    // origin secret with its previous value, reaching the API through OriginVerify (stacks/origin.ts).
    expect(
      recording
        .all("Secret")
        .map((s) => s.name)
        .sort(),
    ).toEqual([...secrets, "AlarmEmail", "MailSender", "OriginSecret", "OriginSecretPrevious"].sort());
    const expected = [
      recording.get("Dynamo", "Table").instance,
      recording.get("Bucket", "Images").instance,
      ...secrets.map((name) => recording.get("Secret", name).instance),
      recording.get("Linkable", "OriginVerify").instance,
    ];
    expect(linksOf(api)).toHaveLength(expected.length);
    for (const linked of expected) expect(linksOf(api)).toContain(linked);
  });

  it("routes /api to the function URL, /images to the bucket and / to the SPA on one router", async () => {
    const { recording, outputs } = await deploy("dev");
    const [router] = recording.all("Router");
    expect(recording.all("Router")).toHaveLength(1);
    const routes = routesOf(recording, router!);
    expect(routes.get("/api")).toBe(recording.get("Function", "Api").instance);
    expect(routes.get("/images")).toBe(recording.get("Bucket", "Images").instance);
    expect(routes.get("/")).toBe(recording.get("StaticSite", "Web").instance);
    // The public pages go to the page function's URL (docs/decisions/034-page-heads.md).
    const pages = recording.get("Function", "Pages").instance as { url: string };
    const pagePaths = [
      "/_home",
      "/about",
      "/accessibility",
      "/contact",
      // Every French address (docs/decisions/052-language-by-url.md).
      "/fr",
      "/product",
      "/products",
      "/robots.txt",
      "/sitemap.xml",
      "/sitemaps",
    ];
    for (const path of pagePaths) expect(routes.get(path), path).toBe(pages.url);
    expect([...routes.keys()].sort()).toEqual(["/", "/api", "/images", ...pagePaths].sort());
    // CloudFront's OAC would replace the Authorization header the API's tokens travel in.
    expect(router!.args.protection ?? "none").toBe("none");
    expect(outputs.url).toBe((router!.instance as { url: string }).url);
    // The README's invalidation after the uploaded-images migration reads it.
    expect(outputs.distribution).toBe((router!.instance as { distributionID: string }).distributionID);
  });

  it("puts the router on the stage's ShopDomain setting, which a redeploy without any variable keeps", async () => {
    vi.unstubAllEnvs();
    expect((await deploy("dev")).recording.all("Router")[0]!.args.domain).toBeUndefined();
    // What the SST CLI hands a deploy for a stage whose ShopDomain secret is set (stacks/stage.ts).
    vi.stubEnv("SST_SECRET_ShopDomain", "shop.example.com");
    try {
      expect((await deploy("production")).recording.all("Router")[0]!.args.domain).toBe("shop.example.com");
      // The variable read before must not silently differ from the setting: the deploy stops.
      vi.stubEnv("SHOP_DOMAIN", "other.example.com");
      await expect(deploy("production")).rejects.toThrow(/ShopDomain/);
      vi.stubEnv("SHOP_DOMAIN", "shop.example.com");
      expect((await deploy("production")).recording.all("Router")[0]!.args.domain).toBe("shop.example.com");
      vi.stubEnv("SHOP_DOMAIN", undefined);
      vi.stubEnv("SST_SECRET_ShopDomain", "not a domain");
      await expect(deploy("production")).rejects.toThrow(/not a domain name/);
    } finally {
      vi.unstubAllEnvs();
    }
    vi.stubEnv("SHOP_DOMAIN", "shop.example.com");
    try {
      // Without the setting, SHOP_DOMAIN alone would remove nothing and add nothing: refused.
      await expect(deploy("production")).rejects.toThrow(
        /npx sst secret set ShopDomain shop.example.com --stage production/,
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("serves images from a CloudFront-only bucket and builds the SPA without an error page", async () => {
    const { recording } = await deploy("dev");
    expect(recording.get("Bucket", "Images").args).toMatchObject({
      access: "cloudfront",
      cors: { allowMethods: expect.arrayContaining(["POST"]) },
    });
    const web = recording.get("StaticSite", "Web").args;
    expect(web).toMatchObject({ path: "packages/web", build: { command: "npm run build", output: "dist" } });
    expect(web.errorPage).toBeUndefined();
  });

  /**
   * The payments mode a deployed API would run with: its environment, else the linked `Payments`
   * secret's default (what a stage gets until an operator sets the secret), read by core's config.
   */
  function deployedPayments(recording: Recording) {
    const api = recording.get("Function", "Api");
    const secret = recording.get("Secret", "Payments");
    expect(linksOf(api)).toContain(secret.instance);
    const environment = (api.args.environment ?? {}) as Record<string, string>;
    return loadConfig({
      SST_STAGE: recording.stage,
      TABLE_NAME: "fruit-shop",
      JWT_SECRET: "x".repeat(32),
      PAYMENTS: environment.PAYMENTS ?? (secret.args.placeholder as string | undefined),
    });
  }

  it("deploys real PayPal on every stage unless the stage's Payments secret says test", async () => {
    vi.unstubAllEnvs();
    for (const stage of ["prod", "staging", "dev", "production"]) {
      const { recording } = await deploy(stage);
      const config = deployedPayments(recording);
      expect(config.payments, stage).toBe("paypal");
      expect(config.paypal.apiBase, stage).toBe(
        stage === "production" ? "https://api-m.paypal.com" : "https://api-m.sandbox.paypal.com",
      );
    }
  });

  /** What a resource's `transform` (object or function form) does to its args and Pulumi options. */
  function transformed(transform: unknown, name: string) {
    const args: Record<string, unknown> = { forceDestroy: true };
    const opts: Record<string, unknown> = {};
    if (typeof transform === "function") transform(args, opts, name);
    else Object.assign(args, transform);
    return { args, opts };
  }

  it("treats only the stage the README deploys as the real shop: retained, protected, deletion-protected", async () => {
    const readme = readFileSync(fileURLToPath(new URL("../../README.md", import.meta.url)), "utf8");
    const deployed = new Set([...readme.matchAll(/npx sst deploy --stage (\S+)/g)].map((m) => m[1]));
    expect([...deployed]).toContain("production");
    const { app, recording } = await deploy("production");
    expect(app).toMatchObject({ removal: "retain", protect: true });
    const table = recording.get("Dynamo", "Table").args;
    expect(table.deletionProtection).toBe(true);
    // A deploy can neither replace nor delete the table or the bucket: Pulumi's protect, and
    // retainOnDelete should they ever leave the program.
    const tableTransform = (table.transform as { table?: unknown } | undefined)?.table;
    expect(transformed(tableTransform, "TableTable").opts).toEqual({ protect: true, retainOnDelete: true });
    const bucketTransform = (
      recording.get("Bucket", "Images").args.transform as { bucket?: unknown } | undefined
    )?.bucket;
    expect(transformed(bucketTransform, "ImagesBucket")).toEqual({
      args: { forceDestroy: false },
      opts: { protect: true, retainOnDelete: true },
    });
    for (const stage of ["prod", "staging", "dev"]) {
      const other = await deploy(stage);
      expect(other.app, stage).toMatchObject({ removal: "remove", protect: false });
      const otherTable = other.recording.get("Dynamo", "Table").args;
      expect(otherTable.deletionProtection, stage).toBeFalsy();
      const otherTableTransform = (otherTable.transform as { table?: unknown } | undefined)?.table;
      expect(transformed(otherTableTransform, "TableTable").opts, stage).toEqual({});
      const otherBucket = other.recording.get("Bucket", "Images").args.transform as
        | { bucket?: unknown }
        | undefined;
      expect(transformed(otherBucket?.bucket, "ImagesBucket"), stage).toEqual({
        args: { forceDestroy: true },
        opts: {},
      });
    }
  });

  /** The headers a CloudFront response headers policy's securityHeadersConfig makes CloudFront send. */
  function headersOf(config: Record<string, Record<string, unknown>>): Record<string, string> {
    const hsts = config.strictTransportSecurity!;
    return {
      "Content-Security-Policy": resolved(config.contentSecurityPolicy!.contentSecurityPolicy) as string,
      ...(config.contentTypeOptions ? { "X-Content-Type-Options": "nosniff" } : {}),
      "X-Frame-Options": config.frameOptions!.frameOption as string,
      "Referrer-Policy": config.referrerPolicy!.referrerPolicy as string,
      "Strict-Transport-Security": `max-age=${hsts.accessControlMaxAgeSec}${hsts.includeSubdomains ? "; includeSubDomains" : ""}${hsts.preload ? "; preload" : ""}`,
    };
  }

  it("sends core's security headers from the router, overriding the origins, with the bucket as upload origin", async () => {
    for (const stage of ["dev", "production"]) {
      const { recording } = await deploy(stage);
      const config = recording.get("ResponseHeadersPolicy", "SecurityHeaders").args
        .securityHeadersConfig as Record<string, Record<string, unknown>>;
      const bucket = recording.get("Bucket", "Images").instance as { name: string };
      const uploadOrigin = `https://${bucket.name}.s3.us-east-1.amazonaws.com`;
      expect(headersOf(config), stage).toEqual(
        securityHeaders({ uploadOrigins: [uploadOrigin], https: true }),
      );
      for (const [name, part] of Object.entries(config)) expect(part.override, `${stage} ${name}`).toBe(true);
    }
  });

  it("attaches the headers policy to the router's cache behaviour and keeps SST's fields", async () => {
    const { recording } = await deploy("dev");
    const router = recording.all("Router")[0]!;
    const policy = recording.get("ResponseHeadersPolicy", "SecurityHeaders").instance as { id: string };
    const cdn = (router.args.transform as { cdn?: unknown } | undefined)?.cdn;
    expect(typeof cdn, "transform.cdn in its function form").toBe("function");
    // What SST's Router passes for its lazy routes (platform/src/components/aws/router.ts).
    const sstBehavior = {
      targetOriginId: "default",
      viewerProtocolPolicy: "redirect-to-https",
      allowedMethods: ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"],
      cachedMethods: ["GET", "HEAD"],
      compress: true,
      cachePolicyId: "cache-policy",
      originRequestPolicyId: "b689b0a8-53d0-40ab-baf2-68738e2966ac",
      functionAssociations: new RecordedOutput([{ eventType: "viewer-request", functionArn: "arn:fn" }]),
    };
    const args: Record<string, unknown> = { comment: "Router app", defaultCacheBehavior: sstBehavior };
    (cdn as (args: Record<string, unknown>, opts: object, name: string) => void)(args, {}, "RouterCdn");
    expect(resolved(args.defaultCacheBehavior)).toEqual({
      ...sstBehavior,
      functionAssociations: [{ eventType: "viewer-request", functionArn: "arn:fn" }],
      responseHeadersPolicyId: policy.id,
    });
    expect(args.comment).toBe("Router app");
  });

  it("notifies the image function of every object created under uploads/, with only the rights it needs", async () => {
    const { recording } = await deploy("dev");
    const bucket = recording.get("Bucket", "Images");
    const notify = bucket.calls.filter((call) => call.method === "notify");
    expect(notify).toHaveLength(1);
    const { notifications } = (notify[0]?.args[0] ?? {}) as { notifications: Record<string, unknown>[] };
    expect(notifications).toHaveLength(1);
    const [notification] = notifications;
    expect(notification).toMatchObject({
      name: "ImageVariants",
      events: ["s3:ObjectCreated:*"],
      filterPrefix: UPLOAD_KEY_PREFIX,
    });
    // Its output (images/...) is outside the prefix it is notified for: it never starts itself again.
    expect(IMAGE_KEY_PREFIX.startsWith(UPLOAD_KEY_PREFIX)).toBe(false);
    const fn = notification?.function as Record<string, unknown>;
    expect(fn).toMatchObject({
      handler: "packages/functions/src/lambda/images.handler",
      runtime: "nodejs22.x",
      architecture: "arm64",
      memory: "1536 MB",
      timeout: "60 seconds",
      nodejs: { ...lambdaBundling, install: { sharp: expect.stringMatching(/^\d+\.\d+\.\d+$/) } },
    });
    // Least privilege: read the uploads, write the variants; no link, so no table or secret either.
    const arn = (bucket.instance as { arn: string }).arn;
    expect(fn.permissions).toEqual([
      { actions: ["s3:GetObject"], resources: [`${arn}/${UPLOAD_KEY_PREFIX}*`] },
      { actions: ["s3:PutObject"], resources: [`${arn}/${IMAGE_KEY_PREFIX}*`] },
    ]);
    expect(fn.link).toBeUndefined();
    expect(fn.environment).toBeUndefined();
  });
});

describe("pinned: the home region and what a deploy installs", () => {
  it("pins the AWS provider to the home region, and refuses a shell set to another region", async () => {
    const { HOME_REGION } = await import("../../stacks/region.ts");
    vi.stubEnv("AWS_REGION", "");
    vi.stubEnv("AWS_DEFAULT_REGION", "");
    const { app } = await deploy("production");
    expect(app).toMatchObject({ providers: { aws: { region: HOME_REGION } } });
    vi.stubEnv("AWS_REGION", HOME_REGION);
    expect((await deploy("production")).app).toMatchObject({ providers: { aws: { region: HOME_REGION } } });
    vi.stubEnv("AWS_REGION", "eu-west-1");
    await expect(deploy("production")).rejects.toThrow(
      /lives in us-east-1, but this shell's AWS_REGION\/AWS_DEFAULT_REGION is eu-west-1/,
    );
    vi.stubEnv("AWS_REGION", "");
    vi.stubEnv("AWS_DEFAULT_REGION", "eu-central-1");
    await expect(deploy("staging")).rejects.toThrow(/is eu-central-1/);
    vi.unstubAllEnvs();
  });

  it("installs every `install` package at the exact version the tests ran, pinned in the handler's own package.json", async () => {
    const { recording } = await deploy("dev");
    const installs = recording.resources.flatMap((resource) => {
      const notifications = (resource.args.notifications ?? []) as {
        function?: { handler?: string; nodejs?: { install?: unknown } };
      }[];
      const fns = [
        resource.args as { handler?: string; nodejs?: { install?: unknown } },
        ...notifications.map((n) => n.function ?? {}),
      ];
      return fns.flatMap((fn) =>
        fn.nodejs?.install ? [{ handler: fn.handler!, install: fn.nodejs.install }] : [],
      );
    });
    expect(installs.map(({ install }) => Object.keys(install as object))).toContainEqual(["sharp"]);
    for (const { handler, install } of installs) {
      // A bare name (`["sharp"]`) is installed as `*` unless the builder's package.json names it: each
      // package carries its version in `install` itself.
      expect(Array.isArray(install), handler).toBe(false);
      const manifest = nearestPackageJson(handler);
      expect(manifest.path, handler).toBe("packages/functions/package.json");
      for (const [name, version] of Object.entries(install as Record<string, string>)) {
        const installed = JSON.parse(
          readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), "utf8"),
        ) as { version: string };
        // Exact: SST writes this into the function's package.json and runs `npm install` without a lock.
        expect(version, name).toBe(installed.version);
        expect(manifest.dependencies[name], `${manifest.path} dependencies.${name}`).toBe(installed.version);
      }
    }
  });
});

/** The package.json nearest a handler (`packages/functions/src/lambda/images.handler`): its package's. */
function nearestPackageJson(handler: string): { path: string; dependencies: Record<string, string> } {
  const parts = handler.split("/").slice(0, -1);
  for (let depth = parts.length; depth >= 0; depth--) {
    const path = [...parts.slice(0, depth), "package.json"].join("/");
    const url = new URL(`../../${path}`, import.meta.url);
    if (!existsSync(url)) continue;
    const manifest = JSON.parse(readFileSync(url, "utf8")) as { dependencies?: Record<string, string> };
    return { path, dependencies: manifest.dependencies ?? {} };
  }
  throw new Error(`no package.json above ${handler}`);
}

describe("the image bucket keeps what is deleted for a while", () => {
  it("is versioned, old versions expire after 30 days, delete markers and abandoned multipart uploads are cleaned", async () => {
    for (const stage of ["staging", "production"]) {
      const { recording } = await deploy(stage);
      const bucket = recording.get("Bucket", "Images");
      expect(bucket.args.versioning, stage).toBe(true);
      const lifecycle = resolved(recording.get("BucketLifecycleConfiguration", "ImagesLifecycle").args) as {
        bucket: string;
        rules: Record<string, unknown>[];
      };
      expect(lifecycle.bucket).toBe((bucket.instance as { name: string }).name);
      expect(lifecycle.rules).toEqual([
        expect.objectContaining({
          status: "Enabled",
          noncurrentVersionExpiration: { noncurrentDays: 30 },
          abortIncompleteMultipartUpload: { daysAfterInitiation: 7 },
        }),
        expect.objectContaining({ status: "Enabled", expiration: { expiredObjectDeleteMarker: true } }),
      ]);
      // No rule expires a current object.
      for (const rule of lifecycle.rules)
        expect((rule.expiration as { days?: number } | undefined)?.days, stage).toBeUndefined();
      recording.uninstall();
    }
  });
});

describe("the README's deploy section", () => {
  it("lists exactly the outputs the deploy prints", async () => {
    const { outputs } = await deploy("staging");
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const section = readme.slice(readme.indexOf("The deploy prints these outputs"));
    const table = section.slice(0, section.indexOf("\n\n", section.indexOf("| Output |")));
    const listed = [...table.matchAll(/^\| `(\w+)` \|/gm)].map(([, name]) => name!);
    expect(listed.sort()).toEqual(Object.keys(outputs).sort());
  });

  it("runs the smoke check of the function URL against the `apiFunction` output", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    expect(readme).toContain(
      "API=$(aws lambda get-function-url-config --region us-east-1 --function-name <apiFunction> --query FunctionUrl --output text)",
    );
  });
});
