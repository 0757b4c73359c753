// Where uploads land and where their variants go: core's bucket prefixes (dependency-free module).
import { UPLOAD_KEY_PREFIX } from "../packages/core/src/layout/bucket.ts";
import functionsPackage from "../packages/functions/package.json";
import { lambdaMetric, notify } from "./alarms.ts";
import { lambdaBundling } from "./bundling.ts";
import { functionLogging } from "./logging.ts";
import { bucketPermissions } from "./permissions.ts";
import { bucket } from "./storage.ts";

/**
 * The image function (docs/decisions/029-image-variants.md): every object created under `uploads/`
 * — a presigned POST, a `POST /api/upload`, a seed image — invokes it asynchronously, and it writes
 * the upload's AVIF/WebP variants, share image and state record under `images/<id>/`. Its output is
 * outside the notification's prefix, so it never starts itself again. Bad images end in a `failed`
 * state (no retry); a storage error throws, and Lambda retries the event twice.
 *
 * - **Memory 1536 MB**: a 50 MP upload decodes to ~150 MB of pixels before it is brought down to
 *   1600 wide, and Lambda's CPU share grows with memory (encoding is CPU-bound).
 * - **Timeout 60 s**: a 12 MP phone photo takes about a second of CPU (tests/bench/README.md); sharp's
 *   own timeout (30 s) ends a pathological one first.
 * - **Permissions**: read `uploads/*`, write `images/*`, nothing else — no table, no secret, no link
 *   (the handler names its bucket from the event and builds its own S3 client).
 * - **sharp** is native: `install` puts it into the function's package for the function's
 *   architecture instead of bundling it (SST's builder keeps it out of the bundle). It is installed
 *   at the exact version of `packages/functions/package.json`'s dependencies, the package of the
 *   handler, written into `install` itself: SST installs a bare name (`install: ["sharp"]`) as `*`
 *   unless the `package.json` its builder finds names it in `dependencies`, and runs `npm install`
 *   without a lock, so only an exact version keeps the deploy on the sharp the tests ran.
 *
 * A bucket has one notification configuration: SST allows `notify` once per bucket, so any other
 * subscriber goes into this same call.
 */
export const imageNotifications = bucket.notify({
  notifications: [
    {
      name: "ImageVariants",
      events: ["s3:ObjectCreated:*"],
      filterPrefix: UPLOAD_KEY_PREFIX,
      function: {
        handler: "packages/functions/src/lambda/images.handler",
        runtime: "nodejs22.x",
        architecture: "arm64",
        memory: "1536 MB",
        timeout: "60 seconds",
        nodejs: { ...lambdaBundling, install: { sharp: sharpVersion() } },
        logging: functionLogging,
        // Read uploads/, write images/ (core's access/grants.ts, BUCKET_ACCESS.ImageVariants).
        permissions: bucketPermissions("ImageVariants", bucket),
      },
    },
  ],
});

/** sharp's version in the handler's package: exact, or the deploy stops (tests/infra/infra.test.ts). */
function sharpVersion(): string {
  const version = (functionsPackage.dependencies as Record<string, string | undefined>).sharp;
  if (!version || !/^\d+\.\d+\.\d+$/.test(version))
    throw new Error(
      `sharp must be pinned to an exact version in packages/functions/package.json's dependencies (got "${version}")`,
    );
  return version;
}

/** The image function's name: the notification's only function. */
const imageFunction = $util.output(imageNotifications.nodes.functions).apply((functions) => {
  const [fn] = functions;
  if (!fn) throw new Error("the bucket notification must invoke the image function");
  return fn.name;
});

/**
 * The image function failed on a storage error or ran out of time or memory (a bad image is a
 * `failed` state, not an error): after Lambda's two retries the event is dropped and that upload's
 * variants are never made. Throttles refuse uploads' events the same way. (README, Alarms.)
 */
export const imageAlarms = (
  [
    ["ImageVariantsErrorsAlarm", "Errors", "The image function failed"],
    ["ImageVariantsThrottlesAlarm", "Throttles", "Lambda throttled the image function"],
  ] as const
).map(
  ([name, metric, what]) =>
    new aws.cloudwatch.MetricAlarm(name, {
      alarmDescription: `${what}: an upload may have no variants (README, Alarms).`,
      ...lambdaMetric(imageFunction, metric),
      period: 300,
      evaluationPeriods: 1,
      threshold: 1,
      comparisonOperator: "GreaterThanOrEqualToThreshold",
      ...notify,
    }),
);
