import type { SavedAddress } from "@fruit/core/browser/addresses";
import { Radio, Stack, Text } from "@mantine/core";

/** One line that tells saved addresses apart. */
export const addressLine = (a: Pick<SavedAddress, "fullName" | "address" | "city" | "postalCode">): string =>
  `${a.fullName}, ${a.address}, ${a.city} ${a.postalCode}`;

/**
 * The checkout's saved addresses (`GET /api/users/addresses`): one radio each, the chosen one (the
 * default until the shopper picks another) filling the form; "A new address" clears it.
 */
export function SavedAddressPicker({
  addresses,
  chosen,
  onChoose,
}: {
  addresses: readonly SavedAddress[];
  chosen: string;
  onChoose: (address: SavedAddress | undefined) => void;
}) {
  return (
    <Radio.Group
      label="Saved addresses"
      value={chosen}
      onChange={(id) => onChoose(addresses.find((a) => a._id === id))}
    >
      <Stack gap="xs" mt="xs">
        {addresses.map((a) => (
          <Radio
            key={a._id}
            value={a._id}
            label={
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {addressLine(a)}
                {a.isDefault ? " (default)" : ""}
              </Text>
            }
          />
        ))}
        <Radio value="new" label="A new address" />
      </Stack>
    </Radio.Group>
  );
}
