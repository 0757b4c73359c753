import { ConfigError } from "@fruit/core/config";
import { setLogFormat } from "@fruit/core/log";
import { type LocalConfig, LocalConfigError, loadLocalConfig } from "./local-config.ts";
import { type LocalShop, startLocalShop } from "./local-shop.ts";
import { StartupError } from "./services.ts";
import type { WebBuildResult } from "./web-build.ts";

/**
 * `npm start` / `npm run dev`: the shop on one machine. Prints where it runs and how to sign in;
 * Ctrl-C (SIGINT) or SIGTERM stops every child process, so no Java is left behind.
 */

/** Known start-up problems are one line for a person; anything else keeps its stack for a bug report. */
function exitWithError(error: unknown): never {
  const readable =
    error instanceof StartupError || error instanceof LocalConfigError || error instanceof ConfigError;
  console.error(readable ? `fruit-shop: ${(error as Error).message}` : error);
  process.exit(1);
}

function describeWebBuild(result: WebBuildResult | undefined): string | undefined {
  if (!result) return "  Pages     served by Vite with hot reload (dev mode)";
  if (result.status === "built") return "  Pages     built the web app (packages/web/dist)";
  if (result.status === "missing") return `  Pages     not available: ${result.reason}`;
  if (result.status === "failed") {
    return `  Pages     the web app failed to build${result.stale ? "; serving the previous build" : ""}:\n${result.reason}`;
  }
  return undefined;
}

function printBanner(config: LocalConfig, shop: LocalShop): void {
  const { admin, customer } = config.accounts;
  const lines = [
    `Fruit shop running at ${shop.url}${config.dev ? " (dev mode)" : ""}`,
    `  Admin     ${admin.email} / ${admin.password}`,
    `  Customer  ${customer.email} / ${customer.password}`,
    `  Data      ${config.dataDir} (${shop.seeded ? "seeded just now" : "kept from the last start"}; delete it to start over)`,
    `  Payments  ${config.apiEnv.PAYMENTS === "test" ? "test payments, no money moves" : "PayPal"}`,
    `  Mails     ${shop.mailUrl} (every mail the shop sent since this start; JSON at ${shop.mailUrl}/store)`,
    describeWebBuild(shop.webBuild),
    "Press Ctrl-C to stop.",
  ];
  console.log(lines.filter((line) => line !== undefined).join("\n"));
}

async function main(): Promise<void> {
  // A person reads this console: one readable line per log line (Lambda keeps JSON: core's log.ts).
  setLogFormat("text");
  let config: LocalConfig;
  try {
    config = loadLocalConfig(process.env, process.argv.slice(2));
  } catch (error) {
    exitWithError(error);
  }

  let shop: LocalShop | undefined;
  let javaPid: number | undefined;
  let signalled = false;
  const stoppedCleanly = (): never => {
    javaPid = undefined; // Java has exited; its pid may belong to someone else by now
    process.exit(0);
  };
  const shutDown = (signal: NodeJS.Signals) => {
    if (signalled) {
      // A second Ctrl-C: stop waiting; the exit hook below still kills Java.
      process.exit(130);
    }
    signalled = true;
    console.log(`\n${signal}: stopping the shop...`);
    // While starting, the start itself notices the signal and stops what it started.
    if (shop) void shop.stop().finally(() => stoppedCleanly());
  };
  process.on("SIGINT", shutDown);
  process.on("SIGTERM", shutDown);
  // Last resort on any exit (an uncaught error, a second Ctrl-C): Java is a separate process.
  process.on("exit", () => {
    if (javaPid) {
      try {
        process.kill(javaPid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  });

  try {
    shop = await startLocalShop(config, { javaStarted: (pid) => (javaPid = pid) });
  } catch (error) {
    exitWithError(error);
  }
  if (signalled) {
    await shop.stop();
    stoppedCleanly();
  }
  printBanner(config, shop);
}

await main();
