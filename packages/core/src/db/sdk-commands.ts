/**
 * The AWS SDK side of the storage layer: the document client (db/client.ts) and the commands the
 * writes, batches and transactions send. Loaded only through `loadSdk()` (db/sdk.ts).
 */

export {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  PutCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
export { db } from "./client.ts";
