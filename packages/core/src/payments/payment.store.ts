import { notExists } from "../db/conditions.ts";
import { isConditionalCheckFailure } from "../db/errors.ts";
import { getItem, putItem } from "../db/items.ts";
import { webhookEventKind } from "./payment.records.ts";

/**
 * Storage of payments' own items (docs/data-model.md, pattern 33): which PayPal webhook events were
 * applied. PayPal redelivers an event for up to 3 days; it is remembered for 30.
 */
const EVENT_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Pattern 33: true when the event was applied before. */
const wasApplied = async (eventId: string): Promise<boolean> =>
  webhookEventKind.decodeFound(await getItem(webhookEventKind.key(eventId))) !== undefined;

/** Pattern 33: remembers an applied event (a second, concurrent delivery changes nothing). */
async function markApplied(eventId: string, eventType: string): Promise<void> {
  const now = new Date();
  try {
    await putItem(
      webhookEventKind.putAt(
        webhookEventKind.key(eventId),
        {
          eventType,
          appliedAt: now.toISOString(),
          expiresAt: Math.floor(now.getTime() / 1000) + EVENT_TTL_SECONDS,
        },
        { ConditionExpression: notExists() },
      ),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

export const paymentStore = { wasApplied, markApplied };
