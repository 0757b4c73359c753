import { S3Client } from "@aws-sdk/client-s3";
import { getConfig } from "../config.ts";

let cached: { key: string; client: S3Client } | undefined;

/**
 * The S3 client for the image bucket. Against the local emulator (s3rver) it uses path-style URLs
 * and the emulator's fixed credentials; in the cloud, the Lambda role's.
 */
export function s3(): S3Client {
  const { region, s3Endpoint } = getConfig();
  const key = `${region}|${s3Endpoint ?? ""}`;
  if (cached?.key !== key) {
    cached = {
      key,
      client: new S3Client({
        region,
        ...(s3Endpoint
          ? {
              endpoint: s3Endpoint,
              forcePathStyle: true,
              credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
            }
          : {}),
      }),
    };
  }
  return cached.client;
}

export const bucketName = (): string => getConfig().bucketName;

/**
 * Objects live under `images/` in the bucket and are served at `/images/...` (the router's bucket
 * route, or the local server), so `images/abc.webp` is public as `${imageBaseUrl}/abc.webp`.
 */
export const IMAGE_KEY_PREFIX = "images/";
export const publicImageUrl = (key: string): string =>
  `${getConfig().imageBaseUrl}/${key.slice(IMAGE_KEY_PREFIX.length)}`;
