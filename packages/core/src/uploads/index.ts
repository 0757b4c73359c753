import { PutObjectCommand } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { storageError } from "../db/errors.ts";
import { AppError } from "../errors.ts";
import { newId } from "../ids.ts";
import { bucketName, IMAGE_KEY_PREFIX, publicImageUrl, s3 } from "./s3.ts";
import {
  DIRECT_TOO_LARGE_MESSAGE,
  DIRECT_UPLOAD_MAX_BYTES,
  IMAGE_CACHE_CONTROL,
  IMAGE_EXTENSIONS,
  type ImageContentType,
  PRESIGN_EXPIRES_SECONDS,
  type PresignedUpload,
  type PresignInput,
  TOO_LARGE_MESSAGE,
  UNSUPPORTED_TYPE_MESSAGE,
  UPLOAD_MAX_BYTES,
} from "./upload.schema.ts";

/** The server chooses every key: nothing a client sends ends up in a path. */
const newImageKey = (type: ImageContentType) => `${IMAGE_KEY_PREFIX}${newId()}.${IMAGE_EXTENSIONS[type]}`;

const isImageType = (type: string): type is ImageContentType => Object.hasOwn(IMAGE_EXTENSIONS, type);

/**
 * POST /api/uploads/presign (admin): a presigned S3 POST for one image of the declared type and
 * size. The signed policy pins the key, the exact Content-Type, the immutable Cache-Control (the
 * same as `/api/upload` stores) and a 1 byte..5 MB length, and expires after 5 minutes, so S3
 * itself refuses anything else. The browser must send every returned field.
 *
 * @example
 * const { url, fields, secure_url } = await presign({ contentType: "image/webp", size: 81234 });
 */
export async function presign(input: PresignInput): Promise<PresignedUpload> {
  if (input.size > UPLOAD_MAX_BYTES) throw new AppError("too_large", TOO_LARGE_MESSAGE);
  const key = newImageKey(input.contentType);
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
    return { url, fields, key, secure_url: publicImageUrl(key) };
  } catch (error) {
    throw storageError(error);
  }
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type a file's first bytes show, whatever it claims to be; undefined for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageContentType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (
    startsWith(bytes, ascii("ftyp"), 4) &&
    (startsWith(bytes, ascii("avif"), 8) || startsWith(bytes, ascii("avis"), 8))
  ) {
    return "image/avif";
  }
  return undefined;
}

/**
 * POST /api/upload (admin, multipart): checks the file like the presigned policy would — declared
 * type AND magic bytes must be the same accepted image type, 1 byte..4 MB (413 above, see
 * `DIRECT_UPLOAD_MAX_BYTES`: the function URL's payload limit) — and stores it under a
 * server-chosen key.
 *
 * @example
 * const { secure_url } = await storeImage({ type: "image/png", bytes }); // "/images/01J….png"
 */
export async function storeImage(file: { type: string; bytes: Uint8Array }): Promise<{ secure_url: string }> {
  if (file.bytes.length === 0) throw new AppError("invalid", "file: The file is empty");
  if (file.bytes.length > DIRECT_UPLOAD_MAX_BYTES) throw new AppError("too_large", DIRECT_TOO_LARGE_MESSAGE);
  const declared = file.type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!isImageType(declared)) throw new AppError("invalid", `file: ${UNSUPPORTED_TYPE_MESSAGE}`);
  if (sniffImageType(file.bytes) !== declared) {
    throw new AppError(
      "invalid",
      `file: The file is not a valid ${IMAGE_EXTENSIONS[declared].toUpperCase()} image`,
    );
  }
  const key = newImageKey(declared);
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
  return { secure_url: publicImageUrl(key) };
}
