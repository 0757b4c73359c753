import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LocaleProvider } from "../../i18n/intl.tsx";
import { quoteKey, shippingOfQuote } from "./use-quote.ts";
import { ZoneNote } from "./zone-note.tsx";

const quote = {
  zone: { id: "plateau", name: "Plateau" },
  shippingPrice: 5,
  freeOver: 60,
  minimumItemsPrice: 25,
  weekdays: [2, 5],
  taxRates: [
    { id: "standard", rate: 14.975 },
    { id: "produce", rate: 0 },
  ],
};
const show = (props: Parameters<typeof ZoneNote>[0]) =>
  render(
    <LocaleProvider>
      <MantineProvider>
        <ZoneNote {...props} />
      </MantineProvider>
    </LocaleProvider>,
  );

describe("the zone note of the cart and the preview", () => {
  it("shows the zone, its fee, what is missing to its minimum and to free delivery, and its days", () => {
    show({ quote, error: undefined, itemsPrice: 20 });
    expect(screen.getByText(/Plateau/, { selector: "strong" })).toBeInTheDocument();
    expect(screen.getByText(/\$5\.00 delivery/)).toBeInTheDocument();
    expect(screen.getByText(/add \$5\.00 more\./)).toBeInTheDocument();
    expect(screen.getByText("Add $40.00 more for free delivery.")).toBeInTheDocument();
    expect(screen.getByText("Delivered on Tuesday and Friday.")).toBeInTheDocument();
  });

  it("says nothing is missing at the exact minimum", () => {
    show({ quote, error: undefined, itemsPrice: 25 });
    expect(screen.queryByText(/start at/)).not.toBeInTheDocument();
  });

  it("asks no quote without a place or for an empty basket, and prices by the zone's shipping", () => {
    expect(quoteKey(null, 10)).toBeNull();
    expect(quoteKey({ postalCode: "H2X 1Y4" }, 0)).toBeNull();
    expect(quoteKey({ postalCode: "H2X 1Y4", location: { lat: 45.5, lng: -73.6 } }, 12.5)).toBe(
      "/api/delivery/quote?postalCode=H2X+1Y4&lat=45.5&lng=-73.6&itemsPrice=12.50",
    );
    expect(shippingOfQuote(quote)).toEqual({
      shipping: { feeCents: 500, freeOverCents: 6000 },
      taxRates: quote.taxRates,
    });
    expect(shippingOfQuote({ ...quote, zone: null })).toEqual({ taxRates: quote.taxRates });
    expect(shippingOfQuote(undefined)).toEqual({});
  });
});
