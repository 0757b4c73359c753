import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** Repository root, for resolving handler paths the way sst.config.ts names them. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The banner SST puts on every ESM function bundle (pkg/runtime/node/build.go in the sst repo):
 * CommonJS dependencies bundled into ESM still call `require`, `__filename` and `__dirname`.
 */
const SST_BANNER = [
  `import { createRequire as topLevelCreateRequire } from 'module';`,
  `const require = topLevelCreateRequire(import.meta.url);`,
  `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
  `const __filename = topLevelFileUrlToPath(import.meta.url)`,
  `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
].join("\n");

export type BundleEntry = { file: string } | { contents: string; resolveDir: string; name: string };

/**
 * Bundles one handler with the options SST uses for a deployed Node function: everything bundled
 * (the AWS SDK too; SST only leaves out `sharp` and `pg-native`), ESM with the require shim,
 * `module` before `main`, names kept, minified (SST's `nodejs.minify` default), `.mjs` output.
 * Returns the bundle's path.
 */
export async function bundleLikeSst(entry: BundleEntry, outdir: string): Promise<string> {
  mkdirSync(outdir, { recursive: true });
  const name = "file" in entry ? entry.file.replace(/^.*\//, "").replace(/\.[cm]?[jt]s$/, "") : entry.name;
  const outfile = join(outdir, `${name}.mjs`);
  await build({
    ...("file" in entry
      ? { entryPoints: [entry.file] }
      : { stdin: { contents: entry.contents, resolveDir: entry.resolveDir, loader: "ts" as const } }),
    outfile,
    platform: "node",
    format: "esm",
    target: "node22",
    bundle: true,
    minify: true,
    keepNames: true,
    mainFields: ["module", "main"],
    external: ["sharp", "pg-native"],
    banner: { js: SST_BANNER },
    logLevel: "silent",
  });
  return outfile;
}

/** A Lambda Function URL event (API Gateway payload format 2.0), as the router forwards it. */
export function functionUrlEvent(method: string, path: string, headers: Record<string, string> = {}) {
  const [rawPath = "/", rawQueryString = ""] = path.split("?");
  const now = Date.now();
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath,
    rawQueryString,
    headers: { host: "abc123.lambda-url.us-east-1.on.aws", "x-forwarded-proto": "https", ...headers },
    requestContext: {
      accountId: "anonymous",
      apiId: "abc123",
      domainName: "abc123.lambda-url.us-east-1.on.aws",
      domainPrefix: "abc123",
      http: { method, path: rawPath, protocol: "HTTP/1.1", sourceIp: "127.0.0.1", userAgent: "fruit-tests" },
      requestId: `req-${now}`,
      routeKey: "$default",
      stage: "$default",
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    isBase64Encoded: false,
  };
}

/** What a fresh Node process reported after importing a bundle and invoking its handler once. */
export interface Invocation<T = unknown> {
  result: T;
  /** Import + first invocation, measured inside the process (what Lambda's init + first call cost). */
  coldMs: number;
  /** The import alone (Lambda's init phase). */
  importMs: number;
  /** Spawn to exit, measured outside (adds Node's own boot). */
  processMs: number;
}

const RUNNER = `
const started = performance.now();
const [bundle, event] = process.argv.slice(2);
const { handler } = await import(bundle);
const importMs = performance.now() - started;
const result = await handler(JSON.parse(event), { awsRequestId: "local", functionName: "local" });
const coldMs = performance.now() - started;
process.stdout.write("\\n@@result@@" + JSON.stringify({ result, coldMs, importMs }));
`;

/**
 * Imports a bundle in a new Node process with exactly `env` (plus PATH) and invokes `handler` once,
 * so no module state or configuration leaks in from the test process.
 */
export async function invokeInFreshNode<T>(
  bundle: string,
  event: unknown,
  env: Record<string, string>,
): Promise<Invocation<T>> {
  const runner = join(bundle, "..", "invoke-once.mjs");
  writeFileSync(runner, RUNNER);
  const started = performance.now();
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [runner, bundle, JSON.stringify(event)],
      { env: { PATH: process.env.PATH ?? "", ...env }, maxBuffer: 16 * 1024 * 1024, timeout: 60_000 },
      (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
    );
  });
  const processMs = performance.now() - started;
  const marker = stdout.lastIndexOf("@@result@@");
  if (marker < 0) throw new Error(`the handler printed no result: ${stdout}`);
  const parsed = JSON.parse(stdout.slice(marker + "@@result@@".length)) as Omit<Invocation<T>, "processMs">;
  return { ...parsed, processMs };
}
