import { fileURLToPath } from "node:url";
import { mailStreamFilters } from "@fruit/core/mail-stream-filters";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installRecordingSst, type Recorded, type Recording, resolved } from "./recording-sst.ts";

/** stacks/email.ts, evaluated per stage with the recording stand-in (see infra.test.ts). */

const CONFIG_PATH = fileURLToPath(new URL("../../sst.config.ts", import.meta.url));
let recording: Recording | undefined;

/** Deploys a stage with (or without) a MailSender secret set, as `sst deploy` would see it. */
async function deploy(stage: string, sender?: string) {
  vi.resetModules();
  if (sender === undefined) vi.stubEnv("SST_SECRET_MailSender", undefined);
  else vi.stubEnv("SST_SECRET_MailSender", sender);
  recording = installRecordingSst(stage);
  const { default: config } = (await import(CONFIG_PATH)) as {
    default: { run(): Promise<Record<string, unknown>> };
  };
  const outputs = await config.run();
  return { outputs, recording };
}

afterEach(() => {
  recording?.uninstall();
  vi.unstubAllEnvs();
});

const mailSubscription = (rec: Recording) =>
  rec
    .get("Dynamo", "Table")
    .calls.find((call) => call.method === "subscribe" && call.args[0] === "MailSubscriber");

describe("stacks/email.ts", () => {
  it("creates nothing for mails on a stage without a MailSender, and says so at deploy", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { outputs, recording } = await deploy("dev");
    expect(recording.all("Email")).toHaveLength(0);
    expect(recording.all("SnsTopic").filter((topic: Recorded) => topic.name === "MailFeedback")).toHaveLength(
      0,
    );
    expect(recording.all("MetricAlarm").some((alarm: Recorded) => alarm.name === "MailDeadLetterAlarm")).toBe(
      false,
    );
    expect(mailSubscription(recording)).toBeUndefined();
    expect(outputs.mail).toBe("off: this stage has no MailSender secret");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("sst secret set MailSender"));
  });

  it("sends from the stage's sender through its own stream subscriber: order filters, partial failures, a dead-letter queue, from the latest record", async () => {
    const { outputs, recording } = await deploy("staging", "shop.example.com");
    expect(recording.get("Email", "Mail").args.sender).toBe("shop.example.com");
    expect(outputs.mail).toContain("orders@shop.example.com");
    const [, subscriber, args] = mailSubscription(recording)!.args as [
      string,
      Record<string, unknown> & { environment: Record<string, unknown>; permissions: unknown[] },
      { filters: unknown[]; transform: { eventSourceMapping: Record<string, unknown> } },
    ];
    expect(subscriber.handler).toBe("packages/functions/src/lambda/mail-stream.handler");
    expect(args.filters).toEqual(mailStreamFilters);
    const deadLetter = recording.get("Queue", "MailDeadLetter").instance as { arn: string };
    expect(args.transform.eventSourceMapping).toMatchObject({
      functionResponseTypes: ["ReportBatchItemFailures"],
      bisectBatchOnFunctionError: true,
      startingPosition: "LATEST",
      parallelizationFactor: 1,
      destinationConfig: { onFailure: { destinationArn: deadLetter.arn } },
    });
    // The dashboard's subscriber is another mapping, unchanged.
    const stats = recording.get("Dynamo", "Table").calls.find((call) => call.args[0] === "StatsSubscriber");
    expect(stats).toBeDefined();

    const email = recording.get("Email", "Mail").instance as { configSet: string };
    expect(resolved(subscriber.environment)).toEqual({
      MAIL_FROM: "orders@shop.example.com",
      MAIL_CONFIGURATION_SET: email.configSet,
      SHOP_URL: "https://router.recorded.example",
      // No AdminMail setting on this stage: no administrator mails.
      ADMIN_MAIL: "",
    });
    // The links it mails are signed (docs/decisions/039-restock-alerts.md).
    expect(
      (subscriber.link as { name?: string }[]).some(
        (linked) => linked === recording.get("Secret", "JwtSecret").instance,
      ),
    ).toBe(true);
    // Send only: not linked to the Email (whose link grants ses:*), one action on this account's identities and the set.
    expect(subscriber.link).not.toContain(email);
    // The table: its name only by link, then the item actions the mails use; the DLQ: send only.
    const table = recording.get("Dynamo", "Table").instance as { arn: string };
    expect(resolved(subscriber.permissions)).toEqual([
      {
        actions: [
          "dynamodb:GetItem",
          "dynamodb:BatchGetItem",
          "dynamodb:PutItem",
          "dynamodb:UpdateItem",
          "dynamodb:DeleteItem",
          "dynamodb:ConditionCheckItem",
        ],
        resources: [table.arn],
      },
      // Restock alerts' fan-out pages (the table) and a deleted user's alerts (gsi1): decision 039.
      { actions: ["dynamodb:Query"], resources: [table.arn, `${table.arn}/index/gsi1`] },
      { actions: ["sqs:SendMessage"], resources: [deadLetter.arn] },
      {
        actions: ["ses:SendEmail"],
        // The stage's own identity only, never identity/* (issue 47).
        resources: [
          "arn:recorded:ses:identity/shop.example.com",
          `arn:recorded:ses:configuration-set/${email.configSet}`,
        ],
      },
    ]);
  });

  it("grants a sandboxed stage its MailTestRecipients' identities besides its own, and nothing wider", async () => {
    vi.stubEnv("SST_SECRET_MailTestRecipients", "Me@Example.com, qa@example.org");
    const { recording } = await deploy("staging", "orders@example.com");
    const subscriber = mailSubscription(recording)!.args[1] as { permissions: unknown };
    const ses = (resolved(subscriber.permissions) as { actions: string[]; resources: string[] }[]).find((p) =>
      p.actions.includes("ses:SendEmail"),
    )!;
    expect(ses.resources).toEqual([
      "arn:recorded:ses:identity/orders@example.com",
      expect.stringContaining("configuration-set"),
      "arn:aws:ses:us-east-1:123456789012:identity/me@example.com",
      "arn:aws:ses:us-east-1:123456789012:identity/qa@example.org",
    ]);
    recording.uninstall();
    vi.stubEnv("SST_SECRET_MailTestRecipients", "*");
    await expect(deploy("staging", "orders@example.com")).rejects.toThrow(/MailTestRecipients/);
  });

  it("paces restock mails at the stage's MailSendRate setting, 10 a second unset, through a link the subscriber and `sst shell` read", async () => {
    const rateOf = (rec: Recording) => {
      const pace = rec.get("Linkable", "MailPace");
      const subscriber = mailSubscription(rec)!.args[1] as { link: unknown[] };
      expect(subscriber.link).toContain(pace.instance);
      return (pace.args.properties as { rate: string }).rate;
    };
    const unset = await deploy("staging", "shop.example.com");
    expect(rateOf(unset.recording)).toBe("10");
    expect(unset.outputs.mail).toContain("at most 10 a second (MailSendRate)");
    recording?.uninstall();
    // A sandboxed account sends 1 mail a second: the fan-out takes half, order mails the rest.
    vi.stubEnv("SST_SECRET_MailSendRate", "0.5");
    const sandboxed = await deploy("staging", "shop.example.com");
    expect(rateOf(sandboxed.recording)).toBe("0.5");
    expect(sandboxed.outputs.mail).toContain("at most 0.5 a second");
    recording?.uninstall();
    for (const refused of ["0", "-1", "ten", "1001"]) {
      vi.stubEnv("SST_SECRET_MailSendRate", refused);
      await expect(deploy("staging", "shop.example.com"), refused).rejects.toThrow(
        /MailSendRate setting must be/,
      );
      recording?.uninstall();
    }
  });

  it("routes bounces and complaints through SNS to the suppression handler, an address sender used as is", async () => {
    const { recording } = await deploy("staging", "orders@example.com");
    const topic = recording.get("SnsTopic", "MailFeedback");
    const events = recording.get("Email", "Mail").args.events as { types: string[]; topic: string }[];
    expect(events).toEqual([
      {
        name: "BouncesAndComplaints",
        types: ["bounce", "complaint"],
        topic: (topic.instance as { arn: string }).arn,
      },
    ]);
    const [name, subscriber] = topic.calls.find((call) => call.method === "subscribe")!.args as [
      string,
      Record<string, unknown>,
    ];
    expect(name).toBe("MailFeedbackHandler");
    expect(subscriber.handler).toBe("packages/functions/src/lambda/mail-feedback.handler");
    expect((subscriber.link as unknown[]).includes(recording.get("Dynamo", "Table").instance)).toBe(true);
    const mail = mailSubscription(recording)!.args[1] as { environment: Record<string, unknown> };
    expect(mail.environment.MAIL_FROM).toBe("orders@example.com");
    expect((recording.all("Email") as Recorded[]).length).toBe(1);
  });

  it("watches the mail path: subscriber age, errors, throttles and refused configuration; a feedback dead-letter queue; SES's reputation", async () => {
    const { recording } = await deploy("staging", "shop.example.com");
    const alarms = new Map(recording.all("MetricAlarm").map((alarm) => [alarm.name, resolved(alarm.args)]));
    const subscriberName = (
      recording.all("DynamoSubscriber").find((r) => r.name === "MailSubscriber")!.instance as {
        nodes: { function: { name: string } };
      }
    ).nodes.function.name;
    expect(alarms.get("MailIteratorAgeAlarm")).toMatchObject({
      namespace: "AWS/Lambda",
      metricName: "IteratorAge",
      dimensions: { FunctionName: subscriberName },
    });
    for (const [name, metric] of [
      ["MailSubscriberErrorsAlarm", "Errors"],
      ["MailSubscriberThrottlesAlarm", "Throttles"],
    ] as const)
      expect(alarms.get(name), name).toMatchObject({
        metricName: metric,
        dimensions: { FunctionName: subscriberName },
        threshold: 1,
      });
    expect(
      resolved(recording.get("LogMetricFilter", "MailSubscriberConfigurationRefusedFilter").args),
    ).toMatchObject({
      logGroupName: `/aws/lambda/${subscriberName}`,
      pattern: '{ $.message = "configuration refused" }',
    });
    expect(
      resolved(recording.get("LogMetricFilter", "MailFeedbackHandlerConfigurationRefusedFilter").args),
    ).toMatchObject({
      pattern: '{ $.message = "configuration refused" }',
    });
    // The feedback handler's failed events go to a queue of their own, which its role may send to.
    const queue = recording.get("Queue", "MailFeedbackDeadLetter").instance as {
      arn: string;
      nodes: { queue: { name: string } };
    };
    const handlerName = (
      recording.all("SnsSubscriber").find((r) => r.name === "MailFeedbackHandler")!.instance as {
        nodes: { function: { name: string } };
      }
    ).nodes.function.name;
    expect(resolved(recording.get("FunctionEventInvokeConfig", "MailFeedbackInvokeConfig").args)).toEqual({
      functionName: handlerName,
      maximumRetryAttempts: 2,
      destinationConfig: { onFailure: { destination: queue.arn } },
    });
    const [, feedback] = recording
      .get("SnsTopic", "MailFeedback")
      .calls.find((c) => c.method === "subscribe")!.args as [string, { permissions: unknown[] }];
    expect(resolved(feedback.permissions)).toContainEqual({
      actions: ["sqs:SendMessage"],
      resources: [queue.arn],
    });
    expect(alarms.get("MailFeedbackDeadLetterAlarm")).toMatchObject({
      namespace: "AWS/SQS",
      dimensions: { QueueName: queue.nodes.queue.name },
    });
    expect(alarms.get("MailBounceRateAlarm")).toMatchObject({
      namespace: "AWS/SES",
      metricName: "Reputation.BounceRate",
      threshold: 0.04,
    });
    expect(alarms.get("MailComplaintRateAlarm")).toMatchObject({
      namespace: "AWS/SES",
      metricName: "Reputation.ComplaintRate",
      threshold: 0.0008,
    });
    // SES refusing every mail (each a final "rejected"): the subscriber's own lines, 3 in 15 minutes.
    expect(resolved(recording.get("LogMetricFilter", "MailRejectedFilter").args)).toEqual({
      logGroupName: `/aws/lambda/${subscriberName}`,
      pattern: '{ ($.message = "order mail rejected") || ($.message = "notice mail rejected") }',
      metricTransformation: {
        name: "MailRejected",
        namespace: "fruit-shop/staging",
        value: "1",
        unit: "Count",
      },
    });
    expect(alarms.get("MailRejectedAlarm")).toMatchObject({
      namespace: "fruit-shop/staging",
      metricName: "MailRejected",
      statistic: "Sum",
      period: 900,
      threshold: 3,
      comparisonOperator: "GreaterThanOrEqualToThreshold",
    });
    for (const [name, alarm] of alarms)
      expect(alarm, name).toMatchObject({
        // The sweep's heartbeat alone breaches on missing data (stacks/alarms.ts).
        treatMissingData: name === "SweepHeartbeatAlarm" ? "breaching" : "notBreaching",
        alarmDescription: expect.stringContaining("README, Alarms"),
      });
  });

  it("a domain whose DNS is elsewhere (MailDns manual): SST writes no record, the deploy prints them", async () => {
    vi.stubEnv("SST_SECRET_MailDns", "manual");
    const { recording, outputs } = await deploy("staging", "shop.example.com");
    expect(recording.get("Email", "Mail").args.dns).toBe(false);
    expect(recording.all("DnsRecord")).toHaveLength(0);
    expect(resolved(outputs.mailDns)).toBe(
      "dkim1._domainkey.shop.example.com CNAME dkim1.dkim.amazonses.com; " +
        "dkim2._domainkey.shop.example.com CNAME dkim2.dkim.amazonses.com; " +
        "dkim3._domainkey.shop.example.com CNAME dkim3.dkim.amazonses.com; " +
        '_dmarc.shop.example.com TXT "v=DMARC1; p=none;"',
    );
  });

  it("a domain that already has DMARC (MailDmarc keep): DKIM written in the zone, no _dmarc record", async () => {
    vi.stubEnv("SST_SECRET_MailDmarc", "keep");
    const { recording, outputs } = await deploy("staging", "shop.example.com");
    expect(recording.get("Email", "Mail").args.dns).toBe(false);
    const records = recording
      .all("DnsRecord")
      .map((record) => resolved(record.args) as Record<string, unknown>);
    expect(records.map((record) => [record.type, record.name, record.value])).toEqual([
      ["CNAME", "dkim1._domainkey.shop.example.com", "dkim1.dkim.amazonses.com"],
      ["CNAME", "dkim2._domainkey.shop.example.com", "dkim2.dkim.amazonses.com"],
      ["CNAME", "dkim3._domainkey.shop.example.com", "dkim3.dkim.amazonses.com"],
    ]);
    expect(outputs.mailDns).toBe("");
    // A policy of its own is written by SST instead of its default; a zone is SST's default path.
    vi.stubEnv("SST_SECRET_MailDmarc", "v=DMARC1; p=reject;");
    const own = await deploy("staging", "shop.example.com");
    expect(own.recording.get("Email", "Mail").args).toMatchObject({ dmarc: "v=DMARC1; p=reject;" });
    expect(own.recording.get("Email", "Mail").args.dns).toBeUndefined();
  });

  it("refuses an unknown MailDns", async () => {
    vi.stubEnv("SST_SECRET_MailDns", "cloudflare");
    await expect(deploy("staging", "shop.example.com")).rejects.toThrow(
      /MailDns must be "route53" or "manual"/,
    );
  });
});
