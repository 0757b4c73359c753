import { GetObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { IMAGE_KEY_PREFIX, UPLOAD_KEY_PREFIX } from "./s3.ts";
import { STATE_CACHE_CONTROL, stateKey } from "./state.ts";
import { IMAGE_CACHE_CONTROL, type ImageState, UPLOAD_MAX_BYTES } from "./upload.schema.ts";
import { makeVariants } from "./variants.ts";

/**
 * What the image function does with one stored object (docs/decisions/029-image-variants.md): reads
 * the upload `uploads/<stem>.<ext>`, writes its variants under `images/<stem>/`, then
 * `images/<stem>/state.json` — `ready` with the dimensions and dominant colour, or `failed` with the
 * reason an administrator reads on the product form. Bad input ends in `failed`, never in a throw, so
 * a broken upload is not retried; a storage error throws, so the invocation is retried. Running it
 * twice on the same object writes the same files (notifications arrive at least once).
 */

/** The part of an upload's key the variants are filed under: `uploads/ab/c.jpg` → `ab/c`. */
export function stemOf(key: string): string | undefined {
  if (!key.startsWith(UPLOAD_KEY_PREFIX)) return undefined;
  const rest = key.slice(UPLOAD_KEY_PREFIX.length);
  const dot = rest.lastIndexOf(".");
  const stem = dot > 0 ? rest.slice(0, dot) : rest;
  return /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(stem) && !stem.includes("..")
    ? stem
    : undefined;
}

/**
 * Where the function reads and writes: the bucket the notification names and a client allowed to.
 * The Lambda makes its own client (it links no table nor secret, so it never loads core's config);
 * the local runtime hands it the object store's.
 */
export interface ImageStore {
  client: S3Client;
  bucket: string;
}

/** Reads an upload, refusing one above `UPLOAD_MAX_BYTES` unread. */
async function readUpload(store: ImageStore, key: string): Promise<Uint8Array | "too_large"> {
  const object = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key }));
  if ((object.ContentLength ?? 0) > UPLOAD_MAX_BYTES) {
    object.Body?.transformToWebStream().cancel();
    return "too_large";
  }
  return (await object.Body?.transformToByteArray()) ?? new Uint8Array();
}

const put = (
  store: ImageStore,
  key: string,
  body: Uint8Array | string,
  contentType: string,
  cacheControl: string,
) =>
  store.client.send(
    new PutObjectCommand({
      Bucket: store.bucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      CacheControl: cacheControl,
    }),
  );

/**
 * Makes the variants of the upload stored at `key`. Keys outside `uploads/` are ignored (answer
 * `undefined`): the function's own output never starts it again.
 *
 * @example
 * await processUpload(store, "uploads/01JD3W6M3E1T5ZK0Q7Y8X9V2AB.jpg"); // → { state: "ready", ... }
 */
export async function processUpload(store: ImageStore, key: string): Promise<ImageState | undefined> {
  const stem = stemOf(key);
  if (!stem) return undefined;
  const bytes = await readUpload(store, key);
  const result =
    bytes === "too_large"
      ? ({ ok: false, message: "The image must be at most 5 MB" } as const)
      : await makeVariants(bytes);
  let state: ImageState;
  if (result.ok) {
    await Promise.all(
      result.files.map((file) =>
        put(
          store,
          `${IMAGE_KEY_PREFIX}${stem}/${file.name}`,
          file.body,
          file.contentType,
          IMAGE_CACHE_CONTROL,
        ),
      ),
    );
    state = { state: "ready", width: result.width, height: result.height, color: result.color };
  } else {
    state = { state: "failed", message: result.message };
  }
  // Last: a `ready` state promises that every variant is there.
  await put(store, stateKey(stem), JSON.stringify(state), "application/json", STATE_CACHE_CONTROL);
  return state;
}
