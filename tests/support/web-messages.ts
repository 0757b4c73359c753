import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The English messages of the web's source, read from its `{ id: "…", defaultMessage: "…" }`
 * descriptors (the only way the screens name a message): what the French catalogue must cover and
 * what the pseudo-locale run renders. Tests only (it reads the files).
 */
export function englishMessages(
  root = join(import.meta.dirname, "../../packages/web/src"),
): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(path, "utf8");
        for (const match of text.matchAll(/id:\s*"([\w.-]+)",\s*defaultMessage:\s*("(?:[^"\\]|\\.)*")/g)) {
          const id = match[1] as string;
          const message = JSON.parse(match[2] as string) as string;
          if (found[id] !== undefined && found[id] !== message)
            throw new Error(`Message ${id} has two English texts: "${found[id]}" and "${message}"`);
          found[id] = message;
        }
      }
    }
  };
  walk(root);
  return found;
}
