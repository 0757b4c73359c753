import { PutObjectCommand } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { storageError } from "../db/errors.ts";
import { AppError, fieldError } from "../errors.ts";
import { newId } from "../ids.ts";
import { bucketName, IMAGE_KEY_PREFIX, publicImageUrl, s3, UPLOAD_KEY_PREFIX } from "./s3.ts";
import { sniffImageType } from "./sniff.ts";
import { readImageState } from "./state.ts";
import {
  DIRECT_TOO_LARGE_MESSAGE,
  DIRECT_UPLOAD_MAX_BYTES,
  DISPLAY_FORMAT,
  DISPLAY_WIDTH,
  IMAGE_CACHE_CONTROL,
  IMAGE_EXTENSIONS,
  type ImageContentType,
  type ImageState,
  PRESIGN_EXPIRES_SECONDS,
  type PresignedUpload,
  type PresignInput,
  TOO_LARGE_MESSAGE,
  UNSUPPORTED_TYPE_MESSAGE,
  UPLOAD_MAX_BYTES,
} from "./upload.schema.ts";

/** The server chooses every key: nothing a client sends ends up in a path. */
const newUpload = (type: ImageContentType) => {
  const id = newId();
  return { id, key: `${UPLOAD_KEY_PREFIX}${id}.${IMAGE_EXTENSIONS[type]}` };
};

/**
 * The URL an upload is displayed at: its 800-wide WebP variant, which exists once the image
 * function has run (docs/decisions/029-image-variants.md). The web app reads the whole variant set
 * from it; the original client shows it as it is.
 */
export const displayUrlOf = (id: string): string =>
  publicImageUrl(`${IMAGE_KEY_PREFIX}${id}/${DISPLAY_WIDTH}.${DISPLAY_FORMAT}`);

const isImageType = (type: string): type is ImageContentType => Object.hasOwn(IMAGE_EXTENSIONS, type);

/**
 * POST /api/uploads/presign (admin): a presigned S3 POST for one image of the declared type and
 * size. The signed policy pins the key, the exact Content-Type, the immutable Cache-Control (the
 * same as `/api/upload` stores) and a 1 byte..5 MB length, and expires after 5 minutes, so S3
 * itself refuses anything else. The browser must send every returned field. The object lands under
 * `uploads/`, private; `secure_url` is its display variant and `id` what `imageState` takes.
 *
 * @example
 * const { url, fields, secure_url } = await presign({ contentType: "image/webp", size: 81234 });
 */
export async function presign(input: PresignInput): Promise<PresignedUpload> {
  if (input.size > UPLOAD_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", TOO_LARGE_MESSAGE);
  const { id, key } = newUpload(input.contentType);
  try {
    const { url, fields } = await createPresignedPost(s3(), {
      Bucket: bucketName(),
      Key: key,
      Conditions: [
        ["content-length-range", 1, UPLOAD_MAX_BYTES],
        ["eq", "$Content-Type", input.contentType],
        ["eq", "$Cache-Control", IMAGE_CACHE_CONTROL],
      ],
      Fields: { "Content-Type": input.contentType, "Cache-Control": IMAGE_CACHE_CONTROL },
      Expires: PRESIGN_EXPIRES_SECONDS,
    });
    return { url, fields, key, id, secure_url: displayUrlOf(id) };
  } catch (error) {
    throw storageError(error);
  }
}

export { sniffImageType };

/**
 * POST /api/upload (admin, multipart): checks the file like the presigned policy would — declared
 * type AND magic bytes must be the same accepted image type, 1 byte..4 MB (413 above, see
 * `DIRECT_UPLOAD_MAX_BYTES`: the function URL's payload limit) — and stores it under a
 * server-chosen key in `uploads/`. Answers the display variant's URL, as presign does.
 *
 * @example
 * const { secure_url } = await storeImage({ type: "image/png", bytes }); // "/images/01J….png"
 */
export async function storeImage(file: {
  type: string;
  bytes: Uint8Array;
}): Promise<{ secure_url: string; id: string }> {
  if (file.bytes.length === 0) throw fieldError("file", "The file is empty");
  if (file.bytes.length > DIRECT_UPLOAD_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", DIRECT_TOO_LARGE_MESSAGE);
  const declared = file.type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!isImageType(declared)) throw fieldError("file", UNSUPPORTED_TYPE_MESSAGE);
  if (sniffImageType(file.bytes) !== declared) {
    throw fieldError("file", `The file is not a valid ${IMAGE_EXTENSIONS[declared].toUpperCase()} image`);
  }
  const { id, key } = newUpload(declared);
  try {
    await s3().send(
      new PutObjectCommand({
        Bucket: bucketName(),
        Key: key,
        Body: file.bytes,
        ContentType: declared,
        CacheControl: IMAGE_CACHE_CONTROL,
      }),
    );
  } catch (error) {
    throw storageError(error);
  }
  return { secure_url: displayUrlOf(id), id };
}

/** An upload's id as `presign` and `storeImage` answer it (a ULID). */
const UPLOAD_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * GET /api/uploads/{id} (admin): whether the image function has made the upload's variants —
 * `pending`, `ready` (with its dimensions and dominant colour) or `failed` with the reason, which
 * the product form shows.
 */
export async function imageState(id: string): Promise<ImageState> {
  if (!UPLOAD_ID.test(id)) throw fieldError("id", "not an upload id");
  try {
    return await readImageState(id);
  } catch (error) {
    throw storageError(error);
  }
}
