import { S3Client } from "@aws-sdk/client-s3";
import { asFunction, guardClient } from "@fruit/core/access";
import { errorFields, log } from "@fruit/core/log";
import { type ImageStore, processUpload } from "@fruit/core/uploads/process";
import type { S3Event } from "aws-lambda";

/** An S3 event's key is URL-encoded, with `+` for a space. */
const keyOf = (encoded: string) => decodeURIComponent(encoded.replace(/\+/g, " "));

/**
 * The image function (stacks/images.ts; docs/decisions/029-image-variants.md): the bucket's
 * object-created notification for `uploads/` calls it with each stored upload, and it writes the
 * upload's variants under `images/` — outside the notification's prefix, so its own output never
 * starts it again. A bad image ends in its `failed` state record (no retry); a storage error throws,
 * so the invocation is retried (the work is idempotent). The local runtime calls the same handler
 * from its S3 gateway's notifications (packages/local/src/s3-gateway.ts), with its own client.
 */
export function createImageHandler(client: () => S3Client) {
  return (event: S3Event): Promise<ImagesReport> => asFunction("ImageVariants", () => processEvent(event));

  async function processEvent(event: S3Event): Promise<ImagesReport> {
    const failures: unknown[] = [];
    const processed: ImagesReport["processed"] = [];
    for (const record of event.Records ?? []) {
      const key = keyOf(record.s3.object.key);
      const store: ImageStore = { client: client(), bucket: record.s3.bucket.name };
      const started = Date.now();
      try {
        const state = await processUpload(store, key);
        processed.push({ key, state: state?.state ?? "ignored" });
        log(
          state?.state === "failed" ? "warn" : "info",
          state ? `image ${state.state}` : "image: not an upload, ignored",
          { key, ms: Date.now() - started, ...(state?.state === "failed" ? { reason: state.message } : {}) },
        );
      } catch (error) {
        log("error", "image: storage error", { key, ...errorFields(error) });
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
    return { processed };
  }
}

/** What one invocation did with each record (for logs and tests; S3 ignores a handler's answer). */
export interface ImagesReport {
  processed: { key: string; state: "ready" | "failed" | "pending" | "ignored" }[];
}

let cloudClient: S3Client | undefined;

/**
 * In Lambda: the role's credentials and the function's region. `S3_ENDPOINT` with its key pair (as
 * core's config reads them) points it at the local object store instead, e.g. for the bundle test.
 */
export const handler = createImageHandler(() => {
  const { S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = process.env;
  cloudClient ??= guardClient(
    new S3Client(
      S3_ENDPOINT && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY
        ? {
            endpoint: S3_ENDPOINT,
            forcePathStyle: true,
            credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
          }
        : {},
    ),
    "s3",
  );
  return cloudClient;
});
