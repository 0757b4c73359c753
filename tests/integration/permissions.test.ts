import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { AccessDenied, asFunction, enforceGrants, grantsEnforced } from "@fruit/core/access";
import { type FunctionName, TABLE_ACCESS } from "@fruit/core/access/grants";
import { getConfig, setConfig } from "@fruit/core/config";
import { readItem, readQueryPage } from "@fruit/core/db/read-client";
import { db, tableName } from "@fruit/core/internal/db/client";
import { writeInTransactions } from "@fruit/core/internal/db/grouped-writes";
import { sendWithSes } from "@fruit/core/mails/ses";
import { bucketName, s3 } from "@fruit/core/uploads/s3";
import { beforeAll, describe, expect, it } from "vitest";
import { useFreshTable } from "../support/table.ts";

/**
 * Permissions proven before AWS (docs/decisions/036-permissions-enforced-locally.md): a call made as
 * a function is held to that function's grants (core's access/grants.ts, which stacks/permissions.ts
 * turns into its IAM statements), and one outside them fails as AWS fails it, before it is sent.
 */

beforeAll(async () => {
  await useFreshTable("permissions");
});

/** The error `work` rejects with (or undefined when it succeeds). */
async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
    return undefined;
  } catch (error) {
    return error;
  }
}

const as = <T>(fn: FunctionName, work: () => Promise<T>) => failureOf(() => asFunction(fn, work));
const key = (id: string) => ({ pk: `PERMISSIONS#${id}`, sk: "TEST" });

describe("each function's DynamoDB calls are held to its grants", () => {
  it("is on in the test suites (tests/support/table.ts)", () => {
    expect(grantsEnforced()).toBe(true);
  });

  it("refuses BatchWriteItem and Scan to every function, as AWS's AccessDeniedException, and sends nothing", async () => {
    const put = new BatchWriteCommand({
      RequestItems: { [tableName()]: [{ PutRequest: { Item: { ...key("batch"), n: 1 } } }] },
    });
    for (const fn of Object.keys(TABLE_ACCESS) as FunctionName[]) {
      const batch = await as(fn, () => db().send(put));
      expect(batch, fn).toBeInstanceOf(AccessDenied);
      expect(batch).toMatchObject({
        name: "AccessDeniedException",
        $metadata: { httpStatusCode: 400 },
        message: expect.stringContaining(
          `assumed-role/${fn}/local is not authorized to perform: dynamodb:BatchWriteItem`,
        ),
      });
      expect(
        await as(fn, () => db().send(new ScanCommand({ TableName: tableName(), Limit: 1 }))),
        fn,
      ).toMatchObject({
        name: "AccessDeniedException",
        message: expect.stringContaining("dynamodb:Scan"),
      });
    }
    // Nothing was written: the refusal came before the request.
    expect(
      (await db().send(new GetCommand({ TableName: tableName(), Key: key("batch") }))).Item,
    ).toBeUndefined();
    // Outside any function (an operator command, a fixture) nothing is checked.
    await db().send(put);
    expect(
      (await db().send(new GetCommand({ TableName: tableName(), Key: key("batch") }))).Item,
    ).toBeDefined();
  });

  it("allows each function exactly its item actions, and its queries only where it may query", async () => {
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...key("read"), n: 1 } }));
    // The stats subscriber reads in batches only: GetItem (over the wire or the SDK) is refused.
    expect(await as("StatsSubscriber", () => readItem(tableName(), key("read"), true))).toMatchObject({
      name: "AccessDeniedException",
      message: expect.stringContaining("dynamodb:GetItem"),
    });
    expect(await as("Api", () => readItem(tableName(), key("read"), true))).toBeUndefined();
    // Queries: the API on gsi1, the sweeper not (gsi2 and the table only), the stats subscriber nowhere.
    const onGsi1 = {
      TableName: tableName(),
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": "NOTHING" },
    };
    expect(await as("Api", () => readQueryPage(onGsi1))).toBeUndefined();
    expect(await as("UnpaidOrderSweeper", () => readQueryPage(onGsi1))).toMatchObject({
      name: "AccessDeniedException",
      message: expect.stringMatching(/dynamodb:Query on resource: .*\/index\/gsi1/),
    });
    const onTable = new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": key("read").pk },
    });
    expect(await as("StatsSubscriber", () => db().send(onTable))).toMatchObject({
      name: "AccessDeniedException",
    });
    expect(await as("UnpaidOrderSweeper", () => db().send(onTable))).toBeUndefined();
    // The feedback handler may put, and only put.
    const putFeedback = new PutCommand({ TableName: tableName(), Item: { ...key("feedback"), n: 1 } });
    expect(await as("MailFeedbackHandler", () => db().send(putFeedback))).toBeUndefined();
    expect(
      await as("MailFeedbackHandler", () =>
        db().send(new GetCommand({ TableName: tableName(), Key: key("feedback") })),
      ),
    ).toMatchObject({ name: "AccessDeniedException" });
  });

  it("checks a transaction part by part: the API's puts and deletes pass, the image function's are refused", async () => {
    const groups = Array.from({ length: 130 }, (_, i) => [
      { kind: "test", Put: { Item: { ...key(`tx-${i}`), n: i } } },
    ]) as unknown as Parameters<typeof writeInTransactions>[0];
    expect(await as("ImageVariants", () => writeInTransactions(groups))).toMatchObject({
      name: "AccessDeniedException",
      message: expect.stringContaining("dynamodb:PutItem"),
    });
    // 130 items: two transactions (100 + 30), each part a PutItem the API holds.
    expect(await as("Api", () => writeInTransactions(groups))).toBeUndefined();
    expect(
      (await db().send(new GetCommand({ TableName: tableName(), Key: key("tx-129") }))).Item,
    ).toMatchObject({ n: 129 });
  });
});

describe("S3 and SES calls are held to the grants too", () => {
  it("lets the API put uploads/ and read images/, nothing else; the image function the reverse", async () => {
    const put = (Key: string) => () =>
      s3().send(new PutObjectCommand({ Bucket: bucketName(), Key, Body: "x", ContentType: "text/plain" }));
    expect(await as("Api", put("uploads/permissions-test"))).toBeUndefined();
    expect(await as("Api", put("images/permissions-test"))).toMatchObject({
      name: "AccessDenied",
      $metadata: { httpStatusCode: 403 },
      message: expect.stringContaining("s3:PutObject on resource: arn:aws:s3:::"),
    });
    expect(
      await as("Api", () =>
        s3().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: "uploads/permissions-test" })),
      ),
    ).toMatchObject({ name: "AccessDenied", message: expect.stringContaining("s3:DeleteObject") });
    const read = (Key: string) => () => s3().send(new GetObjectCommand({ Bucket: bucketName(), Key }));
    expect(await as("ImageVariants", read("uploads/permissions-test"))).toBeUndefined();
    expect(await as("ImageVariants", put("images/permissions-test"))).toBeUndefined();
    expect(await as("ImageVariants", put("uploads/permissions-test"))).toMatchObject({
      name: "AccessDenied",
    });
    expect(await as("StatsSubscriber", read("images/permissions-test"))).toMatchObject({
      name: "AccessDenied",
    });
  });

  it("lets only the mail subscriber send mail", async () => {
    const base = getConfig();
    // An endpoint where nothing listens: a call that passes the check fails to connect instead.
    setConfig({
      ...base,
      mail: { ...base.mail, from: "orders@example.com", sesEndpoint: "http://127.0.0.1:9" },
    });
    try {
      const mail = { to: "someone@example.com", subject: "s", html: "<p>h</p>", text: "t" };
      // The refusal is SES's answer (HTTP 403), which the sender reads as a refusal for good.
      expect(await as("Api", () => sendWithSes(mail))).toMatchObject({
        outcome: "rejected",
        message: expect.stringContaining("ses:SendEmail"),
      });
      expect(await as("MailSubscriber", () => sendWithSes(mail))).toMatchObject({ outcome: "retry" });
    } finally {
      setConfig(base);
    }
  });

  it("can be switched off, as in Lambda, where IAM enforces", async () => {
    enforceGrants(false);
    try {
      expect(
        await failureOf(() =>
          asFunction("MailSubscriber", () =>
            db().send(new ScanCommand({ TableName: tableName(), Limit: 1 })),
          ),
        ),
      ).toBeUndefined();
    } finally {
      enforceGrants(true);
    }
  });
});
