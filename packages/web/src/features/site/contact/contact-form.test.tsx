import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureApi } from "../../../lib/api.ts";
import { getShopState } from "../../../lib/shop-store.ts";
import { fakeApi, renderScreen, resetShop } from "../../../test/render.tsx";
import { ContactForm } from "./contact-form.tsx";

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("../../../lib/notify.ts", () => ({
  notifySuccess: notify.success,
  notifyError: notify.error,
  notifyInfo: vi.fn(),
}));

beforeEach(() => {
  resetShop();
  configureApi({ token: () => getShopState().userInfo?.token, onUnauthorized: () => {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  notify.success.mockReset();
  notify.error.mockReset();
});

const fill = async () => {
  await userEvent.type(screen.getByRole("textbox", { name: /^Name/ }), "Ann");
  await userEvent.type(screen.getByRole("textbox", { name: /^Email/ }), "ann@example.com");
  await userEvent.type(screen.getByRole("textbox", { name: /^Subject/ }), "Cherries");
  await userEvent.type(screen.getByRole("textbox", { name: /^Message/ }), "When are they in?");
};

describe("contact form", () => {
  it("posts the message with the honeypot left empty, and says it was received", async () => {
    const api = fakeApi({
      "POST /api/contact": new Response(JSON.stringify({ message: "ok" }), { status: 202 }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<ContactForm />, { path: "/contact" });
    await fill();
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(expect.stringMatching(/We will answer by e-mail/)),
    );
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.body).toEqual({
      name: "Ann",
      email: "ann@example.com",
      subject: "Cherries",
      message: "When are they in?",
      website: "",
    });
  });

  it("shows the API's refusal (the hourly limit) as it is", async () => {
    const refusal = {
      message: "Too many requests: at most 5 an hour, please try again later",
      code: "RATE_LIMITED",
    };
    vi.stubGlobal(
      "fetch",
      fakeApi({ "POST /api/contact": new Response(JSON.stringify(refusal), { status: 429 }) }).fetch,
    );
    renderScreen(<ContactForm />, { path: "/contact" });
    await fill();
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(notify.error).toHaveBeenCalledWith(expect.objectContaining({ message: refusal.message }));
    expect(notify.success).not.toHaveBeenCalled();
  });
});
