import { IMAGE_KEY_PREFIX, UPLOAD_KEY_PREFIX } from "../layout/bucket.ts";
import type { IndexName } from "../layout/table.ts";

/**
 * The one permission list (docs/decisions/036-permissions-enforced-locally.md): what each function
 * of the shop may do on the table, the image bucket and SES. `stacks/permissions.ts` turns it into
 * each function's IAM statements (`sst.aws.Function`'s `permissions`), and `access/enforce.ts`
 * checks every DynamoDB, S3 and SES call made as a function against it on the local runtime and in
 * the tests, so a missing action fails a test the way AWS would fail it (AccessDenied).
 *
 * Least privilege (docs/decisions/028-least-privilege-and-origin.md): written from what each
 * handler's code path sends through core. A transaction needs no action of its own: IAM checks each
 * of its parts as `PutItem`, `UpdateItem`, `DeleteItem` or `ConditionCheckItem` (and a
 * TransactGetItems' as `GetItem`). No function may `Scan`, `BatchWriteItem` or touch the table
 * itself: those are the operator commands' (`stats:rebuild`, `migrate`), run with the operator's
 * credentials.
 */

/** Item actions on the table (without the `dynamodb:` prefix). */
export type ItemAction =
  | "GetItem"
  | "BatchGetItem"
  | "PutItem"
  | "UpdateItem"
  | "DeleteItem"
  | "ConditionCheckItem";

export interface TableAccess {
  items: readonly ItemAction[];
  /** Where the function queries: the table itself and/or named indexes. */
  query: readonly ("table" | IndexName)[];
  /**
   * The partition keys it may read (IAM's `dynamodb:LeadingKeys`, `StringLike` patterns where `*`
   * is any text): every GetItem and Query must name only such partition key values — the table's
   * `pk`, or the index's partition key for a query on an index. Unset: any partition.
   */
  leadingKeys?: readonly string[];
}

/** An S3 action on the keys under a prefix of the image bucket. */
export interface BucketGrant {
  action: "s3:GetObject" | "s3:PutObject" | "s3:DeleteObject";
  prefix: string;
}

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
   * refunds (pattern 30, the table). The subscriptions' reconcile pass
   * (docs/decisions/051-standing-orders.md): the active subscriptions from gsi2 (pattern 67), their
   * open weeks' occurrences in a batch read, each week's order placed in a transaction that checks
   * the subscription's version (a condition check), a window materialised, a reminder asked for.
   */
  UnpaidOrderSweeper: {
    items: ["GetItem", "BatchGetItem", "PutItem", "UpdateItem", "DeleteItem", "ConditionCheckItem"],
    query: ["table", "gsi2"],
  },
  /**
   * core's mails (docs/decisions/031-order-mails-exactly-once.md): per transition the mail item and
   * the customer read, the suppression item read, the claim put and its outcome updated. Restock
   * alerts, low stock, contact and newsletter (docs/decisions/039-restock-alerts.md): a fan-out page
   * of a product's subscribers (table) and their users in a batch read, a deleted user's alerts
   * (gsi1), alerts deleted with their count in a transaction, low-stock entries put and deleted.
   */
  MailSubscriber: {
    items: ["GetItem", "BatchGetItem", "PutItem", "UpdateItem", "DeleteItem", "ConditionCheckItem"],
    query: ["table", "gsi1"],
  },
  /** SES's bounces and complaints: one suppression item put per address. */
  MailFeedbackHandler: { items: ["PutItem"], query: [] },
  /** The image function touches no table. */
  ImageVariants: { items: [], query: [] },
  /**
   * The page function (docs/decisions/034-page-heads.md): a product by slug (the slug item, then its
   * partition, its reviews included), a category's count, the counts partition, the search index for
   * `?q=`, and the catalogue's keys a page at a time for the sitemap (gsi1). It is public and reads
   * nothing private, so it may name only those partitions (products/product.records.ts): never a
   * user (`USER#…`, with its password hash), an order, a mail or a setting (issue 47).
   */
  Pages: {
    items: ["GetItem"],
    query: ["table", "gsi1"],
    leadingKeys: ["PRODUCT#*", "SLUG#*", "CATALOGUE", "SEARCH#*", "PRODUCTS"],
  },
} as const satisfies Record<string, TableAccess>;

/** The shop's functions, by the names stacks/ gives them. */
export type FunctionName = keyof typeof TABLE_ACCESS;

/**
 * The bucket (docs/decisions/029-image-variants.md). The API: `s3:PutObject` under `uploads/`, for
 * `POST /api/upload` and for the presigned POSTs it signs (S3 checks the signer's right to put that
 * key), and `s3:GetObject` under `images/`, for an upload's state record (`GET /api/uploads/{id}`).
 * It never lists, deletes or configures; without `s3:ListBucket`, S3 answers 403 rather than 404 for
 * a state record not yet written, which `uploads/state.ts` reads as "pending". The image function
 * reads `uploads/` and writes `images/`, nothing else.
 */
export const BUCKET_ACCESS: Record<FunctionName, readonly BucketGrant[]> = {
  Api: [
    { action: "s3:PutObject", prefix: UPLOAD_KEY_PREFIX },
    { action: "s3:GetObject", prefix: IMAGE_KEY_PREFIX },
  ],
  StatsSubscriber: [],
  UnpaidOrderSweeper: [],
  MailSubscriber: [],
  MailFeedbackHandler: [],
  ImageVariants: [
    { action: "s3:GetObject", prefix: UPLOAD_KEY_PREFIX },
    { action: "s3:PutObject", prefix: IMAGE_KEY_PREFIX },
  ],
  /** The share images' sizes (images/<stem>/state.json). */
  Pages: [{ action: "s3:GetObject", prefix: IMAGE_KEY_PREFIX }],
};

/**
 * The static site's bucket (stacks/web.ts): the page function reads the deployed `index.html` there,
 * its template (docs/decisions/034-page-heads.md), and nothing else; no other function touches it.
 */
export const WEB_BUCKET_ACCESS: Record<FunctionName, readonly BucketGrant[]> = {
  Api: [],
  StatsSubscriber: [],
  UnpaidOrderSweeper: [],
  MailSubscriber: [],
  MailFeedbackHandler: [],
  ImageVariants: [],
  Pages: [{ action: "s3:GetObject", prefix: "index.html" }],
};

/**
 * SES: the mail subscriber may only send (from the stage's identity, in its configuration set:
 * stacks/email.ts scopes the resources); nothing else sends or reads SES.
 */
export const SES_ACCESS: Record<FunctionName, readonly "ses:SendEmail"[]> = {
  Api: [],
  StatsSubscriber: [],
  UnpaidOrderSweeper: [],
  MailSubscriber: ["ses:SendEmail"],
  MailFeedbackHandler: [],
  ImageVariants: [],
  Pages: [],
};
