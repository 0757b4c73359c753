import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installRecordingSst, type Recording, resolved } from "./recording-sst.ts";

/**
 * The runbooks an operator copies (README.md and docs/): every AWS CLI command names the shop's
 * region, the PITR restore waits as long as the restore takes, and the feedback dead-letter replay
 * extracts the record's `requestPayload` and invokes with CLI v2's raw payload format, naming queues
 * and functions the deploy prints.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const docs = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
  ...readdirSync(join(ROOT, "docs/decisions")).map((f) => `docs/decisions/${f}`),
];
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const operations = read("docs/operations.md");
const section = (title: string) => {
  const start = operations.indexOf(`## ${title}`);
  if (start < 0) throw new Error(`docs/operations.md has no section "${title}"`);
  const end = operations.indexOf("\n## ", start + 4);
  return operations.slice(start, end < 0 ? undefined : end);
};

let recording: Recording | undefined;
afterEach(() => {
  recording?.uninstall();
  vi.unstubAllEnvs();
});

describe("the runbooks", () => {
  it("name the shop's region in every AWS CLI command", () => {
    let commands = 0;
    for (const path of docs) {
      for (const match of read(path).matchAll(
        /\baws (?!configure\b)[a-z0-9-]+ [a-z0-9-]+\b(?: [a-z][a-z0-9-]*\b)?/g,
      )) {
        commands += 1;
        const rest = read(path).slice(match.index, match.index + match[0].length + 20);
        expect(rest, `${path}: ${match[0]}`).toMatch(
          /^aws [a-z0-9-]+ [a-z0-9-]+(?: [a-z][a-z0-9-]*)? --region us-east-1\b/,
        );
      }
    }
    expect(commands).toBeGreaterThan(20);
  });

  it("wait for a point-in-time restore as long as it takes, not aws's 25 polls", () => {
    const restore = section("Restoring the table to a point in time");
    expect(restore).not.toMatch(/wait table-exists --region us-east-1 --table-name/);
    expect(restore).toMatch(
      /until \[ "\$\(aws dynamodb describe-table --region us-east-1 --table-name <table>-restored/,
    );
    expect(restore).toMatch(/= ACTIVE \]; do/);
  });

  it("replay the feedback dead-letter queue's requestPayload with CLI v2's raw payloads, by the deploy's outputs", async () => {
    const replay = section("Replaying the mail feedback dead-letter queue");
    expect(replay).toContain("--cli-binary-format raw-in-base64-out");
    expect(replay).toMatch(/`mailFeedbackDeadLetter`/);
    expect(replay).toMatch(/`mailFeedbackFunction`/);
    // The extraction the loop runs, on a message as Lambda's on-failure destination writes it.
    const script = /node -e '([\s\S]*?)'\n/.exec(replay)?.[1];
    expect(script).toBeDefined();
    const event = {
      Records: [{ EventSource: "aws:sns", Sns: { Message: '{"notificationType":"Bounce"}' } }],
    };
    const record = {
      version: "1.0",
      requestContext: { condition: "RetriesExhausted", approximateInvokeCount: 3 },
      requestPayload: event,
      responseContext: { statusCode: 200, functionError: "Unhandled" },
      responsePayload: { errorType: "Error" },
    };
    const dir = mkdtempSync(join(tmpdir(), "fruit-replay-"));
    try {
      execFileSync("node", ["-e", script!], {
        cwd: dir,
        input: JSON.stringify(["handle-1", JSON.stringify(record)]),
      });
      expect(JSON.parse(readFileSync(join(dir, "event.json"), "utf8"))).toEqual(event);
      expect(readFileSync(join(dir, "handle.txt"), "utf8")).toBe("handle-1");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // The outputs it names exist on a stage with mails.
    vi.resetModules();
    vi.stubEnv("SST_SECRET_MailSender", "shop.example.com");
    recording = installRecordingSst("staging");
    const config = fileURLToPath(new URL("../../sst.config.ts", import.meta.url));
    const { default: app } = (await import(config)) as {
      default: { run(): Promise<Record<string, unknown>> };
    };
    const outputs = resolved(await app.run()) as Record<string, string>;
    expect(outputs.mailFeedbackDeadLetter).toBe(
      (recording.get("Queue", "MailFeedbackDeadLetter").instance as { url: string }).url,
    );
    expect(outputs.mailFeedbackFunction).toMatch(/MailFeedbackHandler/);
    expect(outputs.mailDeadLetter).toBe(
      (recording.get("Queue", "MailDeadLetter").instance as { url: string }).url,
    );
    expect(outputs.sweeperFunction).toMatch(/UnpaidOrderSweeper/);
  });
});
