import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Docs that cannot drift: every repository path that README.md and docs/ name exists, and no file of
 * the repository cites a document outside it (a reader of the repository has nothing else).
 *
 * Which backticked strings are paths. A string with a space, a placeholder or a glob (`<id>`,
 * `{slug}`, `*`, `…`, `DATA_DIR/…`, `NNN-…`), a URL, a route (`/cart`), a package name
 * (`@fruit/core`) or a hidden folder is not one. Of the others:
 * - one whose first part is an entry at the top of the repository (`packages/…`, `stacks/…`,
 *   `tests/…`, `docs/…`, `sst.config.ts`) is a path from the root, a file or a folder;
 * - one with a `/` that ends in a file extension (`db/window.ts`, `api/paging.ts`) is a short path,
 *   found from the root, from a package's `src/` (core's rooms: `slots/seats.ts`), from `packages/`,
 *   as `<package>/…` = `packages/<package>/src/…` (`local/s3-gateway.ts`), from the web's features,
 *   or from the document's own folder;
 * - a bare file name of source or docs (`kind.ts`, `README.md`) names a file somewhere in the tree
 *   (other bare names, `state.json`, `runtime.json`, are files the programs write);
 * - one with a `/`, without an extension and not a folder (`db/client`, `orders/checkout`) is a path
 *   when its first part is a folder it can be found under: a file with a source extension, a folder or
 *   a folder's index.ts; otherwise it is a module specifier, a MIME type or a storage key
 *   (`hono/quick`, `application/json`). A short folder (`uploads/seed/`, a bucket's prefix) is not
 *   checked: rooms and storage prefixes share names.
 * Relative links (`[text](../x.md)`) are paths from the document's folder.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Folders never read: installed, built or written by a run (all ignored by git). */
const NOT_SOURCE = new Set(["node_modules", ".git", "dist", ".sst", ".data", "coverage"]);

/** What the build or a run writes (ignored by git): named by the docs, absent from a clean clone. */
const GENERATED = ["packages/web/dist"];

const EXTENSION = /\.(ts|tsx|mjs|js|md|json|css|html|sh|yml|yaml)$/;
/** The extensions of a bare file name that counts as a path. */
const SOURCE = /\.(ts|tsx|md|css)$/;

/** Every file under `dir`, as paths from the root. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (NOT_SOURCE.has(entry.name)) return [];
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const FILES = filesUnder("");
const FILE_NAMES = new Set(FILES.map((file) => basename(file)));
const TOP = new Set(readdirSync(ROOT).filter((name) => !name.startsWith(".") && !NOT_SOURCE.has(name)));
const PACKAGES = readdirSync(join(ROOT, "packages"));
const DOCUMENTS = FILES.filter((file) => file === "README.md" || /^docs\/.*\.md$/.test(file));

/** The folders a short path may start from, for a document in `docFolder`. */
const bases = (docFolder: string) => [
  "",
  "packages",
  ...PACKAGES.map((name) => `packages/${name}/src`),
  "packages/web/src/features",
  docFolder,
];

const isFolder = (path: string) => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isDirectory();
const exists = (path: string) =>
  existsSync(join(ROOT, path)) && !relative(ROOT, join(ROOT, path)).startsWith("..");

/** Where `path` (a short one) is found from `base`, if it is. */
function foundFrom(base: string, path: string, withExtension: boolean): boolean {
  const at = join(base, path.replace(/\/$/, ""));
  if (withExtension) return exists(at);
  return [".ts", ".tsx", "/index.ts"].some((end) => exists(`${at}${end}`)) || isFolder(at);
}

/** Whether a backticked string is a path, by the rule at the top of this file. */
function isPath(text: string): boolean {
  if (/[\s<>{}*?$|…:=(),'"[\]#@\\]/.test(text) || /^[./]/.test(text) || /^https?:/.test(text)) return false;
  if (/(^|\/)[A-Z_]{3,}(?=[-/_]|$)/.test(text)) return false;
  const [first = ""] = text.split("/");
  if (TOP.has(first)) return true;
  if (!text.includes("/")) return SOURCE.test(text);
  if (EXTENSION.test(text)) return true;
  if (text.endsWith("/")) return false;
  return bases("").some((base) => base !== "" && isFolder(join(base, first)));
}

/** Whether the path `text`, named in the document `doc`, exists. */
function pathExists(text: string, doc: string): boolean {
  if (GENERATED.some((generated) => text === generated || text.startsWith(`${generated}/`))) return true;
  const [first = "", ...rest] = text.split("/");
  if (TOP.has(first)) return exists(text.replace(/\/$/, ""));
  const withExtension = EXTENSION.test(text);
  if (!text.includes("/")) return FILE_NAMES.has(text);
  if (PACKAGES.includes(first) && foundFrom(`packages/${first}/src`, rest.join("/"), withExtension))
    return true;
  return bases(dirname(doc)).some((base) => foundFrom(base, text, withExtension));
}

/** The paths a document names: backticked paths and relative link targets. */
function namedPaths(doc: string): { text: string; line: number; link: boolean }[] {
  return readFileSync(join(ROOT, doc), "utf8")
    .split("\n")
    .flatMap((line, index) => [
      ...[...line.matchAll(/`([^`]+)`/g)]
        .map((match) => match[1]!)
        .filter(isPath)
        .map((text) => ({ text, line: index + 1, link: false })),
      ...[...line.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1]!.replace(/#.*$/, ""))
        .filter((target) => target !== "" && !/^[a-z]+:/.test(target))
        .map((text) => ({ text, line: index + 1, link: true })),
    ]);
}

/** Names of documents that live outside the repository, as earlier texts cited them. */
const OUTSIDE_DOCUMENT = /\bthe spec\b|\bspec's\b|\(spec:|fruit-shop-spec|house[- ]style|references\.md/i;

/** Where a file cites a document outside the repository: by name, or by a relative path leaving it. */
function outsideCitations(file: string, text: string): string[] {
  const lines = text.split("\n");
  return lines.flatMap((line, index) => {
    const at = `${file}:${index + 1}`;
    // A name may be broken over two lines of a comment: the line is read after the last word of the
    // one before it (and a match within that word alone belongs to the line before).
    const before = /(\S+)\s*$/.exec(lines[index - 1] ?? "")?.[1] ?? "";
    const joined = `${before} ${line.replace(/^\s*(\*|\/\/|#|-)?\s*/, "")}`;
    const found = OUTSIDE_DOCUMENT.exec(joined);
    const named = found && found.index + found[0].length > before.length + 1 ? found : null;
    const leaving = [...line.matchAll(/(?:\.\.\/)+[\w.-]+/g)]
      .map((match) => match[0])
      .filter((path) => relative(ROOT, resolve(ROOT, dirname(file), path)).split(sep)[0] === "..");
    return [...(named ? [`${at}: "${named[0]}"`] : []), ...leaving.map((path) => `${at}: ${path}`)];
  });
}

/** The repository's text files: sources, docs, scripts and settings (not the lock file). */
const TEXT = /\.(ts|tsx|mjs|js|md|json|css|html|sh|yml|yaml)$|(^|\/)run$/;

describe("docs name what exists", () => {
  it("every repository path named in README.md and docs/ exists", () => {
    expect(DOCUMENTS).toContain("docs/architecture.md");
    const named = DOCUMENTS.flatMap((doc) => namedPaths(doc).map((path) => ({ ...path, doc })));
    // The rule reads hundreds of paths out of the docs, not a handful.
    expect(named.length).toBeGreaterThan(300);
    const missing = named
      .filter(({ text, link, doc }) =>
        link ? !exists(relative(ROOT, resolve(ROOT, dirname(doc), text))) : !pathExists(text, doc),
      )
      .map(({ text, line, doc }) => `${doc}:${line}: ${text}`);
    expect(missing).toEqual([]);
  });

  it("no file cites a document outside the repository", () => {
    const self = relative(ROOT, fileURLToPath(import.meta.url));
    const files = FILES.filter((file) => TEXT.test(file) && file !== self && file !== "package-lock.json");
    expect(files.length).toBeGreaterThan(100);
    const citations = files.flatMap((file) => outsideCitations(file, readFileSync(join(ROOT, file), "utf8")));
    expect(citations).toEqual([]);
  });

  it("tells paths from other backticked strings, and finds short paths where the docs mean them", () => {
    for (const text of ["packages/core/src/db/window.ts", "stacks/api.ts", "db/window.ts", "kind.ts"])
      expect(isPath(text), text).toBe(true);
    for (const text of [
      "/api/orders",
      "@fruit/core",
      "images/<id>/share.jpg",
      "hono/quick",
      "a b.ts",
      "DATA_DIR/runtime.json",
      "state.json",
      "uploads/seed/",
    ])
      expect(isPath(text), text).toBe(false);
    expect(isPath("db/client")).toBe(true);
    expect(pathExists("db/window.ts", "docs/architecture.md")).toBe(true);
    expect(pathExists("db/client", "docs/architecture.md")).toBe(true);
    expect(pathExists("local/s3-gateway.ts", "docs/architecture.md")).toBe(true);
    expect(pathExists("orders/checkout", "docs/architecture.md")).toBe(true);
    expect(pathExists("delivery/seats.ts", "docs/architecture.md")).toBe(false);
    expect(pathExists("packages/core/src/no-such-room/", "README.md")).toBe(false);
    expect(pathExists("no-such-file.ts", "README.md")).toBe(false);
  });

  it("finds a document cited outside the repository, by name or by a path leaving it", () => {
    expect(outsideCitations("docs/x.md", "as the spec's header says")).toHaveLength(1);
    expect(outsideCitations("a.ts", "/**\n * the bare array the\n * spec names\n */")).toEqual([
      'a.ts:3: "the spec"',
    ]);
    expect(outsideCitations("docs/x.md", "see ../../shared/design/notes.md")).toHaveLength(1);
    expect(outsideCitations("packages/web/src/a/b.ts", 'import { x } from "../shared/y.ts";')).toEqual([]);
    expect(outsideCitations("docs/decisions/x.md", "[bench](../../tests/bench/README.md)")).toEqual([]);
  });
});
