import type { SavedAddress } from "@fruit/core/browser/addresses";
import { priceLines } from "@fruit/core/browser/money";
import { type ShippingAddress, ShippingAddressSchema } from "@fruit/core/browser/orders";
import {
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { defineMessage, type MessageDescriptor } from "react-intl";
import { useNavigate } from "react-router-dom";
import * as v from "valibot";
import { MapPinIcon } from "../../../components/icons.tsx";
import { useT } from "../../../i18n/intl.tsx";
import { type FieldErrors, translatedFieldErrors } from "../../../lib/form-errors.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { getShopState, shop, useShop } from "../../../lib/shop-store.ts";
import { addressInputOf, useAddressChanges, useSavedAddresses } from "../../../resources/addresses.ts";
import { useDeliveryQuote, ZoneNote } from "../../delivery/index.ts";
import { SavedAddressPicker } from "./saved-address-picker.tsx";

/** The five typed fields; the location comes from the map. */
type Field = Exclude<keyof ShippingAddress, "location">;
const FIELDS: { key: Field; label: MessageDescriptor; autoComplete: string }[] = [
  {
    key: "fullName",
    label: defineMessage({ id: "address.fullName", defaultMessage: "Full Name" }),
    autoComplete: "name",
  },
  {
    key: "address",
    label: defineMessage({ id: "address.address", defaultMessage: "Address" }),
    autoComplete: "street-address",
  },
  {
    key: "city",
    label: defineMessage({ id: "address.city", defaultMessage: "City" }),
    autoComplete: "address-level2",
  },
  {
    key: "postalCode",
    label: defineMessage({ id: "address.postalCode", defaultMessage: "Postal Code" }),
    autoComplete: "postal-code",
  },
  {
    key: "country",
    label: defineMessage({ id: "address.country", defaultMessage: "Country" }),
    autoComplete: "country-name",
  },
];

/**
 * The Shipping Address form (docs/product.md §5: all five fields required, checked with the server's schema;
 * the comments box is optional and never saved). Continue saves the address, which unlocks payment.
 * A signed-in shopper picks one of their saved addresses (the default chosen while the checkout has
 * none; the chosen one, map location included, is what the delivery quote prices), or types a new
 * one and may tick "Save this address" (POST /api/users/addresses).
 */
export function ShippingForm() {
  const saved = useShop((s) => s.shippingAddress);
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({
    fullName: saved?.fullName ?? "",
    address: saved?.address ?? "",
    city: saved?.city ?? "",
    postalCode: saved?.postalCode ?? "",
    country: saved?.country ?? "",
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [comments, setComments] = useState("");
  const t = useT();
  const signedIn = useShop((s) => s.userInfo !== null);
  const { data: addresses = [] } = useSavedAddresses(signedIn);
  const [chosen, setChosen] = useState("new");
  const [keep, setKeep] = useState(false);
  const saveAddress = useAddressChanges().add;

  const choose = (address: SavedAddress | undefined) => {
    setChosen(address?._id ?? "new");
    if (!address) return;
    const { location, ...fields } = addressInputOf(address);
    const { isDefault: _default, ...typed } = fields;
    setValues(typed);
    setErrors({});
    shop.chooseShippingAddress({ ...typed, ...(location ? { location } : {}) });
  };
  // The default is preselected while the checkout has no address of its own yet.
  const fallback = addresses.find((a) => a.isDefault);
  // biome-ignore lint/correctness/useExhaustiveDependencies: chosen once per default loaded, not on every render
  useEffect(() => {
    if (fallback && getShopState().shippingAddress === null) choose(fallback);
  }, [fallback?._id]);
  // The zone of the place given so far (the postal code once typed, the map location), before payment
  // (docs/decisions/046-zones-and-tax-classes.md): its fee, minimum and route days.
  const itemsPrice = useShop((s) => priceLines(s.cartItems).itemsPrice);
  const quote = useDeliveryQuote(saved, itemsPrice);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(ShippingAddressSchema, values);
    if (!parsed.success) {
      // The schema's checks, told by kind in the page's language with the labels shown.
      const labels = Object.fromEntries(FIELDS.map((field) => [field.key, t(field.label)]));
      setErrors(translatedFieldErrors(parsed.issues, t, labels as Record<Field, string>));
      return;
    }
    setErrors({});
    // The store keeps a location chosen on the map; the form sends only its five fields.
    const { fullName, address, city, postalCode, country } = parsed.output;
    shop.saveShippingAddress({ fullName, address, city, postalCode, country });
    if (signedIn && keep && chosen === "new") {
      const location = getShopState().shippingAddress?.location;
      saveAddress({
        fullName,
        address,
        city,
        postalCode,
        country,
        ...(location ? { location } : {}),
      }).catch(notifyError);
    }
    notifySuccess(t({ id: "address.saved", defaultMessage: "Shipping address saved" }));
    navigate("/checkout#payment", { replace: true });
  };

  // Keep what was typed so far once the postal code is given: the cart, the zone note and the Delivery
  // step ask by it at once, as they do after the map.
  const keepPostalCode = () => {
    if (values.postalCode.trim() && values.postalCode !== saved?.postalCode)
      shop.saveShippingAddress({ ...values });
  };

  // Keep what was typed so far when leaving for the map (the map adds the location to it).
  const chooseOnMap = () => {
    shop.saveShippingAddress({ ...values });
    navigate("/map");
  };

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      id="shipping"
      component="section"
      aria-labelledby="shipping-title"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="shipping-title">
            {t({ id: "address.title", defaultMessage: "Shipping Address" })}
          </Title>
          {addresses.length > 0 && (
            <SavedAddressPicker addresses={addresses} chosen={chosen} onChoose={choose} />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {FIELDS.map((field) => (
              <TextInput
                key={field.key}
                label={t(field.label)}
                required
                autoComplete={field.autoComplete}
                value={values[field.key]}
                error={errors[field.key]}
                onBlur={field.key === "postalCode" ? keepPostalCode : undefined}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [field.key]: value }));
                  setChosen("new");
                }}
              />
            ))}
          </SimpleGrid>
          {signedIn && chosen === "new" && (
            <Checkbox
              label={t({ id: "address.keep", defaultMessage: "Save this address" })}
              checked={keep}
              onChange={(event) => setKeep(event.currentTarget.checked)}
            />
          )}
          <Textarea
            label={t({ id: "address.comments", defaultMessage: "Comments (optional)" })}
            description={t({
              id: "address.comments.help",
              defaultMessage: "Delivery notes for the driver. Not saved with the address.",
            })}
            value={comments}
            onChange={(event) => setComments(event.currentTarget.value)}
            autosize
            minRows={2}
          />
          {saved?.location && (
            <Group gap="xs" wrap="nowrap" c="green.8">
              <MapPinIcon size={18} />
              <Text size="sm">
                {t(
                  { id: "address.location", defaultMessage: "Location on map: {place}" },
                  {
                    place:
                      saved.location.address ||
                      `${saved.location.lat.toFixed(5)}, ${saved.location.lng.toFixed(5)}`,
                  },
                )}
              </Text>
            </Group>
          )}
          <ZoneNote quote={quote.data} error={quote.error} itemsPrice={itemsPrice} />
          <Group justify="space-between">
            <Button
              variant="default"
              radius="xl"
              leftSection={<MapPinIcon size={16} />}
              onClick={chooseOnMap}
            >
              {t({ id: "address.map", defaultMessage: "Choose on map" })}
            </Button>
            <Button type="submit" radius="xl">
              {t({ id: "address.continue", defaultMessage: "Continue" })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
