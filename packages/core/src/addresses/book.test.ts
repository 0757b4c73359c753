import { describe, expect, it } from "vitest";
import { addressFields, defaultAfterRemoving, toSavedAddress } from "./book.ts";

const ids = ["01JA0000000000000000000001", "01JA0000000000000000000002", "01JA0000000000000000000003"];
const saved = ids.map((id) => ({ id }));
const place = {
  fullName: "Ann",
  address: "1 Orchard Rd",
  city: "Montreal",
  postalCode: "H2X",
  country: "CA",
};

describe("the default after a removal", () => {
  it("stays when another address is removed", () => {
    expect(defaultAfterRemoving(saved, ids[0], ids[2]!)).toBe(ids[0]);
  });

  it("passes to the most recently saved other when the default is removed", () => {
    expect(defaultAfterRemoving(saved, ids[2], ids[2]!)).toBe(ids[1]);
    expect(defaultAfterRemoving(saved, ids[0], ids[0]!)).toBe(ids[2]);
  });

  it("is none only once the last address is removed", () => {
    expect(defaultAfterRemoving([{ id: ids[0]! }], ids[0], ids[0]!)).toBeUndefined();
  });
});

describe("a stored address", () => {
  it("keeps the map location only when one was chosen", () => {
    expect(addressFields({ ...place, location: undefined })).toEqual(place);
    expect(Object.keys(addressFields({ ...place, location: undefined }))).not.toContain("location");
    const location = { lat: 1, lng: 2 };
    expect(addressFields({ ...place, location })).toEqual({ ...place, location });
  });

  it("is the default exactly when the book names it", () => {
    const record = { id: ids[1]!, ...place, createdAt: "x", updatedAt: "y" };
    expect(toSavedAddress(record, ids[1])).toEqual({ _id: ids[1], ...place, isDefault: true });
    expect(toSavedAddress(record, ids[0]).isDefault).toBe(false);
    expect(toSavedAddress(record, undefined).isDefault).toBe(false);
  });
});
