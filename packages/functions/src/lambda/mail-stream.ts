import { asFunction } from "@fruit/core/access";
import {
  alertProductChange,
  alertUserChange,
  type FanOutOptions,
  runEpisodeBatch,
} from "@fruit/core/alerts/fan-out";
import { mailContactChange } from "@fruit/core/contact/contact.mails";
import { readStreamRecord } from "@fruit/core/db/stream-record";
import { errorFields, log } from "@fruit/core/log";
import { mailOrderChange } from "@fruit/core/mails/deliver";
import { sendWithSes } from "@fruit/core/mails/ses";
import { mailOccurrenceChange } from "@fruit/core/subscriptions/occurrence.mails";
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { guardedConfig } from "./config-guard.ts";

/**
 * Routes one record to core: its keys and images, parsed by name first (core's
 * db/stream-record.ts: a malformed record throws, naming its field, and is retried); answers whether
 * it must be retried. Orders: their mails; products: restock episodes, low stock and cleanup;
 * episodes: one batch of their fan-out; contact messages, newsletter requests and subscription
 * weeks without an order: their mail;
 * removed users: cleanup (mail-stream-filters.ts says which records come here).
 */
async function mailRecord(record: DynamoDBRecord, options: FanOutOptions): Promise<boolean> {
  const { keys, before, after } = readStreamRecord(record);
  if (record.eventName === "REMOVE") {
    const product = await alertProductChange(keys, before, undefined, options);
    const user = await alertUserChange(keys, undefined);
    return product || user;
  }
  if (record.eventName !== "INSERT" && record.eventName !== "MODIFY") return false;
  const results = [
    await mailOrderChange(keys, before, after, options),
    await alertProductChange(keys, before, after, options),
    await runEpisodeBatch(keys, options, after),
    await mailContactChange(keys, record.eventName === "INSERT" ? after : undefined, options),
    await mailOccurrenceChange(keys, record.eventName === "INSERT" ? after : undefined, options),
  ];
  return results.some(Boolean);
}

/**
 * What one record may take at most, in the worst case: waiting out a dead run's fan-out lease (30 s,
 * core's alerts/fan-out.ts BATCH_LEASE_MS) and then its batch (10 s, BATCH_BUDGET_MS), and a last
 * send. A record is started only while the run has at least this much left before Lambda's timeout
 * (stacks/email.ts: 60 s), so a batch holding many restocks never times out mid-send — which would
 * leave a mail in doubt, never re-sent — but hands its remaining records back to be redelivered.
 */
export const RECORD_RESERVE_MS = 45_000;

/**
 * Sends the mails of a batch of the table's stream (docs/architecture.md, 'The stream path';
 * docs/decisions/031-order-mails-exactly-once.md, 039-restock-alerts.md). Every record is tried, in
 * order; the first one that must be retried (SES refused a mail for now, or storage failed) is
 * reported with `ReportBatchItemFailures`, so Lambda redelivers from it. The records after it are
 * tried anyway and redelivered too: their mails' claims make that harmless, as they make duplicated
 * and bisected batches harmless. `send` is replaceable for tests. With `timeLeft` (Lambda's
 * remaining time), a record after the first is started only while RECORD_RESERVE_MS are left; the
 * first not started is reported, so Lambda redelivers from it.
 */
export async function mailStreamRecords(
  records: readonly DynamoDBRecord[],
  options: FanOutOptions = { send: sendWithSes },
  timeLeft?: () => number,
): Promise<DynamoDBBatchResponse> {
  let firstFailed: DynamoDBRecord | undefined;
  for (const [index, record] of records.entries()) {
    if (index > 0 && timeLeft && timeLeft() < RECORD_RESERVE_MS) {
      log("warn", "order mail records handed back: too little time left in this run", {
        left: records.length - index,
        sequenceNumber: record.dynamodb?.SequenceNumber,
      });
      firstFailed ??= record;
      break;
    }
    let retry: boolean;
    try {
      retry = await mailRecord(record, options);
    } catch (error) {
      retry = true;
      log("error", "order mail record failed; it is retried", {
        eventID: record.eventID,
        sequenceNumber: record.dynamodb?.SequenceNumber,
        ...errorFields(error),
      });
    }
    if (retry) firstFailed ??= record;
  }
  return {
    batchItemFailures: firstFailed ? [{ itemIdentifier: firstFailed.dynamodb?.SequenceNumber ?? "" }] : [],
  };
}

/**
 * The mail subscriber (stacks/email.ts): its own mapping, filters (mail-stream-filters.ts),
 * retries and dead-letter queue, so a mail failure never holds up the dashboard's subscriber.
 */
export const handler = (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> => {
  return asFunction("MailSubscriber", () => {
    guardedConfig("MailSubscriber");
    return mailStreamRecords(
      event.Records ?? [],
      { send: sendWithSes },
      context ? () => context.getRemainingTimeInMillis() : undefined,
    );
  });
};
