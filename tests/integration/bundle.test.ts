import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { SweepReport } from "@fruit/core/expiry";
import { newId } from "@fruit/core/ids";
import { db, tableName } from "@fruit/core/internal/db/client";
import { holdKind, orderKind } from "@fruit/core/internal/orders/order.records";
import { bucketName, s3 } from "@fruit/core/uploads/s3";
import type { ImagesReport } from "@fruit/functions/lambda/images";
import type { APIGatewayProxyStructuredResultV2, DynamoDBBatchResponse } from "aws-lambda";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bundleLikeSst,
  describeFiles,
  functionUrlEvent,
  invokeInFreshNode,
  ROOT,
  type SstBundle,
  startupFiles,
} from "../infra/sst-bundle.ts";
import { createProduct, createUser } from "../support/fixtures.ts";
import { orderOf, place, stockOf, storedOrder } from "../support/orders.ts";
import { TEST_JWT_SECRET, useFreshTable } from "../support/table.ts";

/**
 * The Lambda handlers as SST deploys them: bundled by esbuild with SST's options, imported in a
 * fresh Node process configured only through its environment, and invoked with the events Lambda
 * sends. Catches what `app.request()` cannot: a dependency that breaks when bundled to ESM, a
 * top-level read of something only the local runtime sets, a handler export under the wrong name.
 */
describe("Lambda bundles", () => {
  const outdir = mkdtempSync(join(tmpdir(), "fruit-bundle-"));
  let env: Record<string, string> = {};
  let api: SstBundle;
  let apiBundle = "";
  let streamBundle = "";
  let sweeperBundle = "";
  let images: SstBundle;

  beforeAll(async () => {
    const config = await useFreshTable("bundle");
    env = {
      TABLE_NAME: config.tableName,
      BUCKET_NAME: config.bucketName,
      DYNAMODB_ENDPOINT: config.dynamoEndpoint!,
      S3_ENDPOINT: config.s3Endpoint!,
      S3_ACCESS_KEY_ID: config.s3Credentials!.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.s3Credentials!.secretAccessKey,
      JWT_SECRET: TEST_JWT_SECRET,
      PAYMENTS: "test",
      AWS_REGION: "us-east-1",
    };
    const bundles = await Promise.all([
      bundleLikeSst({ file: join(ROOT, "packages/functions/src/lambda/api.ts") }, join(outdir, "api")),
      bundleLikeSst({ file: join(ROOT, "packages/functions/src/lambda/stream.ts") }, join(outdir, "stream")),
      bundleLikeSst(
        { file: join(ROOT, "packages/functions/src/lambda/sweeper.ts") },
        join(outdir, "sweeper"),
      ),
      bundleLikeSst({ file: join(ROOT, "packages/functions/src/lambda/images.ts") }, join(outdir, "images")),
    ]);
    images = bundles[3];
    // sharp stays out of the bundle; SST's `install` puts it into the package's node_modules.
    symlinkSync(join(ROOT, "node_modules"), join(outdir, "images", "node_modules"), "dir");
    api = bundles[0];
    [apiBundle, streamBundle, sweeperBundle] = [bundles[0].entry, bundles[1].entry, bundles[2].entry];
  });

  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  const withoutJwtSecret = () =>
    Object.fromEntries(Object.entries(env).filter(([name]) => name !== "JWT_SECRET"));

  it("the API bundle answers only requests that carry the router's origin header, when it is linked", async () => {
    const origin = { header: "x-fruit-origin", value: "a".repeat(64), previous: "" };
    const invokeWith = async (link: object | undefined, headers: Record<string, string>, extra = {}) =>
      (
        await invokeInFreshNode<APIGatewayProxyStructuredResultV2>(
          apiBundle,
          functionUrlEvent("GET", "/api/health", headers),
          { ...env, ...extra, ...(link ? { SST_RESOURCE_OriginVerify: JSON.stringify(link) } : {}) },
        )
      ).result;
    const invoke = (headers: Record<string, string>) => invokeWith(origin, headers);
    const direct = await invoke({});
    expect(direct.statusCode).toBe(403);
    expect(JSON.parse(direct.body!).message).toMatch(/shop's address/);
    expect((await invoke({ [origin.header]: "b".repeat(64) })).statusCode).toBe(403);
    expect((await invoke({ [origin.header]: "short" })).statusCode).toBe(403);
    expect((await invoke({ [origin.header]: "" })).statusCode).toBe(403);
    expect((await invoke({ [origin.header]: origin.value })).statusCode).toBe(200);
    // During a rotation (docs/operations.md): the new and the previous value, nothing else.
    const rotating = { ...origin, value: "n".repeat(64), previous: "a".repeat(64) };
    expect((await invokeWith(rotating, { [origin.header]: "n".repeat(64) })).statusCode).toBe(200);
    expect((await invokeWith(rotating, { [origin.header]: "a".repeat(64) })).statusCode).toBe(200);
    expect((await invokeWith(rotating, { [origin.header]: "b".repeat(64) })).statusCode).toBe(403);
    // Not linked, in Lambda: closed, whatever the request carries.
    const inLambda = { AWS_LAMBDA_FUNCTION_NAME: "fruit-shop-staging-ApiFunction" };
    expect((await invokeWith(undefined, {}, inLambda)).statusCode).toBe(403);
    expect((await invokeWith(undefined, { [origin.header]: origin.value }, inLambda)).statusCode).toBe(403);
    expect((await invokeWith(origin, { [origin.header]: origin.value }, inLambda)).statusCode).toBe(200);
    // Not linked, outside Lambda (the local runtime, `app.request()`): nothing to check.
    const local = await invokeInFreshNode<APIGatewayProxyStructuredResultV2>(
      apiBundle,
      functionUrlEvent("GET", "/api/health"),
      env,
    );
    expect(local.result.statusCode).toBe(200);
  });

  it("the API bundle answers a Function URL GET /api/products from the table", async () => {
    const product = await createProduct({ name: "Bundled Banana", price: 2.5 });
    const { result } = await invokeInFreshNode<APIGatewayProxyStructuredResultV2>(
      apiBundle,
      functionUrlEvent("GET", "/api/products", { accept: "application/json" }),
      env,
    );
    expect(result.statusCode).toBe(200);
    const body = JSON.parse(
      result.isBase64Encoded ? Buffer.from(result.body!, "base64").toString() : result.body!,
    );
    expect(body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: product._id, name: "Bundled Banana", price: 2.5 }),
      ]),
    );
  });

  it("the stream bundle applies a DynamoDB stream batch and reports no failed records", async () => {
    const userId = newId();
    const now = new Date().toISOString();
    // A tumbling-window event (stacks/storage.ts): it names its shard, and the answer carries the state.
    const event = {
      shardId: `shardId-bundle-${userId}`,
      eventSourceARN: `arn:aws:dynamodb:us-east-1:000000000000:table/${env.TABLE_NAME}/stream/2025-01-01T00:00:00.000`,
      state: {},
      Records: [
        {
          eventID: `bundle-${userId}`,
          eventName: "INSERT",
          eventVersion: "1.1",
          eventSource: "aws:dynamodb",
          awsRegion: "us-east-1",
          eventSourceARN: `arn:aws:dynamodb:us-east-1:000000000000:table/${env.TABLE_NAME}/stream/2025-01-01T00:00:00.000`,
          dynamodb: {
            ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
            Keys: { pk: { S: `USER#${userId}` }, sk: { S: "USER" } },
            NewImage: {
              pk: { S: `USER#${userId}` },
              sk: { S: "USER" },
              gsi1pk: { S: "USERS" },
              gsi1sk: { S: userId },
              id: { S: userId },
              name: { S: "Stream Sam" },
              email: { S: `stream-${userId.toLowerCase()}@example.com` },
              isAdmin: { BOOL: false },
              createdAt: { S: now },
              updatedAt: { S: now },
            },
            SequenceNumber: "100000000000000000001",
            SizeBytes: 200,
            StreamViewType: "NEW_AND_OLD_IMAGES",
          },
        },
      ],
    };
    // Linked to no secret in the cloud (stacks/storage.ts): it must run without the JWT secret.
    const { result } = await invokeInFreshNode<DynamoDBBatchResponse>(
      streamBundle,
      event,
      withoutJwtSecret(),
    );
    // The contract with the event source mapping (ReportBatchItemFailures): always an array, empty
    // when every record was applied; with a tumbling window, a state (Lambda fails an answer without).
    expect(result).toEqual({ batchItemFailures: [], state: {} });
  });

  it("the sweeper bundle cancels an unpaid order whose hold ran out and returns its stock", async () => {
    const product = await createProduct({ name: "Bundled Berry", price: 3, countInStock: 4 });
    const res = await place(await createUser(), orderOf(product, 3));
    const { order } = await res.json();
    // Move its deadline into the past, on the order and its hold alike.
    const past = new Date(Date.now() - 60_000).toISOString();
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderKind.key(order._id),
        UpdateExpression: "SET holdUntil = :past",
        ExpressionAttributeValues: { ":past": past },
      }),
    );
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: holdKind.key(order._id),
        UpdateExpression: "SET holdUntil = :past, gsi2sk = :sk",
        ExpressionAttributeValues: {
          ":past": past,
          ":sk": holdKind.item({ orderId: order._id, holdUntil: past }).gsi2sk,
        },
      }),
    );
    // Linked to the payment secrets only (stacks/secrets.ts): it must run without the JWT secret.
    const { result } = await invokeInFreshNode<SweepReport>(sweeperBundle, {}, withoutJwtSecret());
    expect(result).toMatchObject({ cancelled: 1, failed: 0, complete: true });
    expect((await storedOrder(order._id)).isCancelled).toBe(true);
    expect(await stockOf(product._id)).toBe(4);
  });

  it("the image bundle keeps sharp out, loads it from the package and makes an upload's variants", async () => {
    const inputs = describeFiles(images, images.files).inputs;
    expect(inputs.some((input) => input.includes("node_modules/sharp/"))).toBe(false);
    expect(inputs).toContain("packages/core/src/uploads/variants.ts");
    const key = `uploads/${newId()}.jpg`;
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#16a085" } })
      .jpeg()
      .toBuffer();
    await s3().send(
      new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: jpeg, ContentType: "image/jpeg" }),
    );
    const event = {
      Records: [
        {
          eventName: "ObjectCreated:Put",
          s3: { bucket: { name: bucketName() }, object: { key, size: jpeg.length } },
        },
      ],
    };
    const { S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, AWS_REGION } = env;
    const run = await invokeInFreshNode<ImagesReport>(images.entry, event, {
      S3_ENDPOINT: S3_ENDPOINT!,
      S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID!,
      S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY!,
      AWS_REGION: AWS_REGION!,
    });
    expect(run.result).toEqual({ processed: [{ key, state: "ready" }] });
  });

  it("the API bundle holds neither sharp nor the image pipeline", () => {
    const inputs = describeFiles(api, api.files).inputs;
    expect(
      inputs.filter((input) => /node_modules\/sharp\/|uploads\/(variants|process)\.ts/.test(input)),
    ).toEqual([]);
  });

  /**
   * What the public catalogue must never load (packages/functions/src/api/lazy-services.ts): passwords,
   * tokens, the S3 client and its presigned POST, payments, the OpenAPI document, and the image uploads (the S3 writes and
   * the checks of a multipart image; the browser-safe presign schema beside them is only valibot
   * rules); nor the AWS SDK's DynamoDB client, which only writes load (catalogue reads go over
   * packages/core/src/db/read-client.ts). Paths as esbuild's metafile names its inputs.
   */
  const notForTheCatalogue = [
    "node_modules/@aws-sdk/client-dynamodb/",
    "node_modules/@aws-sdk/lib-dynamodb/",
    "node_modules/@smithy/core/",
    "node_modules/bcryptjs/",
    "node_modules/jose/",
    "node_modules/@aws-sdk/client-s3/",
    "node_modules/@aws-sdk/s3-presigned-post/",
    "packages/core/src/payments/",
    "packages/core/src/uploads/index.ts",
    "packages/core/src/uploads/s3.ts",
    // The API's OpenAPI document and its JSON Schema converter: built on GET /api/openapi.json only.
    "node_modules/@valibot/to-json-schema/",
    "packages/functions/src/api/openapi/",
    // The French error texts: loaded by the first French request only (docs/decisions/050).
    "packages/core/src/i18n/errors.fr-CA.ts",
  ];
  const heavyIn = (inputs: readonly string[]) =>
    notForTheCatalogue.filter((prefix) => inputs.some((input) => input.startsWith(prefix)));

  it("a cold API start evaluates none of the sign-in, payment or upload code: they are chunks of their own", () => {
    // Every one of them is in the bundle (so the prefixes name real inputs) ...
    expect(heavyIn(describeFiles(api, api.files).inputs)).toEqual(notForTheCatalogue);
    // ... but not in the entry or any chunk it imports statically.
    const startup = startupFiles(api);
    expect(startup.length).toBeLessThan(api.files.length);
    expect(heavyIn(describeFiles(api, startup).inputs)).toEqual([]);
  });

  it("a cold API start reads its code from a few files, not a chunk per combination of families", () => {
    // The entry, esbuild's helpers, the chunk it shares with the SDK's writes, and one chunk for the
    // rest: every lazily loaded family imports the app's module (packages/functions/src/api/lazy/README.md).
    expect(startupFiles(api).length).toBeLessThanOrEqual(4);
  });

  it("the catalogue requests of a cold API load none of them either, and answer from the split bundle", async () => {
    const product = await createProduct({ name: "Chunked Cherry", category: "Berries" });
    for (const path of ["/api/products", `/api/products/slug/${product.slug}`, "/api/products/categories"]) {
      const run = await invokeInFreshNode<APIGatewayProxyStructuredResultV2>(
        apiBundle,
        functionUrlEvent("GET", path),
        env,
        { trace: true },
      );
      expect(run.result.statusCode, path).toBe(200);
      expect(run.loaded, path).toContain(apiBundle);
      expect(heavyIn(describeFiles(api, run.loaded!).inputs), path).toEqual([]);
    }
  });

  it("GET /api/openapi.json on a cold API loads the document's chunk on demand and answers it", async () => {
    const run = await invokeInFreshNode<APIGatewayProxyStructuredResultV2>(
      apiBundle,
      functionUrlEvent("GET", "/api/openapi.json"),
      env,
      { trace: true },
    );
    expect(run.result.statusCode).toBe(200);
    expect(JSON.parse(run.result.body!)).toMatchObject({ openapi: "3.1.0" });
    expect(heavyIn(describeFiles(api, run.loaded!).inputs)).toEqual([
      "node_modules/@valibot/to-json-schema/",
      "packages/functions/src/api/openapi/",
    ]);
  });

  it("a sign-in on a cold API loads its chunk on demand and answers from it", async () => {
    const user = await createUser();
    const run = await invokeInFreshNode<APIGatewayProxyStructuredResultV2>(
      apiBundle,
      {
        ...functionUrlEvent("POST", "/api/users/signin", { "content-type": "application/json" }),
        body: JSON.stringify({ email: user.email, password: user.password }),
      },
      env,
      { trace: true },
    );
    expect(run.result.statusCode).toBe(200);
    expect(JSON.parse(run.result.body!)).toMatchObject({ _id: user._id, token: expect.any(String) });
    expect(heavyIn(describeFiles(api, run.loaded!).inputs)).toEqual(
      expect.arrayContaining(["node_modules/bcryptjs/", "node_modules/jose/"]),
    );
  });
});
