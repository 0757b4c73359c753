import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { lineRates, PriceSummary, taxLabel } from "./price-summary.tsx";

const prices = { itemsPrice: 20, shippingPrice: 10, taxPrice: 1.5, totalPrice: 31.5 };

describe("the tax row's label", () => {
  it("names the one rate every line is taxed at, the original 15 % by default", () => {
    expect(taxLabel([])).toBe("Tax (15%)");
    expect(taxLabel([14.975, 14.975])).toBe("Tax (14.975%)");
  });

  it("names no rate when the lines' classes are taxed differently", () => {
    expect(taxLabel([0, 14.975])).toBe("Tax");
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
    render(
      <MantineProvider>
        <PriceSummary prices={prices} taxRates={[0, 14.975]} />
      </MantineProvider>,
    );
    expect(screen.getByText("Tax")).toBeInTheDocument();
    expect(screen.queryByText(/Tax \(/)).toBeNull();
  });
});
