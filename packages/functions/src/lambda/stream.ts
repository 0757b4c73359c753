import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from "aws-lambda";

/** The stream subscriber — filled in by the dashboard-aggregates issue. */
export async function handler(_event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  return { batchItemFailures: [] };
}
