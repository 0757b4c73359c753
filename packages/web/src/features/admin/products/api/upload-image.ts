import {
  type ImageState,
  type PresignedUpload,
  TOO_LARGE_MESSAGE,
  UNSUPPORTED_TYPE_MESSAGE,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
} from "@fruit/core/browser/uploads";
import { api } from "../../../../lib/api.ts";

/**
 * Image uploads go from the browser straight to S3 through a presigned POST (docs/architecture.md, 'API conventions'): the
 * API signs a policy for this type and size, the browser posts the file to the bucket's private
 * `uploads/`, and the image function makes its public variants; `secure_url` names the 800-wide WebP
 * they will be served at, ready once `GET /api/uploads/{id}` answers `ready`
 * (docs/decisions/029-image-variants.md). Nothing is stored on the product until the form's Update.
 */

/** Refuses a file the server would refuse (core's upload rules), before asking it: the message to show, or null. */
export function checkImageFile(file: File): string | null {
  if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return UNSUPPORTED_TYPE_MESSAGE;
  }
  if (file.size > UPLOAD_MAX_BYTES) return TOO_LARGE_MESSAGE;
  if (file.size === 0) return "The file is empty";
  return null;
}

/** POST /api/uploads/presign { contentType, size } → { url, fields, secure_url } */
export const presignUpload = (file: File): Promise<PresignedUpload> =>
  api<PresignedUpload>("/api/uploads/presign", {
    method: "POST",
    body: { contentType: file.type, size: file.size },
  });

/**
 * Posts the file to the bucket with every signed field exactly as the API returned it (the policy
 * pins Content-Type and Cache-Control, so S3 refuses the upload without them); XMLHttpRequest
 * because fetch has no upload progress.
 */
export function postToBucket(
  presigned: PresignedUpload,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
    form.append("file", file); // S3 ignores every field after `file`, so it goes last.
    const xhr = new XMLHttpRequest();
    xhr.open("POST", presigned.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new Error(`The image store refused the upload (${xhr.status})`));
    xhr.onerror = () => reject(new Error("The upload failed, please try again"));
    xhr.send(form);
  });
}

/**
 * Checks, signs and uploads one image; resolves with its id and the address it will be shown at
 * once the image function has made its variants (`waitForVariants`).
 *
 * @example
 * const { id, secure_url } = await uploadImage(file, setPercent); // secure_url "/images/01J…/800.webp"
 */
export async function uploadImage(
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ id: string; secure_url: string }> {
  const refusal = checkImageFile(file);
  if (refusal) throw new Error(refusal);
  const presigned = await presignUpload(file);
  onProgress(0);
  await postToBucket(presigned, file, onProgress);
  onProgress(100);
  return { id: presigned.id, secure_url: presigned.secure_url };
}

/** How long the form waits for the variants (they take about a second; a cold function a few). */
const VARIANTS_WAIT_MS = 60_000;
const POLL_MS = 500;

/**
 * Polls GET /api/uploads/{id} until the image function has run: `ready`, or `failed` with the reason
 * to show; still `pending` after a minute is answered as it is.
 */
export async function waitForVariants(
  id: string,
  sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<ImageState> {
  const started = Date.now();
  for (;;) {
    const state = await api<ImageState>(`/api/uploads/${encodeURIComponent(id)}`);
    if (state.state !== "pending" || Date.now() - started > VARIANTS_WAIT_MS) return state;
    await sleep(POLL_MS);
  }
}
