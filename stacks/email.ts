import { mailStreamFilters } from "../packages/core/src/mails/stream-filters.ts";
import { alarmTopic } from "./alarms.ts";
import { lambdaBundling } from "./bundling.ts";
import { functionLogging } from "./logging.ts";
import { TABLE_ACCESS, tablePermissions } from "./permissions.ts";
import { router } from "./router.ts";
import { table } from "./storage.ts";

/**
 * Order mails (docs/decisions/031-order-mails-exactly-once.md): Amazon SES through `sst.aws.Email`,
 * a subscriber of the table's stream of its own that sends them, and the bounce and complaint
 * events of SES's configuration set, through SNS, into the shop's suppression list.
 *
 * The sender is stage configuration: the `MailSender` secret, an address (`orders@example.com`) or a
 * domain (`example.com`, then mails go from `orders@example.com`), set with
 * `npx sst secret set MailSender <address or domain> --stage <stage>` (README, "Order mails").
 * A stage without it sends no mail: none of this is created, and the deploy says so. Its value is
 * needed while the stacks are built (it decides what exists), so it is read where SST puts a set
 * secret for this process, `SST_SECRET_<name>` — the variable sst.Secret itself reads.
 */
export const mailSenderSecret = new sst.Secret("MailSender", "");
const configured = process.env.SST_SECRET_MailSender?.trim() ?? "";

/** The From address: the configured address, or `orders@<domain>` for a domain identity. */
const fromAddress = (sender: string) => (sender.includes("@") ? sender : `orders@${sender}`);

function mailResources(sender: string) {
  /** Bounces and complaints, as SES publishes them; read by the suppression handler only. */
  const feedback = new sst.aws.SnsTopic("MailFeedback");
  const email = new sst.aws.Email("Mail", {
    sender,
    events: [{ name: "BouncesAndComplaints", types: ["bounce", "complaint"], topic: feedback.arn }],
  });
  feedback.subscribe("MailFeedbackHandler", {
    handler: "packages/functions/src/lambda/mail-feedback.handler",
    runtime: "nodejs22.x",
    architecture: "arm64",
    timeout: "30 seconds",
    nodejs: lambdaBundling,
    logging: functionLogging,
    // The table's name; the one action it needs on it (stacks/permissions.ts). No secret.
    link: [table],
    permissions: tablePermissions(TABLE_ACCESS.MailFeedbackHandler, table),
  });

  /** Where a batch of mail records goes once its retries are spent (14 days, SQS's maximum). */
  const deadLetter = new sst.aws.Queue("MailDeadLetter", {
    transform: { queue: { messageRetentionSeconds: 14 * 24 * 60 * 60 } },
  });
  const region = aws.getRegionOutput().region;
  const account = aws.getCallerIdentityOutput().accountId;
  const subscriber = table.subscribe(
    "MailSubscriber",
    {
      handler: "packages/functions/src/lambda/mail-stream.handler",
      runtime: "nodejs22.x",
      architecture: "arm64",
      // Above the SES client's timeouts and a claim's lease (core's mails/deliver.ts, mails/ses.ts).
      timeout: "60 seconds",
      nodejs: lambdaBundling,
      logging: functionLogging,
      // Not linked to the Email component: its link grants ses:* on the identity. The subscriber may
      // only send, from this stage's identity and configuration set (and, while the account is in
      // SES's sandbox, to verified recipient identities: hence identity/* of this account). The
      // table link carries its name only; its item actions are granted below (stacks/permissions.ts).
      link: [table],
      environment: {
        MAIL_FROM: fromAddress(sender),
        MAIL_CONFIGURATION_SET: email.configSet,
        SHOP_URL: router.url,
      },
      permissions: [
        ...tablePermissions(TABLE_ACCESS.MailSubscriber, table),
        { actions: ["sqs:SendMessage"], resources: [deadLetter.arn] },
        {
          actions: ["ses:SendEmail"],
          resources: [
            $interpolate`arn:aws:ses:${region}:${account}:identity/*`,
            email.nodes.configurationSet.arn,
          ],
        },
      ],
    },
    {
      filters: [...mailStreamFilters],
      transform: {
        eventSourceMapping: {
          functionResponseTypes: ["ReportBatchItemFailures"],
          bisectBatchOnFunctionError: true,
          maximumRetryAttempts: 10,
          parallelizationFactor: 1,
          // Mails are for what happens from now on: a new mapping does not mail the stream's history.
          startingPosition: "LATEST",
          destinationConfig: { onFailure: { destinationArn: deadLetter.arn } },
        },
      },
    },
  );
  /** A batch of mail records gave up: some customers may not have had their mail (README, Alarms). */
  const deadLetterAlarm = new aws.cloudwatch.MetricAlarm("MailDeadLetterAlarm", {
    alarmDescription:
      "A batch of order-mail records is in the mail dead-letter queue: some transitions were not mailed (README, Alarms).",
    namespace: "AWS/SQS",
    metricName: "ApproximateNumberOfMessagesVisible",
    dimensions: { QueueName: $util.output(deadLetter.nodes.queue).apply((queue) => queue.name) },
    statistic: "Maximum",
    period: 300,
    evaluationPeriods: 1,
    threshold: 1,
    comparisonOperator: "GreaterThanOrEqualToThreshold",
    alarmActions: [alarmTopic.arn],
    okActions: [alarmTopic.arn],
  });
  return { email, subscriber, deadLetter, feedback, deadLetterAlarm };
}

if (!configured) {
  console.warn(
    `Stage ${$app.stage} has no MailSender secret: it sends no order mails. ` +
      `Set one with \`npx sst secret set MailSender <address or domain> --stage ${$app.stage}\` and deploy again.`,
  );
}

export const mail = configured ? mailResources(configured) : undefined;
/** What the deploy prints about mails. */
export const mailStatus = configured
  ? `from ${fromAddress(configured)} (SES identity ${configured})`
  : "off: this stage has no MailSender secret";
