import { ORIGIN_REFUSED, PAGE_FAILED } from "@fruit/core/log";
import { describe, expect, it } from "vitest";
import { recordedDeploys } from "./deploy-stage.ts";
import { type Recorded, type Recording, resolved } from "./recording-sst.ts";

const deploy = recordedDeploys();

const argsOf = (resource: Recorded) => resolved(resource.args) as Record<string, unknown>;

/** The function names the alarms must watch: SST's `nodes.function` of each component. */
function functionNames(recording: Recording) {
  const subscriber = recording.get("DynamoSubscriber", "StatsSubscriber").instance as {
    nodes: { function: { name: string } };
  };
  const of = (kind: string, name: string) =>
    (recording.get(kind, name).instance as { nodes: { function: { name: string } } }).nodes.function.name;
  return {
    api: of("Function", "Api"),
    stats: subscriber.nodes.function.name,
    sweeper: of("CronV2", "UnpaidOrderSweeper"),
    images: (
      recording.get("BucketNotification", "ImagesNotifications").instance as {
        nodes: { functions: { name: string }[] };
      }
    ).nodes.functions[0]!.name,
  };
}

describe("alarms (stacks/alarms.ts)", () => {
  it("every stage has its alarms topic, e-mailed to the stage's AlarmEmail secret", async () => {
    for (const stage of ["staging", "production"]) {
      const recording = await deploy(stage);
      const topic = recording.get("SnsTopic", "Alarms").instance as { arn: string };
      const email = recording.get("Secret", "AlarmEmail");
      // No placeholder: a stage without an operator to tell fails its deploy until one is set.
      expect(email.args.placeholder, stage).toBeUndefined();
      expect(argsOf(recording.get("SnsTopicSubscription", "AlarmEmailSubscription")), stage).toEqual({
        topic: topic.arn,
        protocol: "email",
        endpoint: (email.instance as { value: string }).value,
      });
      for (const alarm of recording.all("MetricAlarm")) {
        expect(argsOf(alarm), `${stage} ${alarm.name}`).toMatchObject({
          alarmActions: [topic.arn],
          okActions: [topic.arn],
          // No data is a quiet shop, except for the sweep's heartbeat: there no data is the outage.
          treatMissingData: alarm.name === "SweepHeartbeatAlarm" ? "breaching" : "notBreaching",
        });
        expect(String(alarm.args.alarmDescription), alarm.name).toContain("README, Alarms");
      }
      expect(
        recording
          .all("MetricAlarm")
          .map((alarm) => alarm.name)
          .sort(),
      ).toEqual(
        [
          "StatsDeadLetterAlarm",
          "StatsIteratorAgeAlarm",
          "ApiServerErrorsAlarm",
          "SweepFailedAlarm",
          "ApiThrottlesAlarm",
          "StatsSubscriberThrottlesAlarm",
          "UnpaidOrderSweeperThrottlesAlarm",
          "ImageVariantsErrorsAlarm",
          "ImageVariantsThrottlesAlarm",
          "ApiErrorsAlarm",
          "PagesErrorsAlarm",
          "PagesServerErrorsAlarm",
          "PagesThrottlesAlarm",
          "OriginRefusedAlarm",
          "SweepHeartbeatAlarm",
          "ConfigurationRefusedAlarm",
          "CloudFront5xxAlarm",
        ].sort(),
      );
    }
  });

  it("fires when the stats dead-letter queue holds a message", async () => {
    const recording = await deploy("dev");
    const queue = (
      recording.get("Queue", "StatsDeadLetter").instance as { nodes: { queue: { name: string } } }
    ).nodes.queue;
    expect(argsOf(recording.get("MetricAlarm", "StatsDeadLetterAlarm"))).toMatchObject({
      namespace: "AWS/SQS",
      metricName: "ApproximateNumberOfMessagesVisible",
      dimensions: { QueueName: queue.name },
      statistic: "Maximum",
      threshold: 1,
      comparisonOperator: "GreaterThanOrEqualToThreshold",
    });
  });

  it("fires when the stream handler's iterator age stays above 60 s", async () => {
    const recording = await deploy("dev");
    const args = argsOf(recording.get("MetricAlarm", "StatsIteratorAgeAlarm"));
    expect(args).toMatchObject({
      namespace: "AWS/Lambda",
      metricName: "IteratorAge",
      dimensions: { FunctionName: functionNames(recording).stats },
      statistic: "Maximum",
      threshold: 60_000,
      comparisonOperator: "GreaterThanThreshold",
    });
  });

  it("counts the API's handled 500s from its JSON log lines and fires above a small share of its answers", async () => {
    const recording = await deploy("dev");
    const names = functionNames(recording);
    const filter = argsOf(recording.get("LogMetricFilter", "ApiServerErrorsFilter"));
    expect(filter.logGroupName).toBe(`/aws/lambda/${names.api}`);
    // The line packages/functions/src/api/errors.ts writes for a 500 has `status: 500`
    // (tests/integration/products-admin.test.ts reads it); the filter selects exactly that field.
    expect(filter.pattern).toBe("{ $.status = 500 }");
    const transformation = filter.metricTransformation as { name: string; namespace: string; value: string };
    expect(transformation).toMatchObject({ namespace: "fruit-shop/dev", value: "1" });

    const alarm = argsOf(recording.get("MetricAlarm", "ApiServerErrorsAlarm"));
    const queries = alarm.metricQueries as {
      id: string;
      expression?: string;
      returnData?: boolean;
      metric?: Record<string, unknown>;
    }[];
    const byId = new Map(queries.map((query) => [query.id, query]));
    expect(byId.get("errors")?.metric).toMatchObject({
      namespace: transformation.namespace,
      metricName: transformation.name,
      stat: "Sum",
    });
    expect(byId.get("requests")?.metric).toMatchObject({
      namespace: "AWS/Lambda",
      metricName: "Invocations",
      dimensions: { FunctionName: names.api },
    });
    const returned = queries.filter((query) => query.returnData);
    expect(returned.map((query) => query.id)).toEqual(["rate"]);
    expect(byId.get("rate")?.expression).toContain("100 * FILL(errors, 0) / requests");
    expect(alarm).toMatchObject({ threshold: 2, comparisonOperator: "GreaterThanThreshold" });
  });

  it("fires when the image function fails: the upload's event is dropped after two retries", async () => {
    const recording = await deploy("dev");
    const { images } = functionNames(recording);
    expect(images).toContain("ImageVariants");
    expect(argsOf(recording.get("MetricAlarm", "ImageVariantsErrorsAlarm"))).toMatchObject({
      namespace: "AWS/Lambda",
      metricName: "Errors",
      dimensions: { FunctionName: images },
      threshold: 1,
      comparisonOperator: "GreaterThanOrEqualToThreshold",
    });
  });

  it("fires on a failed sweep run (a function error) and on throttles of every function", async () => {
    const recording = await deploy("dev");
    const names = functionNames(recording);
    // A failed run is not retried by Lambda's asynchronous invocation (the next scheduled run is).
    expect(argsOf(recording.get("FunctionEventInvokeConfig", "UnpaidOrderSweeperInvokeConfig"))).toEqual({
      functionName: names.sweeper,
      maximumRetryAttempts: 0,
    });
    expect(argsOf(recording.get("MetricAlarm", "SweepFailedAlarm"))).toMatchObject({
      namespace: "AWS/Lambda",
      metricName: "Errors",
      dimensions: { FunctionName: names.sweeper },
      threshold: 1,
      comparisonOperator: "GreaterThanOrEqualToThreshold",
    });
    for (const [alarm, fn] of [
      ["ApiThrottlesAlarm", names.api],
      ["StatsSubscriberThrottlesAlarm", names.stats],
      ["UnpaidOrderSweeperThrottlesAlarm", names.sweeper],
      ["ImageVariantsThrottlesAlarm", names.images],
    ] as const) {
      expect(argsOf(recording.get("MetricAlarm", alarm)), alarm).toMatchObject({
        namespace: "AWS/Lambda",
        metricName: "Throttles",
        dimensions: { FunctionName: fn },
        threshold: 1,
      });
    }
  });
});

describe("function logs (stacks/logging.ts)", () => {
  it("every function logs in Lambda's JSON format, kept 3 months on production and 2 weeks elsewhere", async () => {
    for (const [stage, retention] of [
      ["production", "3 months"],
      ["staging", "2 weeks"],
    ] as const) {
      const recording = await deploy(stage);
      const subscribe = recording.get("Dynamo", "Table").calls.find((call) => call.method === "subscribe")!;
      const fns = {
        Api: recording.get("Function", "Api").args,
        StatsSubscriber: subscribe.args[1] as Record<string, unknown>,
        UnpaidOrderSweeper: recording.get("CronV2", "UnpaidOrderSweeper").args.function as Record<
          string,
          unknown
        >,
      };
      for (const [name, args] of Object.entries(fns)) {
        expect(args.logging, `${stage} ${name}`).toEqual({ format: "json", retention });
      }
    }
  });

  it("pages when the API function itself fails: its Lambda Errors (init crashes, timeouts, memory)", async () => {
    const recording = await deploy("production");
    expect(argsOf(recording.get("MetricAlarm", "ApiErrorsAlarm"))).toMatchObject({
      namespace: "AWS/Lambda",
      metricName: "Errors",
      dimensions: { FunctionName: functionNames(recording).api },
      statistic: "Sum",
      threshold: 1,
      comparisonOperator: "GreaterThanOrEqualToThreshold",
    });
  });

  it("counts every refused configuration line of the API and the sweep into one alarm", async () => {
    const recording = await deploy("production");
    const names = functionNames(recording);
    for (const [filter, fn] of [
      ["ApiConfigurationRefusedFilter", names.api],
      ["UnpaidOrderSweeperConfigurationRefusedFilter", names.sweeper],
      ["StatsSubscriberConfigurationRefusedFilter", names.stats],
    ] as const)
      expect(argsOf(recording.get("LogMetricFilter", filter)), filter).toMatchObject({
        logGroupName: `/aws/lambda/${fn}`,
        // The message packages/functions/src/lambda/config-guard.ts logs (core's CONFIGURATION_REFUSED).
        pattern: '{ $.message = "configuration refused" }',
        metricTransformation: {
          name: "ConfigurationRefused",
          namespace: "fruit-shop/production",
          value: "1",
        },
      });
    expect(argsOf(recording.get("MetricAlarm", "ConfigurationRefusedAlarm"))).toMatchObject({
      namespace: "fruit-shop/production",
      metricName: "ConfigurationRefused",
      threshold: 1,
      comparisonOperator: "GreaterThanOrEqualToThreshold",
    });
  });

  it("watches what shoppers get: the distribution's 5xx rate, once it has traffic", async () => {
    const recording = await deploy("staging");
    const router = recording.all("Router")[0]!.instance as { distributionID: string };
    const alarm = argsOf(recording.get("MetricAlarm", "CloudFront5xxAlarm"));
    const queries = alarm.metricQueries as {
      id: string;
      expression?: string;
      returnData?: boolean;
      metric?: Record<string, unknown>;
    }[];
    const byId = new Map(queries.map((query) => [query.id, query]));
    expect(byId.get("rate")?.metric).toMatchObject({
      namespace: "AWS/CloudFront",
      metricName: "5xxErrorRate",
      dimensions: { DistributionId: router.distributionID, Region: "Global" },
    });
    expect(byId.get("requests")?.metric).toMatchObject({ metricName: "Requests", stat: "Sum" });
    expect(queries.filter((query) => query.returnData).map((query) => query.id)).toEqual(["alarming"]);
    expect(alarm).toMatchObject({ threshold: 5, comparisonOperator: "GreaterThanThreshold" });
  });
});

describe("outages that used to be silent (issue 47)", () => {
  const pagesName = (recording: Recording) =>
    (recording.get("Function", "Pages").instance as { name: string }).name;

  it("pages when the unpaid-order sweep stops running: fewer than 1 invocation in 10 minutes, no data included", async () => {
    const recording = await deploy("production");
    expect(argsOf(recording.get("MetricAlarm", "SweepHeartbeatAlarm"))).toMatchObject({
      namespace: "AWS/Lambda",
      metricName: "Invocations",
      dimensions: { FunctionName: functionNames(recording).sweeper },
      statistic: "Sum",
      period: 600,
      evaluationPeriods: 1,
      threshold: 1,
      comparisonOperator: "LessThanThreshold",
      treatMissingData: "breaching",
    });
  });

  it("counts origin-header refusals of the API and the pages, and pages at 20 in 5 minutes", async () => {
    const recording = await deploy("staging");
    for (const [filter, fn] of [
      ["ApiOriginRefusedFilter", functionNames(recording).api],
      ["PagesOriginRefusedFilter", pagesName(recording)],
    ] as const)
      expect(argsOf(recording.get("LogMetricFilter", filter)), filter).toEqual({
        logGroupName: `/aws/lambda/${fn}`,
        // The line packages/functions/src/lambda/origin.ts logs for each refusal (core's ORIGIN_REFUSED).
        pattern: `{ $.message = "${ORIGIN_REFUSED}" }`,
        metricTransformation: {
          name: "OriginRefused",
          namespace: "fruit-shop/staging",
          value: "1",
          unit: "Count",
        },
      });
    expect(argsOf(recording.get("MetricAlarm", "OriginRefusedAlarm"))).toMatchObject({
      namespace: "fruit-shop/staging",
      metricName: "OriginRefused",
      statistic: "Sum",
      period: 300,
      threshold: 20,
      comparisonOperator: "GreaterThanOrEqualToThreshold",
    });
  });

  it("counts the page function's handled failures with its Lambda errors, and its throttles", async () => {
    const recording = await deploy("staging");
    const pages = pagesName(recording);
    expect(argsOf(recording.get("LogMetricFilter", "PagesFailuresFilter"))).toMatchObject({
      logGroupName: `/aws/lambda/${pages}`,
      // The line the page app's error handler logs for each page it could not render.
      pattern: `{ $.message = "${PAGE_FAILED}" }`,
      metricTransformation: { name: "PageFailures", namespace: "fruit-shop/staging" },
    });
    const alarm = argsOf(recording.get("MetricAlarm", "PagesServerErrorsAlarm"));
    const queries = alarm.metricQueries as {
      id: string;
      expression?: string;
      metric?: Record<string, unknown>;
    }[];
    const byId = new Map(queries.map((query) => [query.id, query]));
    expect(byId.get("handled")?.metric).toMatchObject({
      namespace: "fruit-shop/staging",
      metricName: "PageFailures",
    });
    expect(byId.get("errors")?.metric).toMatchObject({
      namespace: "AWS/Lambda",
      metricName: "Errors",
      dimensions: { FunctionName: pages },
    });
    expect(byId.get("failures")?.expression).toBe("FILL(handled, 0) + FILL(errors, 0)");
    expect(alarm).toMatchObject({ threshold: 3, comparisonOperator: "GreaterThanOrEqualToThreshold" });
    expect(argsOf(recording.get("MetricAlarm", "PagesThrottlesAlarm"))).toMatchObject({
      namespace: "AWS/Lambda",
      metricName: "Throttles",
      dimensions: { FunctionName: pages },
      threshold: 1,
    });
  });
});
