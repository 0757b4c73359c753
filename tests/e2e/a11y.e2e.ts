import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { signInThroughApi, waitReady } from "./journeys.ts";

/**
 * axe-core over the main storefront screens (as a visitor and as a signed-in customer): no serious
 * or critical violations.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let browser: Browser;
let shopUrl: string;
beforeAll(async () => {
  shopUrl = inject("shopUrl");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through DevTools, not as an inline <script>: the shop's CSP (rightly) refuses those.
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page
    const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

async function scan(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(path);
  await waitReady(page);
  await ready(page);
  return seriousViolations(page);
}

describe("accessibility (axe-core)", () => {
  it("public screens have no serious or critical violations", async () => {
    const page = await browser.newPage({ baseURL: shopUrl });
    try {
      const found: Record<string, string[]> = {};
      const screens: [string, (page: Page) => Promise<unknown>][] = [
        ["/", (p) => p.getByRole("heading", { name: "Fresh from the farm" }).waitFor()],
        ["/products", (p) => p.locator("article").first().waitFor()],
        ["/product/strawberry", (p) => p.getByRole("heading", { name: "Reviews" }).waitFor()],
        ["/about", (p) => p.getByRole("heading", { name: "We sale fresh fruits" }).waitFor()],
        ["/contact", (p) => p.getByRole("heading", { name: "Contact us" }).waitFor()],
        ["/login", (p) => p.getByRole("button", { name: "Sign In" }).waitFor()],
        ["/register", (p) => p.getByRole("button", { name: "Sign Up" }).waitFor()],
        ["/cart", (p) => p.getByText("Cart is empty, Please add to cart").waitFor()],
      ];
      for (const [path, ready] of screens) found[path] = await scan(page, path, ready);
      expect(found).toEqual(Object.fromEntries(screens.map(([path]) => [path, []])));
    } finally {
      await page.close();
    }
  });

  it("signed-in screens have no serious or critical violations", async () => {
    const userInfo = await signInThroughApi({ email: "user@example.com", password: "user1234" });
    const context = await browser.newContext({ baseURL: shopUrl });
    await context.addInitScript((info) => localStorage.setItem("userInfo", JSON.stringify(info)), userInfo);
    const page = await context.newPage();
    try {
      const found: Record<string, string[]> = {};
      const screens: [string, (page: Page) => Promise<unknown>][] = [
        ["/checkout", (p) => p.getByRole("heading", { name: "Payment Details" }).waitFor()],
        ["/orderhistory", (p) => p.getByRole("heading", { name: "Order History" }).waitFor()],
        ["/profile", (p) => p.getByRole("heading", { name: "User Profile" }).waitFor()],
        ["/product/cherry", (p) => p.getByRole("heading", { name: "Write a customer review" }).waitFor()],
      ];
      for (const [path, ready] of screens) found[path] = await scan(page, path, ready);
      expect(found).toEqual(Object.fromEntries(screens.map(([path]) => [path, []])));
    } finally {
      await context.close();
    }
  });
});
