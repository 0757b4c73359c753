import {
  BUCKET_ACCESS,
  type FunctionName,
  TABLE_ACCESS,
  type TableAccess,
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

/** One function's permissions on the table (`sst.aws.Function`'s `permissions`). */
export function tablePermissions(access: TableAccess, table: Arned) {
  return [
    ...(access.items.length === 0
      ? []
      : [{ actions: access.items.map((action) => `dynamodb:${action}`), resources: [table.arn] }]),
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

/** One function's S3 actions on the image bucket, each under its key prefix. */
export function bucketPermissions(fn: FunctionName, bucket: Arned) {
  return BUCKET_ACCESS[fn].map((grant) => ({
    actions: [grant.action],
    resources: [$interpolate`${bucket.arn}/${grant.prefix}*`],
  }));
}

/** The API's two actions on the bucket (access/grants.ts, `BUCKET_ACCESS.Api`). */
export const imageUploadPermissions = (bucket: Arned) => bucketPermissions("Api", bucket);
