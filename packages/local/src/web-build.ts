import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** What `ensureWebBuild` did, for the start-up message. */
export type WebBuildResult =
  | { status: "fresh" | "built" }
  | { status: "missing"; reason: string }
  | { status: "failed"; reason: string; stale: boolean };

const LOCK_STALE_MS = 5 * 60_000;

/** Newest modification time of the files a build reads (sources, build helpers, public files, config, page). */
function newestSourceTime(webDir: string): number {
  let newest = 0;
  const visit = (path: string) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== "node_modules") visit(join(path, name));
    } else newest = Math.max(newest, stats.mtimeMs);
  };
  for (const entry of ["src", "build", "public", "index.html", "vite.config.ts", "package.json"])
    visit(join(webDir, entry));
  return newest;
}

const builtTime = (webDist: string) =>
  statSync(join(webDist, "index.html"), { throwIfNoEntry: false })?.mtimeMs;
const isFresh = (webDir: string, webDist: string) => (builtTime(webDist) ?? -1) >= newestSourceTime(webDir);

/** Runs `vite build` in the web package; resolves with its output, rejects with the output's tail. */
function runViteBuild(webDir: string): Promise<void> {
  const viteBin = join(
    dirname(createRequire(join(webDir, "package.json")).resolve("vite/package.json")),
    "bin/vite.js",
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin, "build"], {
      cwd: webDir,
      // A caller's NODE_ENV (vitest sets "test") would otherwise give React's development build.
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`vite build failed (exit ${code}):\n${output.split("\n").slice(-15).join("\n")}`)),
    );
  });
}

/**
 * Holds a cross-process lock while `work` runs, so a shop, the test suite's shop and a second shop
 * starting together never write the same dist folder at once.
 */
async function withBuildLock<T>(webDir: string, work: () => Promise<T>): Promise<T> {
  const lock = join(
    tmpdir(),
    `fruit-shop-web-build-${createHash("sha1").update(webDir).digest("hex").slice(0, 12)}.lock`,
  );
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Builds the SPA when `dist/index.html` is missing or older than a source file. A failed build
 * keeps serving the previous build (if any): the API stays usable while the web app is broken.
 */
export async function ensureWebBuild(paths: { webDir: string; webDist: string }): Promise<WebBuildResult> {
  if (!existsSync(join(paths.webDir, "index.html"))) {
    return {
      status: "missing",
      reason: "packages/web/index.html does not exist yet, so there is no web app to build",
    };
  }
  if (isFresh(paths.webDir, paths.webDist)) return { status: "fresh" };
  return withBuildLock(paths.webDir, async () => {
    // Another process may have built it while this one waited for the lock.
    if (isFresh(paths.webDir, paths.webDist)) return { status: "fresh" };
    try {
      await runViteBuild(paths.webDir);
      return { status: "built" };
    } catch (error) {
      return {
        status: "failed",
        reason: (error as Error).message,
        stale: builtTime(paths.webDist) !== undefined,
      };
    }
  });
}
