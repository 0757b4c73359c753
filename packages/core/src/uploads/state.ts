import { GetObjectCommand } from "@aws-sdk/client-s3";
import { bucketName, IMAGE_KEY_PREFIX, s3 } from "./s3.ts";
import type { ImageState } from "./upload.schema.ts";

/*
 * An image's state record, `images/<stem>/state.json`: written last by the image function
 * (process.ts), read by the API. Kept apart from process.ts so the API never loads sharp
 * (docs/decisions/017-lazy-api-chunks.md).
 */

/** Key of an image's state record. */
export const stateKey = (stem: string): string => `${IMAGE_KEY_PREFIX}${stem}/state.json`;

/** The state record is re-read by the admin's form while it waits: never cached. */
export const STATE_CACHE_CONTROL = "no-cache";

/**
 * The state of an upload's variants: the state record, or `pending` while there is none yet.
 */
export async function readImageState(stem: string): Promise<ImageState> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: stateKey(stem) }));
    return JSON.parse((await object.Body?.transformToString()) ?? "") as ImageState;
  } catch (error) {
    const name = (error as Error).name;
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (name === "NoSuchKey" || name === "NotFound" || status === 404) return { state: "pending" };
    throw error;
  }
}
