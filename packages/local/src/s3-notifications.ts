import { errorFields, log } from "@fruit/core/log";
import type { S3Event, S3EventRecord } from "aws-lambda";

/**
 * The local object store's event notifications, as S3 sends them: for each object stored under a
 * configured prefix, an `s3:ObjectCreated:*` event to the configured handler — the same function the
 * cloud's `Bucket.notify` invokes (stacks/images.ts) — asynchronously, after the write was answered,
 * retried twice on a thrown error as Lambda retries an asynchronous invocation.
 */

/** One notification of the bucket: objects under `prefix` go to `handler`. */
export interface BucketNotification {
  prefix: string;
  handler: (event: S3Event) => Promise<unknown>;
}

/** How many handlers run at once (Lambda would scale out; this machine has few cores). */
const CONCURRENCY = 2;
/** Waits before the two retries of a failed invocation. */
const RETRY_DELAYS_MS = [1_000, 2_000];

/** S3 URL-encodes an event's key, a space as `+`, keeping `/`. */
const encodeKey = (key: string) =>
  key
    .split("/")
    .map((segment) => encodeURIComponent(segment).replace(/%20/g, "+"))
    .join("/");

function recordOf(
  bucket: string,
  key: string,
  size: number,
  eventName: string,
  region: string,
): S3EventRecord {
  return {
    eventVersion: "2.1",
    eventSource: "aws:s3",
    awsRegion: region,
    eventTime: new Date().toISOString(),
    eventName,
    userIdentity: { principalId: "local" },
    requestParameters: { sourceIPAddress: "127.0.0.1" },
    responseElements: { "x-amz-request-id": "local", "x-amz-id-2": "local" },
    s3: {
      s3SchemaVersion: "1.0",
      configurationId: "local",
      bucket: { name: bucket, ownerIdentity: { principalId: "local" }, arn: `arn:aws:s3:::${bucket}` },
      object: { key: encodeKey(key), size, eTag: "", sequencer: Date.now().toString(16).toUpperCase() },
    },
  } as S3EventRecord;
}

/** The bucket's notifier: `objectCreated` for every stored object; `idle` once every handler has run. */
export interface Notifier {
  objectCreated(bucket: string, key: string, size: number, eventName: "Put" | "Post" | "Copy"): void;
  /** Resolves when no invocation is queued or running (the seed waits for its images' variants). */
  idle(): Promise<void>;
}

export function createNotifier(notifications: readonly BucketNotification[], region: string): Notifier {
  const queue: (() => Promise<void>)[] = [];
  let running = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (running > 0 || queue.length > 0) return;
    for (const resolve of waiters) resolve();
    waiters = [];
  };
  const pump = () => {
    while (running < CONCURRENCY && queue.length > 0) {
      const job = queue.shift() as () => Promise<void>;
      running += 1;
      job().finally(() => {
        running -= 1;
        pump();
        settle();
      });
    }
  };
  const invoke = async (notification: BucketNotification, event: S3Event, key: string) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await notification.handler(event);
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined) {
          log("error", "S3 notification failed", { key, attempts: attempt + 1, ...errorFields(error) });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
  return {
    objectCreated(bucket, key, size, eventName) {
      for (const notification of notifications) {
        if (!key.startsWith(notification.prefix)) continue;
        const event: S3Event = {
          Records: [recordOf(bucket, key, size, `ObjectCreated:${eventName}`, region)],
        };
        queue.push(() => invoke(notification, event, key));
      }
      pump();
    },
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      }),
  };
}
