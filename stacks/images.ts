import { lambdaBundling } from "./bundling.ts";
import { functionLogging } from "./logging.ts";
import { bucket } from "./storage.ts";

/**
 * Where uploads land and where their variants go: core's UPLOAD_KEY_PREFIX and IMAGE_KEY_PREFIX
 * (packages/core/src/uploads/s3.ts; tests/infra/infra.test.ts checks the notification and the
 * permissions against them). Written out here because that module reads SST links at run time.
 */
const UPLOADS_PREFIX = "uploads/";
const VARIANTS_PREFIX = "images/";

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
 *   architecture instead of bundling it (SST's builder keeps it out of the bundle).
 *
 * A bucket has one notification configuration: SST allows `notify` once per bucket, so any other
 * subscriber goes into this same call.
 */
export const imageNotifications = bucket.notify({
  notifications: [
    {
      name: "ImageVariants",
      events: ["s3:ObjectCreated:*"],
      filterPrefix: UPLOADS_PREFIX,
      function: {
        handler: "packages/functions/src/lambda/images.handler",
        runtime: "nodejs22.x",
        architecture: "arm64",
        memory: "1536 MB",
        timeout: "60 seconds",
        nodejs: { ...lambdaBundling, install: ["sharp"] },
        logging: functionLogging,
        permissions: [
          { actions: ["s3:GetObject"], resources: [$interpolate`${bucket.arn}/${UPLOADS_PREFIX}*`] },
          { actions: ["s3:PutObject"], resources: [$interpolate`${bucket.arn}/${VARIANTS_PREFIX}*`] },
        ],
      },
    },
  ],
});
