import { GetObjectCommand, type GetObjectCommandOutput } from "@aws-sdk/client-s3";
import * as v from "valibot";
import { awsErrorOf } from "../db/errors.ts";
import { parseForeign } from "../foreign.ts";
import { log } from "../log.ts";
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
  let object: GetObjectCommandOutput;
  try {
    object = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: stateKey(stem) }));
  } catch (error) {
    const aws = awsErrorOf(error);
    const name = aws?.name;
    const status = aws?.$metadata?.httpStatusCode;
    // Missing: 404 — or 403 in the cloud, where the API may read objects under images/ but not list
    // the bucket, and S3 then does not say whether a key exists (stacks/permissions.ts). A 403 is
    // also what a lost grant looks like, so it is logged: a stage whose uploads stay "pending" for
    // ever shows these lines.
    if (name === "NoSuchKey" || name === "NotFound" || status === 404) return { state: "pending" };
    if (name === "AccessDenied" || status === 403) {
      log("info", "image state unreadable (403): read as pending", {
        stem,
        key: stateKey(stem),
        error: name,
      });
      return { state: "pending" };
    }
    throw error;
  }
  // A body cut short (the record replaced while it was read, locally) is read again on the next poll.
  const text = await object.Body?.transformToString().catch(() => "");
  return parseState(text ?? "");
}

/**
 * What the image function writes (uploads/process.ts): `ready` or `failed`. The record is a foreign
 * edge (foreign.ts: written by another function, read back here), parsed as "image state.json".
 */
const StateRecordSchema: v.GenericSchema<unknown, ImageState> = v.variant("state", [
  v.object({ state: v.literal("ready"), width: v.number(), height: v.number(), color: v.string() }),
  v.object({ state: v.literal("failed"), message: v.string() }),
]);

/**
 * A state record's JSON, or `pending` for one that is not (yet) a whole record: S3 replaces an
 * object atomically, but the local object store writes its file in place, so a read that overlaps
 * the function's write can see it half written or cut short (not JSON). A whole record that is not a
 * state throws a ForeignDataError naming the field.
 */
function parseState(text: string): ImageState {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { state: "pending" }; // half written
  }
  return parseForeign("image state.json", StateRecordSchema, json);
}
