import { type SavedAddress, SavedAddressInputSchema } from "@fruit/core/browser/addresses";
import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { defineMessage, type MessageDescriptor } from "react-intl";
import * as v from "valibot";
import { useT } from "../../i18n/intl.tsx";
import { type FieldErrors, translatedFieldErrors } from "../../lib/form-errors.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { addressInputOf, useAddressChanges, useSavedAddresses } from "../../resources/addresses.ts";

type Field = "fullName" | "address" | "city" | "postalCode" | "country";
/** The checkout form's labels (orders/checkout/shipping-form.tsx): one message each. */
const FIELDS: { key: Field; label: MessageDescriptor }[] = [
  { key: "fullName", label: defineMessage({ id: "address.fullName", defaultMessage: "Full Name" }) },
  { key: "address", label: defineMessage({ id: "address.address", defaultMessage: "Address" }) },
  { key: "city", label: defineMessage({ id: "address.city", defaultMessage: "City" }) },
  { key: "postalCode", label: defineMessage({ id: "address.postalCode", defaultMessage: "Postal Code" }) },
  { key: "country", label: defineMessage({ id: "address.country", defaultMessage: "Country" }) },
];

/** The five fields of one address, checked with the server's schema; its map location is kept. */
function AddressEditor({ address, onDone }: { address: SavedAddress; onDone: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>(() => {
    const { fullName, address: street, city, postalCode, country } = address;
    return { fullName, address: street, city, postalCode, country };
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const { change } = useAddressChanges();
  const t = useT();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(SavedAddressInputSchema, { ...addressInputOf(address), ...values });
    if (!parsed.success) {
      const labels = Object.fromEntries(FIELDS.map((field) => [field.key, t(field.label)]));
      return setErrors(translatedFieldErrors(parsed.issues, t, labels as Record<Field, string>));
    }
    setBusy(true);
    try {
      await change(address._id, parsed.output);
      notifySuccess(t({ id: "addresses.saved", defaultMessage: "Address saved" }));
      onDone();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={save}
      noValidate
      aria-label={t(
        { id: "addresses.edit.label", defaultMessage: "Edit {name}" },
        { name: `${address.fullName}, ${address.address}` },
      )}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {FIELDS.map((field) => (
          <TextInput
            key={field.key}
            label={t(field.label)}
            required
            value={values[field.key]}
            error={errors[field.key]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, [field.key]: value }));
            }}
          />
        ))}
      </SimpleGrid>
      <Group mt="sm" gap="xs">
        <Button type="submit" size="xs" radius="xl" loading={busy}>
          {t({ id: "addresses.save", defaultMessage: "Save" })}
        </Button>
        <Button size="xs" radius="xl" variant="default" onClick={onDone}>
          {t({ id: "addresses.cancel", defaultMessage: "Cancel" })}
        </Button>
      </Group>
    </form>
  );
}

/** One saved address: its lines, and Make default, Edit and Delete. */
function AddressCard({ address }: { address: SavedAddress }) {
  const [editing, setEditing] = useState(false);
  const { change, remove } = useAddressChanges();
  const t = useT();
  const act = (work: () => Promise<unknown>, done: string) => () =>
    work().then(() => notifySuccess(done), notifyError);
  const name = `${address.fullName}, ${address.address}`;
  if (editing) return <AddressEditor address={address} onDone={() => setEditing(false)} />;
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0} style={{ overflowWrap: "anywhere" }}>
          <Text fw={600}>{address.fullName}</Text>
          <Text size="sm">{address.address}</Text>
          <Text size="sm">
            {address.city} {address.postalCode}, {address.country}
          </Text>
        </Stack>
        {address.isDefault && (
          <Badge variant="light">{t({ id: "addresses.default", defaultMessage: "Default" })}</Badge>
        )}
      </Group>
      <Group mt="xs" gap="xs">
        {!address.isDefault && (
          <Button
            size="xs"
            variant="light"
            radius="xl"
            aria-label={t(
              { id: "addresses.makeDefault.label", defaultMessage: "Make {name} the default" },
              { name },
            )}
            onClick={act(
              () => change(address._id, { ...addressInputOf(address), isDefault: true }),
              t({ id: "addresses.defaultChanged", defaultMessage: "Default address changed" }),
            )}
          >
            {t({ id: "addresses.makeDefault", defaultMessage: "Make default" })}
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          radius="xl"
          aria-label={t({ id: "addresses.edit.label", defaultMessage: "Edit {name}" }, { name })}
          onClick={() => setEditing(true)}
        >
          {t({ id: "addresses.edit", defaultMessage: "Edit" })}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          radius="xl"
          aria-label={t({ id: "addresses.delete.label", defaultMessage: "Delete {name}" }, { name })}
          onClick={act(
            () => remove(address._id),
            t({ id: "addresses.deleted", defaultMessage: "Address deleted" }),
          )}
        >
          {t({ id: "addresses.delete", defaultMessage: "Delete" })}
        </Button>
      </Group>
    </Card>
  );
}

/** The profile's saved addresses (GET /api/users/addresses); new ones are saved at checkout. */
export function SavedAddresses() {
  const { data: addresses, error } = useSavedAddresses(true);
  const t = useT();
  return (
    <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }} shadow="sm" mt="lg" component="section">
      <Title order={2} size="h3" mb="sm">
        {t({ id: "addresses.title", defaultMessage: "Saved addresses" })}
      </Title>
      {error ? (
        <Text c="red">
          {t({ id: "addresses.loadFailed", defaultMessage: "Your addresses could not be loaded." })}
        </Text>
      ) : !addresses ? (
        <Text c="dimmed">{t({ id: "addresses.loading", defaultMessage: "Loading addresses…" })}</Text>
      ) : addresses.length === 0 ? (
        <Text c="dimmed">
          {t({
            id: "addresses.none",
            defaultMessage: "No saved addresses yet: tick “Save this address” at checkout.",
          })}
        </Text>
      ) : (
        <Stack gap="sm">
          {addresses.map((address) => (
            <AddressCard key={address._id} address={address} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
