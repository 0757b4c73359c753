import type { SavedAddress } from "@fruit/core/browser/addresses";
import { Radio, Stack, Text } from "@mantine/core";
import { useT } from "../../../i18n/intl.tsx";
import { addressLine } from "../../../resources/addresses.ts";

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
  const t = useT();
  return (
    <Radio.Group
      label={t({ id: "addresses.title", defaultMessage: "Saved addresses" })}
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
                {a.isDefault
                  ? t(
                      { id: "addresses.pick.default", defaultMessage: "{address} (default)" },
                      { address: addressLine(a) },
                    )
                  : addressLine(a)}
              </Text>
            }
          />
        ))}
        <Radio value="new" label={t({ id: "addresses.pick.new", defaultMessage: "A new address" })} />
      </Stack>
    </Radio.Group>
  );
}
