import * as v from "valibot";

/**
 * Browser-safe upload rules (shared by the server and the web app): image types only, at most
 * 5 MB through the presigned POST (the web app's path; its policy makes S3 enforce it).
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/**
 * `POST /api/upload` (multipart through the API) takes at most 4 MB, so that every request it
 * accepts also fits the cloud's path: the Lambda function URL is BUFFERED, with a 6 MB (6,291,456
 * bytes) limit on the whole event JSON, and a multipart body arrives base64-encoded (4 bytes per 3).
 *   body limit  = 4 MB file + 16 KB form overhead               = 4,210,688 bytes
 *   in base64   = 4 × ceil(4,210,688 / 3)                        = 5,614,252 bytes
 *   + headers, request context and JSON framing (budget 64 KB)   = 5,679,788 bytes
 * which stays under 6 MB however it is counted (6,000,000 or 6,291,456 bytes).
 * (4.5 MB would already need 6.3 MB after base64.) Larger images, up to `UPLOAD_MAX_BYTES`, go
 * through the presigned POST, which never passes through Lambda.
 */
export const DIRECT_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;

/** The request body limit of `POST /api/upload`: the file plus room for the multipart framing. */
export const DIRECT_UPLOAD_BODY_LIMIT = DIRECT_UPLOAD_MAX_BYTES + 16 * 1024;

/**
 * Stored images never change (the server picks a fresh key for each), so both upload paths store
 * them with a year-long immutable Cache-Control, which the CDN and browsers honour.
 */
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Accepted content types and the extension of the key the server chooses for each. */
export const IMAGE_EXTENSIONS = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
} as const;
export type ImageContentType = keyof typeof IMAGE_EXTENSIONS;
export const UPLOAD_CONTENT_TYPES = Object.keys(IMAGE_EXTENSIONS) as ImageContentType[];

/** A presigned POST is usable for 5 minutes. */
export const PRESIGN_EXPIRES_SECONDS = 300;

export const UNSUPPORTED_TYPE_MESSAGE = "Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded";
export const TOO_LARGE_MESSAGE = "The image must be at most 5 MB";
/** The 413 of `POST /api/upload`: its own limit, and where larger images go instead. */
export const DIRECT_TOO_LARGE_MESSAGE =
  "The image must be at most 4 MB when sent to /api/upload; send images up to 5 MB through POST /api/uploads/presign";

/** POST /api/uploads/presign `{ contentType, size }` (size in bytes; above 5 MB is a 413). */
export const PresignSchema = v.object(
  {
    contentType: v.picklist(UPLOAD_CONTENT_TYPES, UNSUPPORTED_TYPE_MESSAGE),
    size: v.pipe(
      v.number("size must be the file's size in bytes"),
      v.integer("size must be the file's size in bytes"),
      v.minValue(1, "The file is empty"),
    ),
  },
  (issue) => `${issue.expected?.replace(/^"|"$/g, "")} is required`,
);
export type PresignInput = v.InferOutput<typeof PresignSchema>;

/** What presign answers: POST the `fields` then the file (field `file`, last) to `url`. */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
  /** The bucket key, `uploads/<id>.<ext>` (private: only the image function reads it). */
  key: string;
  /** The upload's id, for `GET /api/uploads/{id}` (the variants' state). */
  id: string;
  /** Where the image is public once its variants are made: `/images/<id>/800.webp`. */
  secure_url: string;
}

export * from "./image-urls.ts";
