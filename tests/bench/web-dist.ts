import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureWebBuild } from "@fruit/local/web-build";
import type { BenchContext } from "./types.ts";

export const WEB = fileURLToPath(new URL("../../packages/web/", import.meta.url));
export const DIST = join(WEB, "dist");

/**
 * The build `npm start` serves (React's production build), rebuilt when a source is newer than
 * dist, or from scratch with BENCH_WEB_REBUILD=1.
 */
export async function builtWeb(context: BenchContext): Promise<void> {
  if (process.env.BENCH_WEB_REBUILD === "1") rmSync(DIST, { recursive: true, force: true });
  const built = await ensureWebBuild({ webDir: WEB, webDist: DIST });
  if (built.status === "built") context.log("built packages/web (vite build)");
  if (built.status === "failed" || built.status === "missing") throw new Error(built.reason);
}
