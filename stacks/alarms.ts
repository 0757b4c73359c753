import { CONFIGURATION_REFUSED, ORIGIN_REFUSED } from "../packages/core/src/log.ts";
import { api } from "./api.ts";
import { HOME_REGION } from "./region.ts";
import { router } from "./router.ts";
import { statsDeadLetter, statsSubscriber } from "./storage.ts";
import { sweeper } from "./sweeper.ts";

/**
 * The stage's alarms and where they go (README, "Alarms: what each one means and what to do").
 * Every alarm notifies the `Alarms` topic when it fires and when it clears; the topic e-mails the
 * stage's `AlarmEmail` (a stage secret, set once per stage; AWS sends a confirmation e-mail that
 * must be accepted before any alarm arrives). Missing data never fires an alarm: a quiet shop is fine
 * (every alarm sets `treatMissingData`, through `notify`; tests/infra/alarms.test.ts checks each one)
 * — except the sweep's heartbeat, for which no data is the failure. docs/operations.md's failure
 * table names, for each way the shop can fail, the alarm that sees it (tests/infra/failure-table.test.ts).
 */
export const alarmEmail = new sst.Secret("AlarmEmail");

export const alarmTopic = new aws.sns.Topic("Alarms", {
  displayName: `${$app.name} ${$app.stage} alarms`,
});

export const alarmSubscription = new aws.sns.TopicSubscription("AlarmEmailSubscription", {
  topic: alarmTopic.arn,
  protocol: "email",
  endpoint: alarmEmail.value,
});

/** Where the API's handled 500s are counted: a metric per stage, from its structured log lines. */
export const METRIC_NAMESPACE = `${$app.name}/${$app.stage}`;
export const API_SERVER_ERRORS = "ApiServerErrors";
/** Where refused configurations are counted: each `configuration refused` line of any function. */
export const CONFIGURATION_REFUSED_METRIC = "ConfigurationRefused";
/** Where origin-header refusals are counted: each `origin header refused` line of the API and the pages. */
export const ORIGIN_REFUSED_METRIC = "OriginRefused";

/** A Lambda function's name, from SST's `nodes.function` (the resource itself, or an output of it). */
export const nameOf = (fn: $util.Input<{ name: $util.Output<string> }>) =>
  $util.output(fn).apply((f) => f.name);
const apiFunction = nameOf(api.nodes.function);
const statsFunction = nameOf(statsSubscriber.nodes.function);
const sweeperFunction = nameOf(sweeper.nodes.function);

/**
 * Each answer the API turned into a 500 logs one JSON line with `status: 500`
 * (packages/functions/src/api/errors.ts, through packages/core/src/log.ts); Lambda's own Errors
 * metric never sees them, so they are counted from the log group.
 */
export const apiServerErrorsFilter = new aws.cloudwatch.LogMetricFilter("ApiServerErrorsFilter", {
  logGroupName: $util.output(api.nodes.logGroup).apply((group) => {
    if (!group) throw new Error("the Api function must keep its log group (stacks/api.ts, logging)");
    return group.name;
  }),
  pattern: "{ $.status = 500 }",
  metricTransformation: {
    name: API_SERVER_ERRORS,
    namespace: METRIC_NAMESPACE,
    value: "1",
    unit: "Count",
  },
});

/** A function's log group: SST names it after the function (.sst/platform/src/components/aws/function.ts). */
export const logGroupOf = (functionName: $util.Input<string>) =>
  $util.output(functionName).apply((name) => `/aws/lambda/${name}`);

/**
 * Counts the lines of a function's log group whose `message` is one of `messages` (packages/core/src/log.ts
 * writes one JSON object a line) into the stage's metric `metric`, one per line.
 */
export const countLines = (
  filterName: string,
  functionName: $util.Input<string>,
  messages: readonly string[],
  metric: string,
) =>
  new aws.cloudwatch.LogMetricFilter(filterName, {
    logGroupName: logGroupOf(functionName),
    pattern:
      messages.length === 1
        ? `{ $.message = "${messages[0]}" }`
        : `{ ${messages.map((message) => `($.message = "${message}")`).join(" || ")} }`,
    metricTransformation: { name: metric, namespace: METRIC_NAMESPACE, value: "1", unit: "Count" },
  });

/**
 * Counts a function's `configuration refused` lines (packages/functions/src/lambda/config-guard.ts)
 * into the stage's one ConfigurationRefused metric. stacks/email.ts adds the mail subscriber's.
 */
export const configurationRefusedFilter = (name: string, functionName: $util.Input<string>) =>
  countLines(
    `${name}ConfigurationRefusedFilter`,
    functionName,
    [CONFIGURATION_REFUSED],
    CONFIGURATION_REFUSED_METRIC,
  );

/**
 * Counts a function URL's `origin header refused` lines (packages/functions/src/lambda/origin.ts) into
 * the stage's one OriginRefused metric. stacks/pages.ts adds the page function's.
 */
export const originRefusedFilter = (name: string, functionName: $util.Input<string>) =>
  countLines(`${name}OriginRefusedFilter`, functionName, [ORIGIN_REFUSED], ORIGIN_REFUSED_METRIC);

/** A count of the stage's own metric reached `threshold` within `period` seconds. */
export const countAlarm = (
  name: string,
  description: string,
  metric: string,
  threshold: number,
  period: number,
) =>
  new aws.cloudwatch.MetricAlarm(name, {
    alarmDescription: `${description} (README, Alarms).`,
    namespace: METRIC_NAMESPACE,
    metricName: metric,
    statistic: "Sum",
    period,
    evaluationPeriods: 1,
    threshold,
    comparisonOperator: "GreaterThanOrEqualToThreshold",
    ...notify,
  });

/** Every alarm tells the topic when it fires and when it clears; no data is a quiet shop, not an alarm. */
export const notify = {
  alarmActions: [alarmTopic.arn],
  okActions: [alarmTopic.arn],
  treatMissingData: "notBreaching",
};
export const lambdaMetric = (functionName: $util.Input<string>, metricName: string, statistic = "Sum") => ({
  namespace: "AWS/Lambda",
  metricName,
  dimensions: { FunctionName: functionName },
  statistic,
});

/** A batch of stream records gave up and went to the dead-letter queue: the figures miss it. */
export const deadLetterAlarm = new aws.cloudwatch.MetricAlarm("StatsDeadLetterAlarm", {
  alarmDescription:
    "A stream batch is in the stats dead-letter queue: the dashboard figures miss it. Run `npm run stats:rebuild` (README, Alarms).",
  namespace: "AWS/SQS",
  metricName: "ApproximateNumberOfMessagesVisible",
  dimensions: { QueueName: $util.output(statsDeadLetter.nodes.queue).apply((queue) => queue.name) },
  statistic: "Maximum",
  period: 300,
  evaluationPeriods: 1,
  threshold: 1,
  comparisonOperator: "GreaterThanOrEqualToThreshold",
  ...notify,
});

/** The stream handler lags more than a minute behind the table's writes. */
export const iteratorAgeAlarm = new aws.cloudwatch.MetricAlarm("StatsIteratorAgeAlarm", {
  alarmDescription:
    "The stats stream handler is more than 60 s behind: it is failing and retrying, or too slow (README, Alarms).",
  ...lambdaMetric(statsFunction, "IteratorAge", "Maximum"),
  period: 60,
  evaluationPeriods: 5,
  datapointsToAlarm: 3,
  threshold: 60_000,
  comparisonOperator: "GreaterThanThreshold",
  ...notify,
});

/**
 * More than 2 % of the API's answers in 5 minutes were 500s, once there are at least 3 of them (a
 * single failure on a quiet shop is not an incident).
 */
export const apiServerErrorsAlarm = new aws.cloudwatch.MetricAlarm("ApiServerErrorsAlarm", {
  alarmDescription: "More than 2 % of the API's answers were 500s in 5 minutes (README, Alarms).",
  metricQueries: [
    {
      id: "errors",
      metric: {
        namespace: METRIC_NAMESPACE,
        metricName: API_SERVER_ERRORS,
        period: 300,
        stat: "Sum",
        unit: "Count",
      },
    },
    {
      id: "requests",
      metric: {
        namespace: "AWS/Lambda",
        metricName: "Invocations",
        dimensions: { FunctionName: apiFunction },
        period: 300,
        stat: "Sum",
      },
    },
    {
      id: "rate",
      label: "API 500s (% of answers)",
      expression: "IF(FILL(errors, 0) >= 3, 100 * FILL(errors, 0) / requests, 0)",
      returnData: true,
    },
  ],
  evaluationPeriods: 1,
  threshold: 2,
  comparisonOperator: "GreaterThanThreshold",
  ...notify,
});

/** A sweep run in which some order could not be expired (the handler throws after its report). */
export const sweepFailedAlarm = new aws.cloudwatch.MetricAlarm("SweepFailedAlarm", {
  alarmDescription:
    "An unpaid-order sweep run failed: some expired orders still hold their stock (README, Alarms).",
  ...lambdaMetric(sweeperFunction, "Errors"),
  period: 300,
  evaluationPeriods: 1,
  threshold: 1,
  comparisonOperator: "GreaterThanOrEqualToThreshold",
  ...notify,
});

/**
 * The sweep stopped running: its schedule was deleted or disabled, its role lost the right to invoke,
 * or Lambda refuses it. It runs every minute, so fewer than one invocation in 10 minutes is an outage,
 * and no data at all is the same outage: missing data breaches here, unlike every other alarm.
 * Expired orders then keep their stock and pending payments are not reconciled.
 */
export const sweepHeartbeatAlarm = new aws.cloudwatch.MetricAlarm("SweepHeartbeatAlarm", {
  alarmDescription:
    "The unpaid-order sweep did not run in 10 minutes: expired orders keep their stock (README, Alarms).",
  ...lambdaMetric(sweeperFunction, "Invocations"),
  period: 600,
  evaluationPeriods: 1,
  threshold: 1,
  comparisonOperator: "LessThanThreshold",
  ...notify,
  treatMissingData: "breaching",
});

/** Invocations refused for lack of concurrency, per function. */
export const throttleAlarms = (
  [
    ["Api", apiFunction],
    ["StatsSubscriber", statsFunction],
    ["UnpaidOrderSweeper", sweeperFunction],
  ] as const
).map(
  ([name, functionName]) =>
    new aws.cloudwatch.MetricAlarm(`${name}ThrottlesAlarm`, {
      alarmDescription: `Lambda throttled the ${name} function (README, Alarms).`,
      ...lambdaMetric(functionName, "Throttles"),
      period: 300,
      evaluationPeriods: 1,
      threshold: 1,
      comparisonOperator: "GreaterThanOrEqualToThreshold",
      ...notify,
    }),
);

/**
 * The API function itself failed: an init crash, a timeout (20 s), running out of memory, or a
 * refused configuration thrown before the app answers. None of these reach the error mapper, so
 * `ApiServerErrorsAlarm` never counts them; the function URL answers 502 and Lambda counts an error.
 */
export const apiErrorsAlarm = new aws.cloudwatch.MetricAlarm("ApiErrorsAlarm", {
  alarmDescription:
    "The API function failed outside its error mapper (init crash, timeout, out of memory, refused configuration): callers got 502 (README, Alarms).",
  ...lambdaMetric(apiFunction, "Errors"),
  period: 300,
  evaluationPeriods: 1,
  threshold: 1,
  comparisonOperator: "GreaterThanOrEqualToThreshold",
  ...notify,
});

/**
 * Requests refused for their origin header (packages/functions/src/lambda/origin.ts): a scanner that
 * found a function URL makes a few; 20 in 5 minutes is the router's own traffic refused — an
 * `OriginSecret` the router and the functions disagree on (a rotation slip, the documented rollback
 * to before issue 35: docs/operations.md), which answers 403 to every shopper.
 */
export const apiOriginRefusedFilter = originRefusedFilter("Api", apiFunction);
export const originRefusedAlarm = countAlarm(
  "OriginRefusedAlarm",
  "At least 20 requests in 5 minutes were refused for their origin header: the router and the functions disagree on OriginSecret, and shoppers get 403",
  ORIGIN_REFUSED_METRIC,
  20,
  300,
);

/** Every function that refuses its configuration says so (config-guard.ts); one such line pages. */
export const configurationRefusedFilters = [
  configurationRefusedFilter("Api", apiFunction),
  configurationRefusedFilter("UnpaidOrderSweeper", sweeperFunction),
  configurationRefusedFilter("StatsSubscriber", statsFunction),
];
export const configurationRefusedAlarm = countAlarm(
  "ConfigurationRefusedAlarm",
  "A function refused its configuration (e.g. production set to test payments, a missing link) and serves nothing",
  CONFIGURATION_REFUSED_METRIC,
  1,
  300,
);

/**
 * What shoppers see: more than 5 % of the distribution's answers were 5xx over 5 minutes, once it
 * served at least 20 requests — whatever failed (the API, the bucket, the site, CloudFront reaching
 * them). CloudFront publishes its metrics in us-east-1 only, with `Region: Global`, and an alarm
 * lives in its provider's region: hence the home region (stacks/region.ts).
 */
if (HOME_REGION !== "us-east-1")
  throw new Error(
    "CloudFront's metrics are in us-east-1 only: move the CloudFront alarm with the home region",
  );
export const cloudFrontErrorsAlarm = new aws.cloudwatch.MetricAlarm("CloudFront5xxAlarm", {
  alarmDescription:
    "More than 5 % of the shop's answers (pages, /api, /images) were 5xx in 5 minutes, at 20 requests or more (README, Alarms).",
  metricQueries: [
    {
      id: "rate",
      metric: {
        namespace: "AWS/CloudFront",
        metricName: "5xxErrorRate",
        dimensions: { DistributionId: router.distributionID, Region: "Global" },
        period: 300,
        stat: "Average",
      },
    },
    {
      id: "requests",
      metric: {
        namespace: "AWS/CloudFront",
        metricName: "Requests",
        dimensions: { DistributionId: router.distributionID, Region: "Global" },
        period: 300,
        stat: "Sum",
      },
    },
    {
      id: "alarming",
      label: "5xx answers (% of requests, at 20 requests or more)",
      expression: "IF(FILL(requests, 0) >= 20, FILL(rate, 0), 0)",
      returnData: true,
    },
  ],
  evaluationPeriods: 1,
  threshold: 5,
  comparisonOperator: "GreaterThanThreshold",
  ...notify,
});
