/**
 * The single table, defined once. `stacks/storage.ts`, the local runtime's bootstrap and the tests
 * all build the table from this definition, so the cloud and the local table cannot drift apart.
 *
 * Access patterns and the keys that serve them are listed in docs/data-model.md.
 */
export const table = {
  partitionKey: "pk",
  sortKey: "sk",
  /** Overloaded GSIs: each entity writes the attributes of the patterns it serves. */
  indexes: {
    gsi1: { partitionKey: "gsi1pk", sortKey: "gsi1sk" },
    gsi2: { partitionKey: "gsi2pk", sortKey: "gsi2sk" },
  },
  /** Epoch seconds; DynamoDB deletes the item some time after (idempotency keys, stream checkpoints, throttles). */
  ttlAttribute: "expiresAt",
  streamViewType: "NEW_AND_OLD_IMAGES",
} as const;

export type IndexName = keyof typeof table.indexes;

/** Every key attribute, all strings. */
export const keyAttributes = [
  table.partitionKey,
  table.sortKey,
  ...Object.values(table.indexes).flatMap((index) => [index.partitionKey, index.sortKey]),
] as const;

/** The CreateTable input for this definition (DynamoDB Local and tests; the cloud uses SST). */
export function createTableInput(tableName: string) {
  return {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST" as const,
    AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: "S" as const })),
    KeySchema: [
      { AttributeName: table.partitionKey, KeyType: "HASH" as const },
      { AttributeName: table.sortKey, KeyType: "RANGE" as const },
    ],
    GlobalSecondaryIndexes: Object.entries(table.indexes).map(([name, index]) => ({
      IndexName: name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: "HASH" as const },
        { AttributeName: index.sortKey, KeyType: "RANGE" as const },
      ],
      Projection: { ProjectionType: "ALL" as const },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: table.streamViewType },
  };
}
