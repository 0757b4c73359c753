/**
 * What linking the table or the bucket gives a function: its name (`Resource.Table.name`,
 * `Resource.Images.name`, read by packages/core/src/config.ts) and nothing else. SST's own links
 * grant `dynamodb:*` on the table and its indexes and `s3:*` on the bucket
 * (.sst/platform/src/components/aws/dynamo.ts and bucket.ts, `getSSTLink`), which includes
 * `DeleteTable` and `PutBucketPolicy`; each function's actions are granted in stacks/permissions.ts
 * instead. `Linkable.wrap` replaces the link of every instance of the class, so this runs before
 * any component is created (sst.config.ts). **A function added later that links the table or the
 * bucket gets no access until its permissions are granted there.**
 */
sst.Linkable.wrap(sst.aws.Dynamo, (table) => ({ properties: { name: table.name } }));
sst.Linkable.wrap(sst.aws.Bucket, (bucket) => ({ properties: { name: bucket.name } }));

export {};
