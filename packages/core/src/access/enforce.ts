import { AsyncLocalStorage } from "node:async_hooks";
import { fieldsOf, isOneOf, listOf } from "../foreign.ts";
import { BUCKET_ACCESS, type FunctionName, SES_ACCESS, TABLE_ACCESS } from "./grants.ts";

/**
 * Permissions proven before AWS (docs/decisions/036-permissions-enforced-locally.md). Every
 * DynamoDB, S3 and SES call made *as a function* — inside `asFunction(name, …)`, which each Lambda
 * handler and the API app open — is checked against that function's grants in access/grants.ts, the
 * list stacks/permissions.ts turns into its IAM statements. A call outside them throws what AWS
 * throws (`AccessDeniedException` for DynamoDB and SES, `AccessDenied` for S3), before any request
 * is sent, so the code path fails on the local runtime and in the tests as it would in the cloud.
 *
 * Off unless `enforceGrants()` was called: the local runtime (packages/local/src/local-shop.ts) and
 * the integration tests (tests/support/table.ts) call it; in Lambda IAM itself enforces, and this
 * costs one boolean test per call. Calls outside any function (operator commands, seeds, test
 * fixtures) are not checked: they run with the operator's credentials.
 *
 * The clients call the checks from where they send: db/client.ts (the SDK's writes, batches and
 * transactions), db/read-client.ts (Query and GetItem over the wire), uploads/s3.ts, mails/ses.ts and
 * the image function's own S3 client, through `guardClient` or `checkDynamo`.
 */

const scope = new AsyncLocalStorage<FunctionName>();
let enforcing = false;

/** Turns the checks on (or off) for this process. */
export function enforceGrants(on = true): void {
  enforcing = on;
}

/** Whether calls made as a function are checked in this process. */
export const grantsEnforced = (): boolean => enforcing;

/** Runs `work` as the function `name`: its calls are checked against its grants while enforced. */
export function asFunction<T>(name: FunctionName, work: () => T): T {
  return enforcing ? scope.run(name, work) : work();
}

/** The function whose code is running now, if enforced and inside `asFunction`. */
export const currentFunction = (): FunctionName | undefined => (enforcing ? scope.getStore() : undefined);

/** What AWS answers a call the caller's role does not allow, in the shape its SDK throws. */
export class AccessDenied extends Error {
  readonly $metadata: { httpStatusCode: number };
  readonly $fault = "client";
  constructor(
    name: "AccessDeniedException" | "AccessDenied",
    readonly fn: FunctionName,
    readonly action: string,
    readonly resource: string,
    status: number,
  ) {
    super(
      `User: arn:aws:sts::000000000000:assumed-role/${fn}/local is not authorized to perform: ${action} ` +
        `on resource: ${resource} because no identity-based policy allows the ${action} action ` +
        "(access/grants.ts; docs/decisions/036-permissions-enforced-locally.md)",
    );
    this.name = name;
    this.$metadata = { httpStatusCode: status };
  }
}

type Input = Record<string, unknown>;

/** The table a DynamoDB input names (directly, in a batch's requests or a transaction's parts). */
function tableOf(input: Input): string {
  if (typeof input.TableName === "string") return input.TableName;
  const batch = Object.keys(fieldsOf(input.RequestItems))[0];
  if (batch) return batch;
  const inner = fieldsOf(Object.values(fieldsOf(listOf(input.TransactItems)[0]))[0]);
  return typeof inner.TableName === "string" ? inner.TableName : "<table>";
}

/** The IAM actions (and whether on an index) a DynamoDB operation needs. */
function dynamoNeeds(operation: string, input: Input): { action: string; index?: string }[] {
  const index = typeof input.IndexName === "string" ? input.IndexName : undefined;
  if (operation === "TransactWriteItems") {
    return listOf(input.TransactItems)
      .map(fieldsOf)
      .map((part) => {
        if (part.Put) return { action: "PutItem" };
        if (part.Update) return { action: "UpdateItem" };
        if (part.Delete) return { action: "DeleteItem" };
        return { action: "ConditionCheckItem" };
      });
  }
  if (operation === "TransactGetItems") return [{ action: "GetItem" }];
  return [{ action: operation, ...(index ? { index } : {}) }];
}

/**
 * Checks one DynamoDB call (the operation's name as the API names it: `Query`, `TransactWriteItems`,
 * …) against the running function's grants; throws AccessDenied when one of its actions is not.
 */
export function checkDynamo(operation: string, input: Input): void {
  const fn = currentFunction();
  if (!fn) return;
  const access = TABLE_ACCESS[fn];
  for (const { action, index } of dynamoNeeds(operation, input)) {
    const allowed =
      action === "Query" ? isOneOf(access.query, index ?? "table") : isOneOf(access.items, action);
    if (!allowed)
      throw new AccessDenied(
        "AccessDeniedException",
        fn,
        `dynamodb:${action}`,
        `arn:aws:dynamodb:local:000000000000:table/${tableOf(input)}${index ? `/index/${index}` : ""}`,
        400,
      );
  }
}

/** The S3 actions an S3 command needs, each on a key. */
function s3Needs(operation: string, input: Input): { action: string; key: string }[] {
  const key = String(input.Key ?? "");
  switch (operation) {
    case "PutObject":
    case "CreateMultipartUpload":
    case "UploadPart":
    case "CompleteMultipartUpload":
      return [{ action: "s3:PutObject", key }];
    case "GetObject":
    case "HeadObject":
      return [{ action: "s3:GetObject", key }];
    case "DeleteObject":
      return [{ action: "s3:DeleteObject", key }];
    case "DeleteObjects":
      return listOf(fieldsOf(input.Delete).Objects).map((object) => ({
        action: "s3:DeleteObject",
        key: String(fieldsOf(object).Key ?? ""),
      }));
    case "CopyObject": {
      const source = decodeURIComponent(String(input.CopySource ?? "")).replace(/^\/?[^/]+\//, "");
      return [
        { action: "s3:GetObject", key: source },
        { action: "s3:PutObject", key },
      ];
    }
    case "ListObjects":
    case "ListObjectsV2":
      return [{ action: "s3:ListBucket", key: "" }];
    default:
      return [{ action: `s3:${operation}`, key }];
  }
}

/** Checks one S3 call against the running function's grants on the image bucket. */
export function checkS3(operation: string, input: Input): void {
  const fn = currentFunction();
  if (!fn) return;
  for (const { action, key } of s3Needs(operation, input)) {
    const allowed = BUCKET_ACCESS[fn].some(
      (grant) => grant.action === action && key.startsWith(grant.prefix),
    );
    if (!allowed)
      throw new AccessDenied(
        "AccessDenied",
        fn,
        action,
        `arn:aws:s3:::${String(input.Bucket ?? "<bucket>")}${key ? `/${key}` : ""}`,
        403,
      );
  }
}

/** Checks one SES (v2) call against the running function's grants. */
export function checkSes(operation: string, _input: Input): void {
  const fn = currentFunction();
  if (!fn) return;
  const action = `ses:${operation}`;
  if (!isOneOf(SES_ACCESS[fn], action))
    throw new AccessDenied(
      "AccessDeniedException",
      fn,
      action,
      "arn:aws:ses:local:000000000000:identity/*",
      403,
    );
}

/** The smallest slice of an AWS SDK v3 client this needs: its middleware stack. */
interface SdkClient {
  middlewareStack: {
    add(
      middleware: (
        next: (args: { input: unknown }) => Promise<unknown>,
        context: { commandName?: string },
      ) => (args: { input: unknown }) => Promise<unknown>,
      options: { step: "initialize"; name: string },
    ): void;
  };
}

const CHECKS = { dynamodb: checkDynamo, s3: checkS3, ses: checkSes } as const;

/**
 * Adds the check to an SDK client: each command is checked before it is built, signed or sent.
 * Returns the client.
 *
 * @example
 * const client = guardClient(new S3Client({ region }), "s3");
 */
export function guardClient<C>(client: C, service: keyof typeof CHECKS): C {
  const check = CHECKS[service];
  (client as unknown as SdkClient).middlewareStack.add(
    (next, context) => (args) => {
      check((context.commandName ?? "").replace(/Command$/, ""), fieldsOf(args.input));
      return next(args);
    },
    { step: "initialize", name: "enforceGrants" },
  );
  return client;
}
