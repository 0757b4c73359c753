import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { MESSAGE_PARTS, type MessagePartName } from "../src/i18n/message-parts.ts";

/**
 * Which French message ids each part of the catalogue holds (src/i18n/message-parts.ts), found in
 * the web's sources. Node only: vite.config.ts `precompiledMessages` writes each part's module from
 * it, and src/i18n/messages.test.ts and pseudo-routes.test.tsx check the parts with it.
 */

export const WEB_SRC = join(import.meta.dirname, "../src");

/** The route table: its lazy imports are the screens, in parts of their own, never the shell's. */
const ROUTE_TABLE = "app/routes.tsx";

/** What a module asks of another: some of its exports by name, or all of it (`*`). */
type Wanted = Set<string> | "*";

/** `import … from "…"` (type-only ones carry no messages), a bare `import "…"`, and `import("…")`. */
const IMPORT_FROM = /^\s*import\s+(?!type\s)([^;]*?)\s+from\s+"(\.{1,2}\/[^"]+)"/gm;
const BARE_IMPORT = /^\s*import\s+"(\.{1,2}\/[^"]+)"/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g;
/** `export { a, b as c } from "…"` and `export * from "…"`: followed for the names asked of the module. */
const RE_EXPORT = /^\s*export\s+(?!type\s)(\*|\{[^}]*\})\s+from\s+"(\.{1,2}\/[^"]+)"/gm;
/** A message descriptor's id, as the screens write them: the id, then the English text. */
const DESCRIPTOR_ID = /\bid:\s*"([\w.-]+)",\s*defaultMessage\b/g;

/** The names an import clause takes: `{ a, b as c, type T }` gives a and b; a default or `* as` all. */
function importedNames(clause: string): Wanted {
  const braces = /\{([^}]*)\}/.exec(clause);
  const outside = clause
    .replace(/\{[^}]*\}/, "")
    .replace(/,/g, "")
    .trim();
  if (!braces || outside !== "") return "*";
  return new Set(
    (braces[1] as string)
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== "" && !name.startsWith("type "))
      .map((name) => name.split(/\s+as\s+/)[0] as string),
  );
}

/** The names `export { a, b as c }` gives its importers (a re-export's outer names: a and c). */
function exportedNames(list: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const entry of list.slice(1, -1).split(",")) {
    const name = entry.trim();
    if (name === "" || name.startsWith("type ")) continue;
    const [inner, outer = inner] = name.split(/\s+as\s+/) as [string, string?];
    names.set(outer as string, inner);
  }
  return names;
}

/** The source file an import names, or undefined for a stylesheet or an asset. */
function sourceFile(from: string, specifier: string, src: string): string | undefined {
  const path = resolve(dirname(from), specifier);
  if (!/\.tsx?$/.test(path)) return undefined;
  if (!existsSync(path)) throw new Error(`${relative(src, from)} imports ${specifier}, which is not there`);
  return path;
}

/**
 * The message ids written in `roots` (paths under `src`) and in what they import, statically or
 * lazily; never entering `lazyStops` by a lazy import nor `stops` at all, nor the route table's
 * screens. A module's own text counts whole; its re-exports only for the names asked of it (a
 * feature's index.ts gives a card its add-to-cart button, not the cart page's promotion field).
 */
export function messageIdsOf(
  roots: readonly string[],
  lazyStops: ReadonlySet<string> = new Set(),
  src = WEB_SRC,
  stops: ReadonlySet<string> = new Set(),
): Set<string> {
  const ids = new Set<string>();
  const wanted = new Map<string, Wanted>();
  const queue: [string, Wanted][] = roots.map((root) => {
    const path = join(src, root);
    if (!existsSync(path)) throw new Error(`A message part names ${root}, which is not in ${src}`);
    return [path, "*"];
  });
  const routeTable = join(src, ROUTE_TABLE);
  const scanned = new Set<string>();
  const ask = (file: string, specifier: string, names: Wanted, lazily = false) => {
    const path = sourceFile(file, specifier, src);
    if (!path || stops.has(path) || (lazily && lazyStops.has(path)) || /\.test\.tsx?$/.test(path)) return;
    queue.push([path, names]);
  };
  while (queue.length > 0) {
    const [file, names] = queue.pop() as [string, Wanted];
    const before = wanted.get(file);
    const all: Wanted = before === "*" || names === "*" ? "*" : new Set([...(before ?? []), ...names]);
    if (before !== undefined && (before === "*" || (all !== "*" && all.size === before.size))) continue;
    wanted.set(file, all);
    const text = readFileSync(file, "utf8");
    if (!scanned.has(file)) {
      scanned.add(file);
      for (const match of text.matchAll(DESCRIPTOR_ID)) ids.add(match[1] as string);
      for (const match of text.matchAll(IMPORT_FROM))
        ask(file, match[2] as string, importedNames(match[1] as string));
      for (const match of text.matchAll(BARE_IMPORT)) ask(file, match[1] as string, "*");
      if (file !== routeTable)
        for (const match of text.matchAll(DYNAMIC_IMPORT)) ask(file, match[1] as string, "*", true);
    }
    for (const match of text.matchAll(RE_EXPORT)) {
      const list = match[1] as string;
      if (list === "*") {
        ask(file, match[2] as string, all);
        continue;
      }
      const given = exportedNames(list);
      const asked = all === "*" ? [...given.values()] : [...all].flatMap((name) => given.get(name) ?? []);
      if (asked.length > 0) ask(file, match[2] as string, new Set(asked));
    }
  }
  return ids;
}

/**
 * Each part's ids among `known` (the French catalogue's), less those of the parts already loaded
 * when it is: the shell's and the errors' (every page loads them), and its `after` part's. An id two
 * parts use is in both.
 */
export function messagePartIds(known: Iterable<string>, src = WEB_SRC): Record<MessagePartName, string[]> {
  const catalogue = new Set(known);
  const parts = MESSAGE_PARTS as Record<
    MessagePartName,
    { roots: readonly string[]; after?: MessagePartName }
  >;
  const names = Object.keys(parts) as MessagePartName[];
  const rootsOf = (name: MessagePartName) => parts[name].roots.map((root) => join(src, root));
  const errors = new Set(rootsOf("errors"));
  const found = {} as Record<MessagePartName, Set<string>>;
  for (const name of names) {
    const others = new Set(names.filter((other) => other !== name).flatMap(rootsOf));
    found[name] = messageIdsOf(parts[name].roots, others, src, name === "errors" ? new Set() : errors);
  }
  const result = {} as Record<MessagePartName, string[]>;
  for (const name of names) {
    const before = new Set<MessagePartName>(name === "shell" ? [] : ["shell"]);
    if (name !== "shell" && name !== "errors") before.add("errors");
    for (let part = parts[name].after; part; part = parts[part].after) before.add(part);
    const taken = new Set([...before].flatMap((part) => [...found[part]]));
    result[name] = [...found[name]].filter((id) => catalogue.has(id) && !taken.has(id)).sort();
  }
  return result;
}
