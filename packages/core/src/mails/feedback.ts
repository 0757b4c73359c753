import * as v from "valibot";
import { mailStore } from "./mail.store.ts";

/**
 * Bounces and complaints, as SES's configuration set publishes them to SNS (stacks/email.ts): each
 * address that bounced for good (`Permanent`) or complained is put on the shop's suppression list,
 * which every mail checks before it is sent (mails/deliver.ts). A transient bounce (a full mailbox)
 * suppresses nothing. Other events (deliveries, sends) are ignored.
 */

const Recipients = v.array(v.object({ emailAddress: v.string() }));
const SesEventSchema = v.variant("eventType", [
  v.object({
    eventType: v.literal("Bounce"),
    bounce: v.object({
      bounceType: v.string(),
      bounceSubType: v.optional(v.string(), ""),
      bouncedRecipients: Recipients,
      timestamp: v.string(),
    }),
  }),
  v.object({
    eventType: v.literal("Complaint"),
    complaint: v.object({
      complainedRecipients: Recipients,
      complaintFeedbackType: v.optional(v.string(), ""),
      timestamp: v.string(),
    }),
  }),
]);

/** The addresses one SES event suppresses, with why. */
export function suppressionsOf(
  message: unknown,
): { email: string; reason: "bounce" | "complaint"; detail: string; at: string }[] {
  const parsed = v.safeParse(SesEventSchema, message);
  if (!parsed.success) return [];
  const event = parsed.output;
  if (event.eventType === "Bounce") {
    if (event.bounce.bounceType !== "Permanent") return [];
    const detail = `${event.bounce.bounceType} ${event.bounce.bounceSubType}`.trim();
    return event.bounce.bouncedRecipients.map((r) => ({
      email: r.emailAddress,
      reason: "bounce",
      detail,
      at: event.bounce.timestamp,
    }));
  }
  const detail = `complaint ${event.complaint.complaintFeedbackType}`.trim();
  return event.complaint.complainedRecipients.map((r) => ({
    email: r.emailAddress,
    reason: "complaint",
    detail,
    at: event.complaint.timestamp,
  }));
}

/** Suppresses the addresses of one SES event (an SNS message's JSON body); answers how many. */
export async function recordSesFeedback(message: unknown): Promise<number> {
  const entries = suppressionsOf(message);
  for (const entry of entries) await mailStore.suppress(entry);
  return entries.length;
}
