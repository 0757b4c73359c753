import { asFunction } from "@fruit/core/access";
import { log } from "@fruit/core/log";
import { recordSesFeedback } from "@fruit/core/mails/feedback";
import type { SNSEvent } from "aws-lambda";
import { guardedConfig } from "./config-guard.ts";

/**
 * SES's bounce and complaint events, delivered by SNS from the stage's configuration set
 * (stacks/email.ts): each address that bounced for good or complained joins the suppression list
 * (mails/feedback.ts). A message that is not JSON is logged and dropped; a storage failure throws,
 * so Lambda retries the delivery twice and then sends the event to the `MailFeedbackDeadLetter`
 * queue (stacks/email.ts).
 */
export const handler = (event: SNSEvent): Promise<void> =>
  asFunction("MailFeedbackHandler", () => recordFeedback(event));

async function recordFeedback(event: SNSEvent): Promise<void> {
  guardedConfig("MailFeedbackHandler");
  for (const record of event.Records ?? []) {
    let message: unknown;
    try {
      message = JSON.parse(record.Sns.Message);
    } catch {
      log("error", "SES feedback is not JSON; dropped", { messageId: record.Sns.MessageId });
      continue;
    }
    const suppressed = await recordSesFeedback(message);
    if (suppressed > 0) log("info", "addresses suppressed", { suppressed, messageId: record.Sns.MessageId });
  }
}
