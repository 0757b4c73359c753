import {
  BUCKET_ACCESS,
  type FunctionName,
  TABLE_ACCESS,
  type TableAccess,
  WEB_BUCKET_ACCESS,
} from "../packages/core/src/access/grants.ts";

/**
 * Least privilege (docs/decisions/028-least-privilege-and-origin.md). A link to the table or the
 * bucket carries the resource's name only (stacks/links.ts: SST's own links would grant
 * `dynamodb:*` and `s3:*`); what each function may do is core's one permission list
 * (packages/core/src/access/grants.ts), turned here into IAM statements: item actions on the table,
 * queries on the table and the indexes the function queries, S3 actions under a key prefix. The
 * local runtime and the tests enforce the same list on every call a function makes
 * (docs/decisions/036-permissions-enforced-locally.md), so an action the code needs and this list
 * lacks fails a test before it fails in AWS.
 */
export { TABLE_ACCESS, type TableAccess };

interface Arned {
  arn: $util.Input<string>;
}

/**
 * One function's permissions on the table (`sst.aws.Function`'s `permissions`). A function limited to
 * some partitions (`leadingKeys`, the page function's) gets them as a condition on every statement:
 * `ForAllValues:StringLike` on `dynamodb:LeadingKeys`, the partition key values a request names.
 */
export function tablePermissions(access: TableAccess, table: Arned) {
  const conditions = access.leadingKeys
    ? {
        conditions: [
          {
            test: "ForAllValues:StringLike",
            variable: "dynamodb:LeadingKeys",
            values: [...access.leadingKeys],
          },
        ],
      }
    : {};
  return [
    ...(access.items.length === 0
      ? []
      : [
          {
            actions: access.items.map((action) => `dynamodb:${action}`),
            resources: [table.arn],
            ...conditions,
          },
        ]),
    ...(access.query.length === 0
      ? []
      : [
          {
            actions: ["dynamodb:Query"],
            resources: access.query.map((where) =>
              where === "table" ? table.arn : $interpolate`${table.arn}/index/${where}`,
            ),
            ...conditions,
          },
        ]),
  ];
}

/** One function's S3 reads in the static site's bucket: exactly the keys granted (`WEB_BUCKET_ACCESS`). */
export function webBucketPermissions(fn: FunctionName, bucket: Arned) {
  return WEB_BUCKET_ACCESS[fn].map((grant) => ({
    actions: [grant.action],
    resources: [$interpolate`${bucket.arn}/${grant.prefix}`],
  }));
}

/** One function's S3 actions on the image bucket, each under its key prefix. */
export function bucketPermissions(fn: FunctionName, bucket: Arned) {
  return BUCKET_ACCESS[fn].map((grant) => ({
    actions: [grant.action],
    resources: [$interpolate`${bucket.arn}/${grant.prefix}*`],
  }));
}

/** The API's two actions on the bucket (access/grants.ts, `BUCKET_ACCESS.Api`). */
export const imageUploadPermissions = (bucket: Arned) => bucketPermissions("Api", bucket);
