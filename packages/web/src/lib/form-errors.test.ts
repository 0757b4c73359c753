import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { fieldErrors, parseForm } from "./form-errors.ts";

const Schema = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.trim(), v.nonEmpty("Name is required"), v.minLength(3, "Name is too short")),
    email: v.pipe(v.string(), v.email("Email is invalid")),
    location: v.object({ lat: v.pipe(v.number(), v.maxValue(90, "Latitude is at most 90")) }),
  }),
  v.check((form) => form.name !== form.email, "Name and email must differ"),
);

describe("form errors from valibot issues", () => {
  it("files the first message of each field under that field", () => {
    const result = v.safeParse(Schema, { name: "", email: "nope", location: { lat: 0 } });
    // Both rules of `name` fail ("" is empty and shorter than 3): the first one is shown.
    expect(result.issues?.filter((issue) => issue.path?.[0]?.key === "name")).toHaveLength(2);
    expect(fieldErrors(result.issues ?? [])).toEqual({ name: "Name is required", email: "Email is invalid" });
  });

  it("files a nested issue under its top-level field and leaves out issues of the whole form", () => {
    const result = parseForm(Schema, {
      name: "same@example.com",
      email: "same@example.com",
      location: { lat: 91 },
    });
    expect(result).toEqual({ ok: false, errors: { location: "Latitude is at most 90" } });
    const whole = parseForm(Schema, {
      name: "same@example.com",
      email: "same@example.com",
      location: { lat: 1 },
    });
    expect(whole).toEqual({ ok: false, errors: {} });
  });

  it("gives the parsed output when the form is valid", () => {
    expect(parseForm(Schema, { name: "  Ann  ", email: "ann@example.com", location: { lat: 1 } })).toEqual({
      ok: true,
      output: { name: "Ann", email: "ann@example.com", location: { lat: 1 } },
    });
  });
});
