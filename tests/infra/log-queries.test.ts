import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The README's Logs Insights queries (README, "Logs and request ids") find the lines the code writes:
 * every message logged by the mail, image and payment code is matched by its row's `like /…/` filter,
 * so renaming a message without the query fails here.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const readme = readFileSync(join(ROOT, "README.md"), "utf8");

/** The regular expression of the query in the README row whose first cell starts with `row`. */
function queryOf(row: string): RegExp {
  const line = readme.split("\n").find((l) => l.startsWith(`| ${row}`));
  if (!line) throw new Error(`README has no query row "${row}"`);
  const pattern = /filter message like \/(.*?)\/ /.exec(line.replaceAll("\\|", "|"))?.[1];
  if (!pattern) throw new Error(`the "${row}" row has no \`filter message like /…/\``);
  return new RegExp(pattern);
}

const files = (path: string): string[] =>
  statSync(join(ROOT, path)).isDirectory()
    ? readdirSync(join(ROOT, path)).flatMap((entry) => files(join(path, entry)))
    : path.endsWith(".ts") && !path.endsWith(".test.ts")
      ? [path]
      : [];

/**
 * The messages `log(level, message, …)` writes in these files: every string literal of the call
 * between its level and its fields (both sides of a `cond ? "a" : "b"`; a template's `${…}` read
 * as a word, but a mail slot's `${slot.what}` as the words its type allows: mails/mail-claim.ts).
 */
const MAIL_SLOT = "$" + "{slot.what}";

function messagesIn(paths: string[]): string[] {
  return paths.flatMap(files).flatMap((file) => {
    const source = readFileSync(join(ROOT, file), "utf8");
    return [...source.matchAll(/\blog\(/g)].flatMap((call) => {
      const rest = source.slice(call.index + 4, call.index + 400);
      const end = rest.search(/,\s*(\{|\.\.\.|errorFields)|\);/);
      // The second argument: after the level's (its first comma), before the fields.
      const message = rest.slice(rest.indexOf(",") + 1, end < 0 ? undefined : end);
      return [...message.matchAll(/(["`])((?:\$\{[^}]*\}|(?!\1).)+?)\1/g)].flatMap(([, , literal]) =>
        (literal!.includes(MAIL_SLOT) ? ["order mail", "notice mail"] : [""]).map((what) =>
          literal!.replace(MAIL_SLOT, what).replace(/\$\{[^}]+\}/g, "sent"),
        ),
      );
    });
  });
}

describe("the README's log queries", () => {
  for (const [row, sources] of [
    [
      "Order mails",
      [
        "packages/core/src/mails",
        "packages/functions/src/lambda/mail-stream.ts",
        "packages/functions/src/lambda/mail-feedback.ts",
      ],
    ],
    ["Images", ["packages/core/src/uploads", "packages/functions/src/lambda/images.ts"]],
    ["Payments", ["packages/core/src/payments", "packages/core/src/orders"]],
  ] as const) {
    it(`find every ${row.toLowerCase()} line`, () => {
      const query = queryOf(row);
      const messages = messagesIn([...sources]);
      expect(messages.length, row).toBeGreaterThan(1);
      for (const message of messages) expect(message, `${row}: ${message}`).toMatch(query);
    });
  }
});
