import { type SavedAddress, SavedAddressInputSchema } from "@fruit/core/browser/addresses";
import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { type FieldErrors, parseForm } from "../../lib/form-errors.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { addressInputOf, useAddressChanges, useSavedAddresses } from "../../resources/addresses.ts";

type Field = "fullName" | "address" | "city" | "postalCode" | "country";
const FIELDS: { key: Field; label: string }[] = [
  { key: "fullName", label: "Full Name" },
  { key: "address", label: "Address" },
  { key: "city", label: "City" },
  { key: "postalCode", label: "Postal Code" },
  { key: "country", label: "Country" },
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
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseForm(SavedAddressInputSchema, { ...addressInputOf(address), ...values });
    if (!parsed.ok) return setErrors(parsed.errors as FieldErrors<Field>);
    setBusy(true);
    try {
      await change(address._id, parsed.output);
      notifySuccess("Address saved");
      onDone();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={save} noValidate aria-label={`Edit ${address.fullName}, ${address.address}`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {FIELDS.map((field) => (
          <TextInput
            key={field.key}
            label={field.label}
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
          Save
        </Button>
        <Button size="xs" radius="xl" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

/** One saved address: its lines, and Make default, Edit and Delete. */
function AddressCard({ address }: { address: SavedAddress }) {
  const [editing, setEditing] = useState(false);
  const { change, remove } = useAddressChanges();
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
        {address.isDefault && <Badge variant="light">Default</Badge>}
      </Group>
      <Group mt="xs" gap="xs">
        {!address.isDefault && (
          <Button
            size="xs"
            variant="light"
            radius="xl"
            aria-label={`Make ${name} the default`}
            onClick={act(
              () => change(address._id, { ...addressInputOf(address), isDefault: true }),
              "Default address changed",
            )}
          >
            Make default
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          radius="xl"
          aria-label={`Edit ${name}`}
          onClick={() => setEditing(true)}
        >
          Edit
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          radius="xl"
          aria-label={`Delete ${name}`}
          onClick={act(() => remove(address._id), "Address deleted")}
        >
          Delete
        </Button>
      </Group>
    </Card>
  );
}

/** The profile's saved addresses (GET /api/users/addresses); new ones are saved at checkout. */
export function SavedAddresses() {
  const { data: addresses, error } = useSavedAddresses(true);
  return (
    <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }} shadow="sm" mt="lg" component="section">
      <Title order={2} size="h3" mb="sm">
        Saved addresses
      </Title>
      {error ? (
        <Text c="red">Your addresses could not be loaded.</Text>
      ) : !addresses ? (
        <Text c="dimmed">Loading addresses…</Text>
      ) : addresses.length === 0 ? (
        <Text c="dimmed">No saved addresses yet: tick "Save this address" at checkout.</Text>
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
