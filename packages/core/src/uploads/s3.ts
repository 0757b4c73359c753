import { S3Client } from "@aws-sdk/client-s3";
import { guardClient } from "../access/enforce.ts";
import { getConfig } from "../config.ts";
import { IMAGE_KEY_PREFIX, UPLOAD_KEY_PREFIX } from "./image-urls.ts";

let cached: { key: string; client: S3Client } | undefined;

/**
 * The S3 client for the image bucket. Against the local object store it uses path-style URLs and
 * the run's secret key pair (`config.s3Credentials`); in the cloud, the Lambda role's credentials.
 */
export function s3(): S3Client {
  const { region, s3Endpoint, s3Credentials } = getConfig();
  const key = `${region}|${s3Endpoint ?? ""}|${s3Credentials?.accessKeyId ?? ""}|${s3Credentials?.secretAccessKey ?? ""}`;
  if (cached?.key !== key) {
    cached = {
      key,
      client: new S3Client({
        region,
        ...(s3Endpoint
          ? {
              endpoint: s3Endpoint,
              forcePathStyle: true,
              ...(s3Credentials ? { credentials: s3Credentials } : {}),
            }
          : {}),
      }),
    };
    // The running function's grants, where enforced (docs/decisions/036-permissions-enforced-locally.md).
    guardClient(cached.client, "s3");
  }
  return cached.client;
}

export const bucketName = (): string => getConfig().bucketName;

/** The bucket prefixes, from the dependency-free module stacks/ imports too (image-urls.ts). */
export { IMAGE_KEY_PREFIX, UPLOAD_KEY_PREFIX };

export const publicImageUrl = (key: string): string =>
  `${getConfig().imageBaseUrl}/${key.slice(IMAGE_KEY_PREFIX.length)}`;

/** The bucket key a public image URL names (`publicImageUrl`'s inverse), or undefined for any other URL. */
export function imageKeyOf(url: string): string | undefined {
  const base = `${getConfig().imageBaseUrl}/`;
  if (!url.startsWith(base) || url.includes("..")) return undefined;
  const rest = url.slice(base.length);
  return /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(rest)
    ? `${IMAGE_KEY_PREFIX}${rest}`
    : undefined;
}
