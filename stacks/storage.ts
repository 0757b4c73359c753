import { table as definition, keyAttributes } from "../packages/core/src/layout/table.ts";
import { streamFilters } from "../packages/core/src/stats/counted.ts";
import { lambdaBundling } from "./bundling.ts";
import { functionLogging } from "./logging.ts";
import { TABLE_ACCESS, tablePermissions } from "./permissions.ts";
import { isProduction, keepOnProduction } from "./stage.ts";

/**
 * The single table, built from core's definition so the cloud table, the local one and the tests'
 * cannot drift apart. Only key attributes are declared: DynamoDB needs types for indexed fields only.
 */
export const table = new sst.aws.Dynamo("Table", {
  fields: Object.fromEntries(keyAttributes.map((name) => [name, "string" as const])),
  primaryIndex: { hashKey: definition.partitionKey, rangeKey: definition.sortKey },
  globalIndexes: Object.fromEntries(
    Object.entries(definition.indexes).map(([name, index]) => [
      name,
      { hashKey: index.partitionKey, rangeKey: index.sortKey },
    ]),
  ),
  // NEW_AND_OLD_IMAGES → "new-and-old-images": the aggregates need the old image to undo a change.
  stream: definition.streamViewType.toLowerCase().replaceAll("_", "-") as "new-and-old-images",
  ttl: definition.ttlAttribute,
  deletionProtection: isProduction,
  // Production's table can be neither replaced nor deleted by a deploy (stacks/stage.ts).
  transform: { table: keepOnProduction },
});

/**
 * Where a batch goes once retries are exhausted, so a poison record unblocks its shard without
 * being lost silently; the message holds the shard and sequence range to replay (or run
 * `npm run stats:rebuild`). Kept 14 days, SQS's maximum.
 */
export const statsDeadLetter = new sst.aws.Queue("StatsDeadLetter", {
  transform: { queue: { messageRetentionSeconds: 14 * 24 * 60 * 60 } },
});

/**
 * The dashboard aggregates subscriber. Filters come from core (the local poller applies the same
 * ones). Delivery is at least once and a failed batch blocks its shard, so the handler reports
 * partial failures, a failing batch is bisected to isolate the bad record, and retries are bounded.
 * Each batch is applied in one transaction (or a few) after its shard's checkpoint.
 */
export const statsSubscriber = table.subscribe(
  "StatsSubscriber",
  {
    handler: "packages/functions/src/lambda/stream.handler",
    runtime: "nodejs22.x",
    architecture: "arm64",
    timeout: "60 seconds",
    nodejs: lambdaBundling,
    logging: functionLogging,
    // No secret: the handler signs nothing. The on-failure destination sends with the function's
    // role, which therefore may send to the dead-letter queue (and do nothing else with it).
    link: [table],
    permissions: [
      ...tablePermissions(TABLE_ACCESS.StatsSubscriber, table),
      { actions: ["sqs:SendMessage"], resources: [statsDeadLetter.arn] },
    ],
  },
  {
    filters: [...streamFilters],
    transform: {
      eventSourceMapping: {
        functionResponseTypes: ["ReportBatchItemFailures"],
        bisectBatchOnFunctionError: true,
        maximumRetryAttempts: 10,
        // A tumbling window makes Lambda name the shard in every event (`shardId`), which the handler
        // needs for its per-shard checkpoint (docs/decisions/016-stream-batches.md): without it every
        // batch is refused and ends in the dead-letter queue. The window's state is unused; a short
        // window bounds how late a record could be if batches waited for its end.
        tumblingWindowInSeconds: 60,
        // One invocation per shard at a time: the checkpoint assumes each shard's records arrive in order.
        parallelizationFactor: 1,
        // Counters are rebuilt from the whole history, so a new mapping starts at the oldest record.
        startingPosition: "TRIM_HORIZON",
        destinationConfig: { onFailure: { destinationArn: statsDeadLetter.arn } },
      },
    },
  },
);

/**
 * Product images. Objects live under `images/` (core's IMAGE_KEY_PREFIX), so the router's `/images`
 * route maps a URL path to its key without a rewrite. Browsers upload straight to the bucket with a
 * presigned POST, hence CORS; the signed policy, not the origin list, is what authorizes an upload.
 */
export const bucket = new sst.aws.Bucket("Images", {
  access: "cloudfront",
  // A deleted or overwritten upload or variant can be brought back for 30 days (docs/operations.md,
  // "Bringing back a deleted image"); `uploadsLifecycle` below bounds what the old versions cost.
  versioning: true,
  cors: {
    allowOrigins: ["*"],
    allowMethods: ["GET", "HEAD", "POST"],
    allowHeaders: ["*"],
    maxAge: "1 hour",
  },
  transform: {
    // Production's bucket can be neither replaced nor deleted by a deploy (stacks/stage.ts), and is
    // never emptied to be deleted (SST sets forceDestroy on every bucket).
    bucket: (args, opts) => {
      keepOnProduction(args, opts);
      if (isProduction) args.forceDestroy = false;
    },
  },
});

/** How long a deleted or replaced object of the image bucket can still be brought back. */
export const NONCURRENT_VERSION_DAYS = 30;

/**
 * The image bucket's lifecycle (with `versioning` above): old versions — a deleted upload, a replaced
 * variant — are kept 30 days and then expire; the delete markers they leave are cleaned up; uploads
 * a browser started in parts and never finished go after a week. Current objects never expire.
 */
export const uploadsLifecycle = new aws.s3.BucketLifecycleConfiguration("ImagesLifecycle", {
  bucket: bucket.name,
  rules: [
    {
      id: "old-versions",
      status: "Enabled",
      filter: {},
      noncurrentVersionExpiration: { noncurrentDays: NONCURRENT_VERSION_DAYS },
      abortIncompleteMultipartUpload: { daysAfterInitiation: 7 },
    },
    {
      id: "delete-markers",
      status: "Enabled",
      filter: {},
      expiration: { expiredObjectDeleteMarker: true },
    },
  ],
});
