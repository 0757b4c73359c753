import type { Zone } from "@fruit/core/browser/zones";
import { screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderScreen, resetShop } from "../../../test/render.tsx";
import { ZonesMap } from "./zones-map.tsx";

// Google's script cannot load here: the map's components render what they were given to draw.
vi.mock("@vis.gl/react-google-maps", () => ({
  APIProvider: ({ apiKey, children }: { apiKey: string; children: ReactNode }) => (
    <div data-testid="maps-api" data-key={apiKey}>
      {children}
    </div>
  ),
  Map: ({ children }: { children: ReactNode }) => <div data-testid="google-map">{children}</div>,
  Polygon: ({ paths }: { paths: { lat: number; lng: number }[] }) => (
    <div data-testid="polygon" data-paths={JSON.stringify(paths)} />
  ),
  Circle: ({ center, radius }: { center: { lat: number; lng: number }; radius: number }) => (
    <div data-testid="circle" data-center={JSON.stringify(center)} data-radius={radius} />
  ),
}));

const zone = (id: string, match: Zone["match"]): Zone => ({
  id,
  name: id.toUpperCase(),
  match,
  fee: 8,
  freeOver: null,
  minimumItemsPrice: 0,
});
const zones = [
  zone("plateau", {
    polygon: [
      [45.51, -73.6],
      [45.51, -73.56],
      [45.54, -73.56],
    ],
  }),
  zone("west", { centre: { lat: 45.45, lng: -73.75 }, radiusKm: 2.5 }),
  zone("island", { postalPrefixes: ["H1", "H2"] }),
];

beforeEach(resetShop);
afterEach(() => vi.unstubAllGlobals());

describe("the zones map of the Delivery screen", () => {
  it("draws polygons and circles where a maps key is configured, and lists the postal prefixes", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/keys/google": { key: "browser-key" } }).fetch);
    renderScreen(<ZonesMap zones={zones} />, { path: "/admin/delivery" });
    const polygon = await screen.findByTestId("polygon");
    expect(screen.getByTestId("maps-api")).toHaveAttribute("data-key", "browser-key");
    expect(JSON.parse(polygon.getAttribute("data-paths") ?? "")).toEqual([
      { lat: 45.51, lng: -73.6 },
      { lat: 45.51, lng: -73.56 },
      { lat: 45.54, lng: -73.56 },
    ]);
    const circle = screen.getByTestId("circle");
    expect(JSON.parse(circle.getAttribute("data-center") ?? "")).toEqual({ lat: 45.45, lng: -73.75 });
    expect(circle).toHaveAttribute("data-radius", "2500");
    expect(screen.getByRole("list", { name: "Zones by postal code" })).toHaveTextContent(
      "ISLAND: postal codes H1, H2",
    );
  });

  it("lists every zone's prefixes and coordinates, with no map, without a key", async () => {
    const api = fakeApi({ "GET /api/keys/google": { key: "" } });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<ZonesMap zones={zones} />, { path: "/admin/delivery" });
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    const list = await screen.findByRole("list", { name: "Zones" });
    expect(list).toHaveTextContent("PLATEAU: polygon (45.51, -73.6) (45.51, -73.56) (45.54, -73.56)");
    expect(list).toHaveTextContent("WEST: within 2.5 km of (45.45, -73.75)");
    expect(list).toHaveTextContent("ISLAND: postal codes H1, H2");
    expect(screen.queryByTestId("google-map")).not.toBeInTheDocument();
  });
});
