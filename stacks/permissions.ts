import type { IndexName } from "../packages/core/src/db/table.ts";
import { IMAGE_KEY_PREFIX, UPLOAD_KEY_PREFIX } from "../packages/core/src/uploads/image-urls.ts";

/**
 * Least privilege (docs/decisions/028-least-privilege-and-origin.md). A link to the table or the
 * bucket carries the resource's name only (stacks/links.ts: SST's own links would grant
 * `dynamodb:*` and `s3:*`); what each function may do is granted here, action by action, on the
 * table, the indexes it queries and the key prefix it writes. Written from what each handler's code
 * path sends through core's storage layer (packages/core/src/db/): reads over DynamoDB's JSON
 * protocol (`GetItem`, `Query`) and the SDK's commands. A transaction needs no action of its own:
 * IAM checks each of its parts as `PutItem`, `UpdateItem`, `DeleteItem` or `ConditionCheckItem`.
 * No function may `Scan`, `BatchWriteItem` or touch the table itself: those are the operator
 * commands' (`stats:rebuild`, `migrate`), run with the operator's credentials.
 */
export interface TableAccess {
  /** Item actions on the table (without the `dynamodb:` prefix). */
  items: readonly ItemAction[];
  /** Where the function queries: the table itself and/or named indexes. */
  query: readonly ("table" | IndexName)[];
}

type ItemAction = "GetItem" | "BatchGetItem" | "PutItem" | "UpdateItem" | "DeleteItem" | "ConditionCheckItem";

export const TABLE_ACCESS = {
  /** Every route: reads, placements, payments, reviews, accounts, the catalogue and its counts. */
  Api: {
    items: ["GetItem", "BatchGetItem", "PutItem", "UpdateItem", "DeleteItem", "ConditionCheckItem"],
    query: ["table", "gsi1", "gsi2"],
  },
  /**
   * core's stats: META and the shard's checkpoint and the rebuild's fences in batch reads, then one
   * transaction of puts (checkpoint, journal) and updates (counters, META) per batch.
   */
  StatsSubscriber: { items: ["BatchGetItem", "PutItem", "UpdateItem"], query: [] },
  /**
   * core's expiry: due holds from gsi2 (pattern 21), each order read, its products' existence in a
   * batch read, then the cancellation (or a started payment's or a pending capture's settlement) as
   * updates and the hold's delete; a stale hold alone is deleted. Refunds left pending (pattern 31,
   * gsi2) are sent again and completed or released: a transaction that puts the refund record and
   * updates the order and its products (docs/decisions/030-refunds.md), after reading the order's
   * refunds (pattern 30, the table).
   */
  UnpaidOrderSweeper: {
    items: ["GetItem", "BatchGetItem", "PutItem", "UpdateItem", "DeleteItem"],
    query: ["table", "gsi2"],
  },
  /**
   * core's mails (docs/decisions/031-order-mails-exactly-once.md): per transition the mail item and
   * the customer read, the suppression item read, the claim put and its outcome updated.
   */
  MailSubscriber: { items: ["GetItem", "PutItem", "UpdateItem"], query: [] },
  /**
   * The page function (docs/decisions/034-page-heads.md): a product by slug (the slug item, then its
   * partition), a category's count, the counts partition, and the catalogue's keys a page at a time
   * for the sitemap (gsi1).
   */
  Pages: { items: ["GetItem"], query: ["table", "gsi1"] },
  /** SES's bounces and complaints: one suppression item put per address. */
  MailFeedbackHandler: { items: ["PutItem"], query: [] },
} as const satisfies Record<string, TableAccess>;

interface Arned {
  arn: $util.Input<string>;
}

/** One function's permissions on the table (`sst.aws.Function`'s `permissions`). */
export function tablePermissions(access: TableAccess, table: Arned) {
  return [
    { actions: access.items.map((action) => `dynamodb:${action}`), resources: [table.arn] },
    ...(access.query.length === 0
      ? []
      : [
          {
            actions: ["dynamodb:Query"],
            resources: access.query.map((where) =>
              where === "table" ? table.arn : $interpolate`${table.arn}/index/${where}`,
            ),
          },
        ]),
  ];
}

/**
 * The API's two actions on the bucket (docs/decisions/029-image-variants.md): `s3:PutObject` under
 * `uploads/` (UPLOAD_KEY_PREFIX), for `POST /api/upload` and for the presigned POSTs it signs (S3 checks
 * the signer's right to put that key), and `s3:GetObject` under `images/` (IMAGE_KEY_PREFIX), for an
 * upload's state record (`GET /api/uploads/{id}`). It never lists, deletes or configures; without
 * `s3:ListBucket`, S3 answers 403 rather than 404 for a state record not yet written, which
 * `uploads/state.ts` reads as "pending".
 */
export function imageUploadPermissions(bucket: Arned) {
  return [
    { actions: ["s3:PutObject"], resources: [$interpolate`${bucket.arn}/${UPLOAD_KEY_PREFIX}*`] },
    { actions: ["s3:GetObject"], resources: [$interpolate`${bucket.arn}/${IMAGE_KEY_PREFIX}*`] },
  ];
}
