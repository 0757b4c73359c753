import type { Subscription } from "@fruit/core/browser/subscriptions";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shop } from "../../lib/shop-store.ts";
import { fakeApi, pageAnswer, renderScreen, resetShop } from "../../test/render.tsx";
import { DeliverEveryWeekButton } from "./deliver-every-week.tsx";
import { MySubscriptionsPage } from "./my-subscriptions-page.tsx";

/**
 * "My subscriptions" and the "Deliver every week" dialog (docs/decisions/051-standing-orders.md):
 * each action sends its route and body, and the dialog offers the saved addresses as checkout does.
 */

const ann = { _id: "u1", name: "Ann", email: "ann@example.com", isAdmin: false, token: "t" };
const home = {
  fullName: "Ann Home",
  address: "1 Orchard Rd",
  city: "Montréal",
  postalCode: "H2X 1Y4",
  country: "Canada",
};
const work = { ...home, fullName: "Ann Work", address: "9 Market St", postalCode: "H3B 2Y5" };

const subscription = (over: Partial<Subscription> = {}): Subscription => ({
  _id: "s1",
  user: { _id: ann._id, name: ann.name },
  status: "active",
  items: [{ _id: "p1", quantity: 2, substitute: "no", name: "Kiwis" }],
  window: { weekday: 2, start: "10:00", end: "12:00" },
  every: 1,
  startsOn: "2026-12-08",
  endsOn: null,
  shippingAddress: home,
  pausedUntil: null,
  skips: [],
  next: {
    date: "2026-12-08",
    cutoffAt: "2026-12-07T15:00:00.000Z",
    opensAt: "2026-12-04T15:00:00.000Z",
    estimatedTotal: 9.5,
  },
  createdAt: "2026-11-29T10:00:00.000Z",
  cancelledAt: null,
  ...over,
});

beforeEach(() => {
  resetShop();
  shop.signIn(ann);
});
afterEach(() => vi.unstubAllGlobals());

describe("My subscriptions", () => {
  it("shows each subscription's next box, and skips, takes back, changes, pauses and cancels", async () => {
    let current = subscription({ skips: ["2026-12-15"] });
    const answer = (next: Partial<Subscription>) => () => {
      current = { ...current, ...next };
      return current;
    };
    const api = fakeApi({
      "GET /api/subscriptions/mine": () => pageAnswer([current])(),
      "POST /api/subscriptions/s1/skips": answer({ skips: ["2026-12-08", "2026-12-15"] }),
      "DELETE /api/subscriptions/s1/skips/2026-12-15": answer({ skips: ["2026-12-08"] }),
      "PUT /api/subscriptions/s1": (body: unknown) => answer(body as Partial<Subscription>)(),
      "DELETE /api/subscriptions/s1": answer({ status: "cancelled", next: null }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<MySubscriptionsPage />, { path: "/subscriptions" });

    expect(await screen.findByText("Next box: Tue, Dec 8")).toBeInTheDocument();
    expect(screen.getByText("Kiwis × 2")).toBeInTheDocument();
    expect(screen.getByText("About $9.50 at today's prices")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Skip Tue, Dec 8" }));
    await waitFor(() =>
      expect(api.calls).toContainEqual(
        expect.objectContaining({
          method: "POST",
          path: "/api/subscriptions/s1/skips",
          body: { date: "2026-12-08" },
        }),
      ),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Deliver on Tue, Dec 15 after all" }));
    await waitFor(() =>
      expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain(
        "DELETE /api/subscriptions/s1/skips/2026-12-15",
      ),
    );

    await userEvent.click(screen.getByRole("radio", { name: "Every other week" }));
    await waitFor(() =>
      expect(api.calls).toContainEqual(
        expect.objectContaining({ method: "PUT", path: "/api/subscriptions/s1", body: { every: 2 } }),
      ),
    );

    await userEvent.click(screen.getByRole("button", { name: "Pause 4 weeks" }));
    await waitFor(() =>
      expect(api.calls).toContainEqual(
        expect.objectContaining({
          method: "PUT",
          body: { pausedUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
        }),
      ),
    );

    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() =>
      expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain("DELETE /api/subscriptions/s1"),
    );
    // Cancelled: no box ahead and nothing left to do.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Cancel" })).not.toBeInTheDocument());
    expect(screen.queryByText(/^Next box/)).not.toBeInTheDocument();
  });

  it("says how to start when there is none", async () => {
    vi.stubGlobal("fetch", fakeApi({ "GET /api/subscriptions/mine": pageAnswer([]) }).fetch);
    renderScreen(<MySubscriptionsPage />, { path: "/subscriptions" });
    expect(await screen.findByText(/No standing order yet/)).toBeInTheDocument();
  });
});

describe("the Deliver every week dialog", () => {
  const slot = (date: string) => ({
    id: `${date}-1000-1200`,
    date,
    start: "10:00",
    end: "12:00",
    startsAt: `${date}T15:00:00.000Z`,
    endsAt: `${date}T17:00:00.000Z`,
    cutoffAt: `${date}T03:00:00.000Z`,
    capacity: 10,
    remaining: 10,
    booked: 0,
    closed: false,
  });

  it("offers the saved addresses, the default first, and subscribes to the one chosen", async () => {
    const api = fakeApi({
      "GET /api/users/addresses": [
        { _id: "a1", ...home, isDefault: false },
        { _id: "a2", ...work, isDefault: true },
      ],
      "GET /api/delivery/slots": [slot("2026-12-08")],
      "POST /api/subscriptions": (body: unknown) => ({ ...subscription(), ...(body as object) }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<DeliverEveryWeekButton items={[{ _id: "p1", name: "Kiwis", quantity: 2 }]} />, {
      routes: { "/subscriptions": "My subscriptions screen" },
    });
    await userEvent.click(screen.getByRole("button", { name: "Deliver every week" }));
    const dialog = await screen.findByRole("dialog");
    const choices = within(dialog).getByRole("radiogroup", { name: "Deliver to" });
    const radios = await within(choices).findAllByRole("radio");
    expect(radios).toHaveLength(2);
    expect(radios[0]).toBe(within(choices).getByRole("radio", { name: /Ann Work.*\(default\)/ }));
    expect(radios[0]).toBeChecked();
    await userEvent.click(within(choices).getByRole("radio", { name: /Ann Home/ }));
    // The windows are those serving the address chosen.
    await waitFor(() =>
      expect(api.calls.map((c) => c.path)).toContain("/api/delivery/slots?postalCode=H2X+1Y4"),
    );
    await userEvent.click(await within(dialog).findByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText("My subscriptions screen")).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
      items: [{ _id: "p1", quantity: 2 }],
      window: { weekday: 2, start: "10:00", end: "12:00" },
      every: 1,
      startsOn: "2026-12-08",
      shippingAddress: home,
    });
  });

  it("offers the checkout's address beside the saved ones unless it is one of them", async () => {
    shop.saveShippingAddress(work);
    const api = fakeApi({
      "GET /api/users/addresses": [{ _id: "a1", ...home, isDefault: true }],
      "GET /api/delivery/slots": [slot("2026-12-08")],
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<DeliverEveryWeekButton items={[{ _id: "p1", name: "Kiwis", quantity: 1 }]} />);
    await userEvent.click(screen.getByRole("button", { name: "Deliver every week" }));
    const choices = await screen.findByRole("radiogroup", { name: "Deliver to" });
    const radios = await within(choices).findAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("value"))).toEqual(["a1", "checkout"]);
    expect(within(choices).getByRole("radio", { name: /Ann Work/ })).not.toBeChecked();
  });

  it("asks for an address when there is none", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({ "GET /api/users/addresses": [], "GET /api/delivery/slots": [slot("2026-12-08")] }).fetch,
    );
    renderScreen(<DeliverEveryWeekButton items={[{ _id: "p1", name: "Kiwis", quantity: 1 }]} />);
    await userEvent.click(screen.getByRole("button", { name: "Deliver every week" }));
    expect(await screen.findByText(/Enter your shipping address first/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Subscribe" })).not.toBeInTheDocument();
  });
});
