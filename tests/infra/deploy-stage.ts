import { fileURLToPath } from "node:url";
import { afterEach, vi } from "vitest";
import { installRecordingSst, type Recording } from "./recording-sst.ts";

/** Held in a variable so the type-check does not follow it (see tests/infra/infra.test.ts). */
const CONFIG_PATH = fileURLToPath(new URL("../../sst.config.ts", import.meta.url));

/**
 * A suite's way to evaluate `sst.config.ts` for a stage with the recording stand-in: each call runs
 * the stacks afresh (modules reset) and answers what they built; the stand-in is removed after
 * each test.
 *
 * @example
 * const deploy = recordedDeploys();
 * const recording = await deploy("production");
 */
export function recordedDeploys(): (stage: string) => Promise<Recording> {
  let recording: Recording | undefined;
  afterEach(() => recording?.uninstall());
  return async (stage) => {
    vi.resetModules();
    recording = installRecordingSst(stage);
    const { default: config } = (await import(CONFIG_PATH)) as { default: { run(): Promise<unknown> } };
    await config.run();
    // Pulumi would wait forever on a deferred output nothing resolves (stacks/router.ts's page origins).
    if (recording.unresolved() > 0)
      throw new Error(`${recording.unresolved()} deferred output(s) were never resolved`);
    return recording;
  };
}
