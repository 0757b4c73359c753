import { readRuntimeFile } from "@fruit/local/runtime-file";
import type { TestProject } from "vitest/node";
import { startShop } from "../support/shop.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the one shop every browser journey runs against, e.g. `http://127.0.0.1:41234`. */
    shopUrl: string;
    /** The shop's local SES emulator (`GET <mailUrl>/store` lists the mails it was given). */
    mailUrl: string;
  }
}

/**
 * Starts ONE shop (as `npm start` does, on a free port over a temporary data directory, seeded) for
 * all browser journeys, and stops it, Java included, when the run ends. Journeys that change data
 * create their own accounts and products, so they do not depend on each other's order.
 */
export default async function setup(project: TestProject) {
  const shop = await startShop();
  project.provide("shopUrl", shop.url);
  // The emulator's endpoint, as the shop handed it to core (its runtime file in the data dir).
  project.provide("mailUrl", readRuntimeFile(shop.dataDir)?.env.SES_ENDPOINT ?? "");
  return () => shop.stop();
}
