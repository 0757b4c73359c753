import { type ShippingAddress, ShippingAddressSchema } from "@fruit/core/browser/orders";
import * as v from "valibot";

/** True once a full shipping address has been saved (the map alone does not make one). */
export function isAddressComplete(address: ShippingAddress | null): address is ShippingAddress {
  return address !== null && v.is(ShippingAddressSchema, address);
}
