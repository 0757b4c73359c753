import { SES_ACCESS } from "../packages/core/src/access/grants.ts";
import { mailStreamFilters } from "../packages/core/src/mail-stream-filters.ts";
import {
  configurationRefusedFilter,
  countAlarm,
  countLines,
  lambdaMetric,
  nameOf,
  notify,
} from "./alarms.ts";
import { lambdaBundling } from "./bundling.ts";
import { functionLogging } from "./logging.ts";
import { TABLE_ACCESS, tablePermissions } from "./permissions.ts";
import { router } from "./router.ts";
import { jwtSecret } from "./secrets.ts";
import { stageSetting } from "./stage.ts";
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

/**
 * Where a domain sender's DNS records go (README, "Order mails"), two stage settings kept like secrets:
 * - `MailDns`: `route53` (unset) — SST writes the DKIM CNAMEs and the DMARC TXT into this account's
 *   Route 53 zone of the domain; `manual` — the domain's DNS is elsewhere: SST writes nothing
 *   (`dns: false`; without it the deploy fails with "could not find hosted zone"), and the deploy
 *   prints the records to add (`mailDns`).
 * - `MailDmarc`: unset — SST's `v=DMARC1; p=none;`; `keep` — the domain already has a `_dmarc` record,
 *   which stays as it is (SST would fail creating a second one); any other value — the DMARC policy
 *   to write.
 */
export const mailDns = stageSetting("MailDns") ?? "route53";
export const mailDmarc = stageSetting("MailDmarc");
if (mailDns !== "route53" && mailDns !== "manual")
  throw new Error(`MailDns must be "route53" or "manual" (got "${mailDns}"): README, "Order mails"`);

/**
 * How many mails a second the "back in stock" fan-out may send, all its batches together
 * (core's mails/pace.ts): the stage's `MailSendRate` setting (`npx sst secret set MailSendRate 0.5
 * --stage <stage>`; README, "Order mails"), 10 when unset. It must stay under the account's SES rate
 * in this region — 1 a second in SES's sandbox, 14 at first with production access — since order,
 * contact and low-stock mails are not paced and need the rest; `npm run mail:pace` checks the two
 * (packages/ops/src/mail-pace.ts). Core refuses more than 1,000 (config.ts), and so does the deploy.
 */
export const MAIL_SEND_RATE_DEFAULT = 10;
export const mailSendRate = mailSendRateSetting();

function mailSendRateSetting(): number {
  const setting = stageSetting("MailSendRate");
  if (setting === undefined) return MAIL_SEND_RATE_DEFAULT;
  const rate = Number(setting);
  if (!/^\d+(\.\d+)?$/.test(setting) || !(rate > 0 && rate <= 1000))
    throw new Error(
      `The MailSendRate setting must be a number of mails a second above 0 and at most 1000 (got "${setting}"): README, "Order mails"`,
    );
  return rate;
}

/**
 * The stage's mail pace as a link: the mail subscriber reads it (`Resource.MailPace.rate`, core's
 * config.ts), and so does `npm run mail:pace` under `npx sst shell`, which is given every link.
 */
const mailPace = () => new sst.Linkable("MailPace", { properties: { rate: String(mailSendRate) } });

/**
 * Verified recipient addresses a stage in SES's sandbox may mail (`MailTestRecipients`,
 * comma-separated; README, "Order mails"): in the sandbox SES checks the sender's right to each
 * recipient's identity too, and the subscriber is granted its own identity only. Unset: none — a
 * stage with production access needs none.
 */
export const mailTestRecipients = (stageSetting("MailTestRecipients") ?? "")
  .split(",")
  .map((address) => address.trim().toLowerCase())
  .filter((address) => address !== "");
for (const address of mailTestRecipients)
  if (!/^[^\s@*]+@[^\s@*]+\.[^\s@*]+$/.test(address))
    throw new Error(`MailTestRecipients must be e-mail addresses, comma-separated (got "${address}")`);

/** The lines of a mail SES refused for good (core's mails/deliver.ts and notice.ts: `… mail ${status}`). */
export const MAIL_REJECTED = ["order mail rejected", "notice mail rejected"] as const;
export const MAIL_REJECTED_METRIC = "MailRejected";

/** The From address: the configured address, or `orders@<domain>` for a domain identity. */
const fromAddress = (sender: string) => (sender.includes("@") ? sender : `orders@${sender}`);

function mailResources(sender: string) {
  const isDomain = !sender.includes("@");
  /** Bounces and complaints, as SES publishes them; read by the suppression handler only. */
  const feedback = new sst.aws.SnsTopic("MailFeedback");
  // With a zone SST writes DKIM and DMARC itself; a kept DMARC record means writing DKIM ourselves.
  const sstWritesDns = isDomain && mailDns === "route53" && mailDmarc !== "keep";
  const email = new sst.aws.Email("Mail", {
    sender,
    ...(isDomain && !sstWritesDns ? { dns: false as const } : {}),
    ...(sstWritesDns && mailDmarc ? { dmarc: mailDmarc } : {}),
    events: [{ name: "BouncesAndComplaints", types: ["bounce", "complaint"], topic: feedback.arn }],
  });
  // The identity's three Easy DKIM tokens (SES's EmailIdentity output), for the records SST does not write.
  const dkimTokens = $util
    .output(email.nodes.identity.dkimSigningAttributes)
    .apply((attributes) => attributes.tokens ?? []);
  if (isDomain && mailDns === "route53" && mailDmarc === "keep") {
    // The zone is here but its `_dmarc` is someone else's: the DKIM CNAMEs SST would have written.
    const zone = sst.aws.dns();
    for (const index of [0, 1, 2])
      zone.createRecord(
        `MailDkim${index}`,
        {
          type: "CNAME",
          name: dkimTokens.apply((tokens) => `${tokens[index]}._domainkey.${sender}`),
          value: dkimTokens.apply((tokens) => `${tokens[index]}.dkim.amazonses.com`),
        },
        {},
      );
  }
  const dnsRecords: $util.Output<string> | string =
    isDomain && mailDns === "manual"
      ? dkimTokens.apply((tokens) =>
          [
            ...tokens.map((token) => `${token}._domainkey.${sender} CNAME ${token}.dkim.amazonses.com`),
            ...(mailDmarc === "keep" ? [] : [`_dmarc.${sender} TXT "${mailDmarc ?? "v=DMARC1; p=none;"}"`]),
          ].join("; "),
        )
      : "";

  /**
   * Where a feedback event goes once Lambda's two retries of its asynchronous invocation failed
   * (a storage error, the function's timeout): an address that bounced could otherwise be mailed
   * again. Kept 14 days, SQS's maximum.
   */
  const feedbackDeadLetter = new sst.aws.Queue("MailFeedbackDeadLetter", {
    transform: { queue: { messageRetentionSeconds: 14 * 24 * 60 * 60 } },
  });
  const feedbackHandler = feedback.subscribe("MailFeedbackHandler", {
    handler: "packages/functions/src/lambda/mail-feedback.handler",
    runtime: "nodejs22.x",
    architecture: "arm64",
    timeout: "30 seconds",
    nodejs: lambdaBundling,
    logging: functionLogging,
    // The table's name; the one action it needs on it (stacks/permissions.ts). No secret. The
    // on-failure destination sends with the function's role, hence its dead-letter queue.
    link: [table],
    permissions: [
      ...tablePermissions(TABLE_ACCESS.MailFeedbackHandler, table),
      { actions: ["sqs:SendMessage"], resources: [feedbackDeadLetter.arn] },
    ],
  });

  /** Where a batch of mail records goes once its retries are spent (14 days, SQS's maximum). */
  const deadLetter = new sst.aws.Queue("MailDeadLetter", {
    transform: { queue: { messageRetentionSeconds: 14 * 24 * 60 * 60 } },
  });
  const region = aws.getRegionOutput().region;
  const account = aws.getCallerIdentityOutput().accountId;
  const pace = mailPace();
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
      // only send, from this stage's own identity, in its configuration set — and, while the account
      // is in SES's sandbox (where SES also checks the right to each verified recipient's identity),
      // to the stage's `MailTestRecipients` only (above). The table link carries its name only; its
      // item actions are granted below (stacks/permissions.ts).
      // JwtSecret: the restock, newsletter and unsubscribe links it mails are signed
      // (docs/decisions/039-restock-alerts.md). MailPace: the stage's MailSendRate (above).
      link: [table, jwtSecret, pace],
      environment: {
        MAIL_FROM: fromAddress(sender),
        MAIL_CONFIGURATION_SET: email.configSet,
        SHOP_URL: router.url,
        // The administrators the contact form's messages and low-stock mails go to: the stage's
        // `AdminMail` setting (comma-separated addresses; README, "Order mails").
        ADMIN_MAIL: stageSetting("AdminMail") ?? "",
      },
      permissions: [
        ...tablePermissions(TABLE_ACCESS.MailSubscriber, table),
        { actions: ["sqs:SendMessage"], resources: [deadLetter.arn] },
        {
          // core's access/grants.ts (SES_ACCESS.MailSubscriber), enforced locally on every send.
          actions: [...SES_ACCESS.MailSubscriber],
          resources: [
            email.nodes.identity.arn,
            email.nodes.configurationSet.arn,
            ...mailTestRecipients.map(
              (address) => $interpolate`arn:aws:ses:${region}:${account}:identity/${address}`,
            ),
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
  const deadLetterAlarm = queueAlarm(
    "MailDeadLetterAlarm",
    deadLetter,
    "A batch of order-mail records is in the mail dead-letter queue: some transitions were not mailed (README, Alarms).",
  );

  const feedbackFunction = nameOf(feedbackHandler.nodes.function);
  /** SNS invokes the handler asynchronously: after Lambda's two retries the event goes to the queue. */
  const feedbackInvokeConfig = new aws.lambda.FunctionEventInvokeConfig("MailFeedbackInvokeConfig", {
    functionName: feedbackFunction,
    maximumRetryAttempts: 2,
    destinationConfig: { onFailure: { destination: feedbackDeadLetter.arn } },
  });
  const feedbackDeadLetterAlarm = queueAlarm(
    "MailFeedbackDeadLetterAlarm",
    feedbackDeadLetter,
    "A bounce or complaint from SES could not be recorded and is in the feedback dead-letter queue: that address may be mailed again (README, Alarms).",
  );

  /** The mail subscriber: behind, failing, or refused for lack of concurrency (README, Alarms). */
  const subscriberFunction = nameOf(subscriber.nodes.function);
  const subscriberAlarms = [
    new aws.cloudwatch.MetricAlarm("MailIteratorAgeAlarm", {
      alarmDescription:
        "The mail subscriber is more than 5 minutes behind the table's writes: order mails are late (README, Alarms).",
      ...lambdaMetric(subscriberFunction, "IteratorAge", "Maximum"),
      period: 60,
      evaluationPeriods: 5,
      datapointsToAlarm: 3,
      threshold: 300_000,
      comparisonOperator: "GreaterThanThreshold",
      ...notify,
    }),
    ...(
      [
        [
          "MailSubscriberErrorsAlarm",
          "Errors",
          "The mail subscriber failed (it is retried; its batch may end in the dead-letter queue)",
        ],
        [
          "MailSubscriberThrottlesAlarm",
          "Throttles",
          "Lambda throttled the mail subscriber: order mails wait",
        ],
      ] as const
    ).map(
      ([name, metric, what]) =>
        new aws.cloudwatch.MetricAlarm(name, {
          alarmDescription: `${what} (README, Alarms).`,
          ...lambdaMetric(subscriberFunction, metric),
          period: 300,
          evaluationPeriods: 1,
          threshold: 1,
          comparisonOperator: "GreaterThanOrEqualToThreshold",
          ...notify,
        }),
    ),
  ];
  const subscriberConfigurationFilter = configurationRefusedFilter("MailSubscriber", subscriberFunction);
  /**
   * Mails SES refused for good (packages/core/src/mails/deliver.ts and notice.ts log `order mail
   * rejected` / `notice mail rejected`): an unverified identity, the sandbox, AccessDenied or a paused
   * account refuses every send, each a final "rejected" that no retry and no other alarm sees.
   * A bad address now and then is normal; 3 in 15 minutes is not.
   */
  const rejectedFilter = countLines(
    "MailRejectedFilter",
    subscriberFunction,
    MAIL_REJECTED,
    MAIL_REJECTED_METRIC,
  );
  const rejectedAlarm = countAlarm(
    "MailRejectedAlarm",
    "SES refused at least 3 mails for good in 15 minutes: an unverified identity, the sandbox, AccessDenied or a paused account",
    MAIL_REJECTED_METRIC,
    3,
    900,
  );
  const feedbackConfigurationFilter = configurationRefusedFilter("MailFeedbackHandler", feedbackFunction);

  /**
   * SES's reputation of the account in this region (no dimension: the account's, not this stage's).
   * SES reviews an account at 5 % bounces or 0.1 % complaints and may pause its sending at 10 % or
   * 0.5 %; these fire before the review, at 4 % and 0.08 %. The metrics are rates (0–1) over SES's
   * own window, so a single bounce on a quiet account can move them: read the README's action first.
   */
  const reputationAlarms = (
    [
      [
        "MailBounceRateAlarm",
        "Reputation.BounceRate",
        0.04,
        "bounce rate above 4 % (SES reviews at 5 %, pauses at 10 %)",
      ],
      [
        "MailComplaintRateAlarm",
        "Reputation.ComplaintRate",
        0.0008,
        "complaint rate above 0.08 % (SES reviews at 0.1 %, pauses at 0.5 %)",
      ],
    ] as const
  ).map(
    ([name, metricName, threshold, what]) =>
      new aws.cloudwatch.MetricAlarm(name, {
        alarmDescription: `SES ${what}: the account's sending may be paused (README, Alarms).`,
        namespace: "AWS/SES",
        metricName,
        statistic: "Maximum",
        period: 3600,
        evaluationPeriods: 1,
        threshold,
        comparisonOperator: "GreaterThanThreshold",
        ...notify,
      }),
  );
  return {
    email,
    subscriber,
    deadLetter,
    feedback,
    feedbackDeadLetter,
    feedbackInvokeConfig,
    deadLetterAlarm,
    feedbackDeadLetterAlarm,
    subscriberAlarms,
    subscriberConfigurationFilter,
    feedbackConfigurationFilter,
    reputationAlarms,
    rejectedFilter,
    rejectedAlarm,
    dnsRecords,
    feedbackFunction,
    pace,
  };
}

/** A dead-letter queue holds a message (SQS publishes its depth even when it is 0). */
function queueAlarm(name: string, queue: sst.aws.Queue, description: string) {
  return new aws.cloudwatch.MetricAlarm(name, {
    alarmDescription: description,
    namespace: "AWS/SQS",
    metricName: "ApproximateNumberOfMessagesVisible",
    dimensions: { QueueName: $util.output(queue.nodes.queue).apply((q) => q.name) },
    statistic: "Maximum",
    period: 300,
    evaluationPeriods: 1,
    threshold: 1,
    comparisonOperator: "GreaterThanOrEqualToThreshold",
    ...notify,
  });
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
  ? `from ${fromAddress(configured)} (SES identity ${configured}), restock mails at most ${mailSendRate} a second (MailSendRate)`
  : "off: this stage has no MailSender secret";
/** The records to add by hand (`MailDns manual`), printed by the deploy as `mailDns`; "" otherwise. */
export const mailDnsRecords = mail ? mail.dnsRecords : "";
/**
 * What the mail runbooks name (docs/operations.md, "Replaying the mail feedback dead-letter queue"),
 * printed by the deploy; "" on a stage without mails.
 */
export const mailOutputs = {
  mailDeadLetter: mail ? mail.deadLetter.url : "",
  mailFeedbackDeadLetter: mail ? mail.feedbackDeadLetter.url : "",
  mailFeedbackFunction: mail ? mail.feedbackFunction : "",
};
