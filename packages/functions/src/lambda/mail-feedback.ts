import { recordSesFeedback } from "@fruit/core/mails/feedback";
import type { SNSEvent } from "aws-lambda";

/**
 * SES's bounce and complaint events, delivered by SNS from the stage's configuration set
 * (stacks/email.ts): each address that bounced for good or complained joins the suppression list
 * (mails/feedback.ts). A message that is not JSON is logged and dropped; a storage failure throws,
 * so SNS retries the delivery.
 */
export async function handler(event: SNSEvent): Promise<void> {
  for (const record of event.Records ?? []) {
    let message: unknown;
    try {
      message = JSON.parse(record.Sns.Message);
    } catch {
      console.error(JSON.stringify({ level: "error", message: "SES feedback is not JSON; dropped" }));
      continue;
    }
    const suppressed = await recordSesFeedback(message);
    if (suppressed > 0)
      console.log(JSON.stringify({ level: "info", message: "addresses suppressed", suppressed }));
  }
}
