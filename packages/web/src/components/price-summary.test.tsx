import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LocaleProvider } from "../i18n/intl.tsx";
import { messages } from "../i18n/messages/fr-CA.ts";
import { makeIntl } from "../i18n/page-intl.ts";
import { lineRates, PriceSummary, taxRate } from "./price-summary.tsx";

const prices = { itemsPrice: 20, shippingPrice: 10, taxPrice: 1.5, totalPrice: 31.5 };

/** Intl's no-break and thin spaces as plain ones, so expectations read as typed. */
const spaced = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f\u2009]/g, " ");

const summary = (locale: "en" | "fr-CA", taxRates: number[]) =>
  render(
    <LocaleProvider intl={makeIntl(locale, locale === "en" ? {} : messages)}>
      <MantineProvider>
        <PriceSummary prices={prices} taxRates={taxRates} />
      </MantineProvider>
    </LocaleProvider>,
  );

/** The summary's rows as "label: value". */
const rows = (container: HTMLElement) =>
  [...container.querySelectorAll("dt")].map((dt) =>
    spaced(`${dt.textContent}: ${dt.nextElementSibling?.textContent}`),
  );

describe("the tax row's label", () => {
  it("names the one rate every line is taxed at, the original 15 % by default", () => {
    expect(taxRate([])).toBe(15);
    expect(taxRate([14.975, 14.975])).toBe(14.975);
  });

  it("names no rate when the lines' classes are taxed differently", () => {
    expect(taxRate([0, 14.975])).toBeUndefined();
  });

  it("reads each line's rate from the shop's classes, a line without one (or an unknown one) as standard", () => {
    const taxRates = [
      { id: "standard", rate: 14.975 },
      { id: "produce", rate: 0 },
    ];
    expect(lineRates([{ taxClass: "produce" }, {}, { taxClass: "gone" }], taxRates)).toEqual([
      0, 14.975, 14.975,
    ]);
    expect(lineRates([{ taxClass: "produce" }], undefined)).toEqual([15]);
  });

  it("is what the summary shows", () => {
    summary("en", [0, 14.975]);
    expect(screen.getByText("Tax")).toBeInTheDocument();
    expect(screen.queryByText(/Tax \(/)).toBeNull();
  });
});

describe("the summary in each language", () => {
  it("reads dollars as '$12.49' in English and '12,49 $ US' in French, with the rate in each one's digits", () => {
    expect(rows(summary("en", [14.975]).container)).toEqual([
      "Subtotal: $20.00",
      "Shipping: $10.00",
      "Tax (14.975%): $1.50",
      "Total: $31.50",
    ]);
    expect(rows(summary("fr-CA", [14.975]).container)).toEqual([
      "Sous-total: 20,00 $ US",
      "Livraison: 10,00 $ US",
      "Taxes (14,975 %): 1,50 $ US",
      "Total: 31,50 $ US",
    ]);
  });
});
