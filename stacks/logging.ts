import { isProduction } from "./stage.ts";

/**
 * How every function logs (`sst.aws.Function`'s `logging`): Lambda's JSON log format, so its own
 * lines (start, end, report, uncaught errors) are JSON objects with the invocation's `requestId`
 * like ours (packages/core/src/log.ts), and every field can be queried in CloudWatch Logs Insights;
 * and a retention per stage: production's logs are kept 3 months (enough to look back at an
 * incident or a payment dispute's first weeks), a rehearsal stage's 2 weeks. SST's default is plain
 * text kept 1 month.
 */
export const functionLogging = {
  format: "json",
  retention: isProduction ? "3 months" : "2 weeks",
} as const;
