import { type ShippingAddress, ShippingAddressSchema } from "@fruit/core/browser/orders";
import { Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { defineMessage, type MessageDescriptor } from "react-intl";
import { useNavigate } from "react-router-dom";
import { MapPinIcon } from "../../../components/icons.tsx";
import { useT } from "../../../i18n/intl.tsx";
import { type FieldErrors, parseForm } from "../../../lib/form-errors.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { shop, useShop } from "../../../lib/shop-store.ts";

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseForm(ShippingAddressSchema, values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    // The store keeps a location chosen on the map; the form sends only its five fields.
    const { fullName, address, city, postalCode, country } = parsed.output;
    shop.saveShippingAddress({ fullName, address, city, postalCode, country });
    notifySuccess(t({ id: "address.saved", defaultMessage: "Shipping address saved" }));
    navigate("/checkout#payment", { replace: true });
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
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {FIELDS.map((field) => (
              <TextInput
                key={field.key}
                label={t(field.label)}
                required
                autoComplete={field.autoComplete}
                value={values[field.key]}
                error={errors[field.key]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [field.key]: value }));
                }}
              />
            ))}
          </SimpleGrid>
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
