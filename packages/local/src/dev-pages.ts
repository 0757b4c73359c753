import { existsSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { join } from "node:path";

/**
 * `npm run dev`: Vite's dev server in middleware mode inside the shop's own HTTP server, so pages
 * (with HMR over the same port), `/api` and `/images` share one origin, as in production.
 * Vite is imported only here, so `npm start` never loads it.
 */
export async function createDevPages(
  webDir: string,
  server: Server,
): Promise<{ handle: (req: IncomingMessage, res: ServerResponse) => void; close(): Promise<void> }> {
  const { createServer } = await import("vite");
  const configFile = join(webDir, "vite.config.ts");
  const vite = await createServer({
    root: webDir,
    configFile: existsSync(configFile) ? configFile : false,
    appType: "spa",
    server: { middlewareMode: true, ws: { server } },
  });
  return {
    handle: (req, res) => vite.middlewares(req, res),
    close: () => vite.close(),
  };
}
