import { createHash, randomUUID } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The seeded bucket of a test shop, made once per version of the seed and copied into every new
 * shop's data directory before it starts. The seed skips an image already stored unchanged with its
 * variants (packages/local/src/seed.ts `storedUnchanged`), so a copied bucket spares each started
 * shop the image function's work on every seed image (AVIF and WebP at six widths: the largest part
 * of a start on a loaded machine). The seed itself — its products, accounts and reviews — still runs
 * on every start, through the same verbs.
 *
 * The copy is keyed by everything that decides the bucket's content: the seed images, the seed, the
 * image function and core's uploads code. A change to any of them makes a new one.
 */

const repoRoot = join(import.meta.dirname, "../..");
const INPUTS = [
  "packages/local/src/seed-images",
  "packages/local/src/seed.ts",
  "packages/local/src/seed-data.ts",
  "packages/functions/src/lambda/images.ts",
  "packages/core/src/uploads",
];

function hashInto(hash: ReturnType<typeof createHash>, path: string): void {
  const full = join(repoRoot, path);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    hash.update(path).update(readFileSync(full));
    return;
  }
  for (const name of readdirSync(full).sort()) hashInto(hash, `${path}/${name}`);
}

let key: string | undefined;
const cacheDir = (): string => {
  if (!key) {
    const hash = createHash("sha256");
    for (const input of INPUTS) hashInto(hash, input);
    key = hash.digest("hex").slice(0, 16);
  }
  return join(tmpdir(), `fruit-shop-seeded-bucket-${key}`);
};

/** True for a data directory no shop has used yet. */
export const isFresh = (dataDir: string): boolean =>
  !existsSync(join(dataDir, "s3")) && !existsSync(join(dataDir, "dynamodb"));

/** Copies the seeded bucket into a fresh data directory; answers whether there was one to copy. */
export function prefillSeededBucket(dataDir: string): boolean {
  const cached = cacheDir();
  if (!existsSync(cached)) return false;
  cpSync(cached, join(dataDir, "s3"), { recursive: true });
  return true;
}

/**
 * Keeps the bucket of a shop that has just seeded it (its start answered, so every variant is made)
 * for the next starts. Written beside and renamed into place: a concurrent keeper loses harmlessly.
 */
export function keepSeededBucket(dataDir: string): void {
  const cached = cacheDir();
  if (existsSync(cached)) return;
  const partial = `${cached}.${randomUUID()}`;
  try {
    cpSync(join(dataDir, "s3"), partial, { recursive: true });
    renameSync(partial, cached);
  } catch {
    // Another shop kept it first (or the copy failed): the next start seeds its own images.
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}
