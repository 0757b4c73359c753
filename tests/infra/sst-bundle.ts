import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { lambdaBundling } from "../../stacks/bundling.ts";

/** Repository root, for resolving handler paths the way sst.config.ts names them. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The banner SST puts on every ESM function bundle (pkg/runtime/node/build.go in the sst repo):
 * CommonJS dependencies bundled into ESM still call `require`, `__filename` and `__dirname`. The
 * last line is the function's own `nodejs.banner`, empty for the shop's functions.
 */
const SST_BANNER = [
  `import { createRequire as topLevelCreateRequire } from 'module';`,
  `const require = topLevelCreateRequire(import.meta.url);`,
  `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
  `const __filename = topLevelFileUrlToPath(import.meta.url)`,
  `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
  "",
].join("\n");

export type BundleEntry = { file: string } | { contents: string; resolveDir: string; name: string };

/** The `nodejs` options of an `sst.aws.Function` that this builder reproduces (ESM only). */
export interface NodejsOptions {
  format: "esm";
  splitting: boolean;
  minify: boolean;
}

/** One bundled function: its entry file (the handler module), every file written, and esbuild's metafile. */
export interface SstBundle {
  entry: string;
  outdir: string;
  files: string[];
  metafile: Metafile;
}

/**
 * Bundles one handler as SST's builder does for a deployed Node function (pkg/runtime/node/build.go):
 * everything bundled (the AWS SDK too; only `sharp` and `pg-native` stay out), ESM with the require
 * shim, target esnext, `module` before `main`, names kept, no source map, `.mjs` files. `nodejs` are the
 * function's options, by default the ones the stacks give every function (stacks/bundling.ts):
 * `splitting` writes the entry and its chunks into `outdir`, `minify` minifies (SST's builder only
 * does when it is set).
 */
export async function bundleLikeSst(
  entry: BundleEntry,
  outdir: string,
  nodejs: NodejsOptions = lambdaBundling,
): Promise<SstBundle> {
  mkdirSync(outdir, { recursive: true });
  const name = "file" in entry ? entry.file.replace(/^.*\//, "").replace(/\.[cm]?[jt]s$/, "") : entry.name;
  const result = await build({
    ...("file" in entry
      ? { entryPoints: [entry.file] }
      : { stdin: { contents: entry.contents, resolveDir: entry.resolveDir, loader: "ts" as const } }),
    // SST names the output after the handler file; with splitting it writes the directory instead.
    ...(nodejs.splitting
      ? { outdir, entryNames: name, outExtension: { ".js": ".mjs" }, splitting: true }
      : { outfile: join(outdir, `${name}.mjs`) }),
    absWorkingDir: ROOT,
    platform: "node",
    format: nodejs.format,
    target: "esnext",
    bundle: true,
    minify: nodejs.minify,
    keepNames: true,
    mainFields: ["module", "main"],
    external: ["sharp", "pg-native"],
    banner: { js: SST_BANNER },
    metafile: true,
    logLevel: "silent",
  });
  const files = Object.keys(result.metafile.outputs).map((file) => resolve(ROOT, file));
  const entryPoint = "file" in entry ? relative(ROOT, entry.file) : "<stdin>";
  const output = Object.entries(result.metafile.outputs).find(([, out]) => out.entryPoint === entryPoint);
  if (!output) throw new Error(`esbuild wrote no output for ${entryPoint}`);
  return { entry: resolve(ROOT, output[0]), outdir, files, metafile: result.metafile };
}

/** What a set of bundle files weighs and which sources (repository paths, `node_modules/...`) they hold. */
export interface BundleFiles {
  files: string[];
  rawBytes: number;
  /** Each file gzipped on its own and summed: what reading those files costs, roughly. */
  gzipBytes: number;
  inputs: string[];
}

/** Sizes and sources of some of a bundle's files (absolute paths). */
export function describeFiles(bundle: SstBundle, files: readonly string[]): BundleFiles {
  let rawBytes = 0;
  let gzipBytes = 0;
  const inputs = new Set<string>();
  for (const file of files) {
    const bytes = readFileSync(file);
    rawBytes += bytes.length;
    gzipBytes += gzipSync(bytes).length;
    const output = bundle.metafile.outputs[relative(ROOT, file)];
    if (!output) throw new Error(`${file} is not part of the bundle`);
    for (const input of Object.keys(output.inputs)) inputs.add(input);
  }
  return { files: [...files], rawBytes, gzipBytes, inputs: [...inputs].sort() };
}

/**
 * The files a cold start evaluates before the first request: the entry and every chunk it imports
 * statically, transitively. Chunks behind an `import()` are left out; a request that needs one
 * loads it then (see `Invocation.loaded`).
 */
export function startupFiles(bundle: SstBundle): string[] {
  const seen = new Set<string>();
  const pending = [relative(ROOT, bundle.entry)];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of bundle.metafile.outputs[file]?.imports ?? []) {
      if (imported.kind === "import-statement" && !imported.external) pending.push(imported.path);
    }
  }
  return [...seen].map((file) => resolve(ROOT, file));
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
  /**
   * With `{ trace: true }`: every file of the bundle's directory the process loaded (entry, chunks
   * imported statically, chunks imported on demand during the request), as absolute paths.
   */
  loaded?: string[];
}

const RUNNER = `
const [bundle, event, trace] = process.argv.slice(2);
const loaded = [];
if (trace === "trace") {
  const { registerHooks } = await import("node:module");
  registerHooks({ load(url, context, nextLoad) { loaded.push(url); return nextLoad(url, context); } });
}
const started = performance.now();
const { handler } = await import(bundle);
const importMs = performance.now() - started;
const result = await handler(JSON.parse(event), { awsRequestId: "local", functionName: "local" });
const coldMs = performance.now() - started;
process.stdout.write("\\n@@result@@" + JSON.stringify({ result, coldMs, importMs, loaded }));
`;

/**
 * Imports a bundle in a new Node process with exactly `env` (plus PATH) and invokes `handler` once,
 * so no module state or configuration leaks in from the test process. `bundle` is the entry file
 * (`SstBundle.entry`); its chunks are found next to it, as in the deployed function's directory.
 * `trace` records which of the bundle's files were loaded (a module hook, so leave it off when timing).
 */
export async function invokeInFreshNode<T>(
  bundle: string,
  event: unknown,
  env: Record<string, string>,
  options: { trace?: boolean } = {},
): Promise<Invocation<T>> {
  const directory = dirname(bundle);
  const runner = join(directory, "invoke-once.mjs");
  writeFileSync(runner, RUNNER);
  const started = performance.now();
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [runner, bundle, JSON.stringify(event), options.trace ? "trace" : ""],
      { env: { PATH: process.env.PATH ?? "", ...env }, maxBuffer: 16 * 1024 * 1024, timeout: 60_000 },
      (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
    );
  });
  const processMs = performance.now() - started;
  const marker = stdout.lastIndexOf("@@result@@");
  if (marker < 0) throw new Error(`the handler printed no result: ${stdout}`);
  const { loaded, ...parsed } = JSON.parse(stdout.slice(marker + "@@result@@".length)) as Omit<
    Invocation<T>,
    "processMs"
  > & { loaded: string[] };
  const files = loaded
    .filter((url) => url.startsWith("file:"))
    .map((url) => fileURLToPath(url))
    .filter((file) => dirname(file) === directory && file !== runner);
  return { ...parsed, processMs, ...(options.trace ? { loaded: [...new Set(files)] } : {}) };
}
