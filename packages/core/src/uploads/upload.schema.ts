import * as v from "valibot";

/**
 * Browser-safe upload rules (shared by the server and the web app): image types only, at most
 * 5 MB. The presigned POST's policy enforces them at S3; `POST /api/upload` enforces them itself.
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

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
  /** The bucket key, `images/<id>.<ext>`. */
  key: string;
  /** Where the image is public once uploaded: `/images/<id>.<ext>`. */
  secure_url: string;
}
