import type { SavedAddress } from "@fruit/core/browser/addresses";
import type { DeliverySlot } from "@fruit/core/browser/delivery";
import type { ShippingAddress } from "@fruit/core/browser/orders";
import { Alert, Anchor, Button, Modal, Radio, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useFormat, useT } from "../../i18n/intl.tsx";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useShop } from "../../lib/shop-store.ts";
import { addressLine, useSavedAddresses } from "../../resources/addresses.ts";
import { useDeliverySlots } from "../delivery/index.ts";
import { createSubscription } from "./api.ts";
import type { WeeklyItem } from "./deliver-every-week.tsx";

/** The weekly windows among the open ones, each with its first date ahead (the subscription's start). */
function weeklyWindows(slots: readonly DeliverySlot[]) {
  const seen = new Map<string, { weekday: number; start: string; end: string; first: DeliverySlot }>();
  for (const slot of slots) {
    const weekday = new Date(`${slot.date}T12:00:00Z`).getUTCDay();
    const key = `${weekday} ${slot.start} ${slot.end}`;
    if (!seen.has(key)) seen.set(key, { weekday, start: slot.start, end: slot.end, first: slot });
  }
  return [...seen.entries()].map(([value, w]) => ({ value, ...w }));
}

/** The fields of an address as stored: a saved one without its id and default flag. */
const shippingOf = ({ _id, isDefault: _default, ...fields }: SavedAddress): ShippingAddress => fields;

const sameAddress = (a: ShippingAddress, b: ShippingAddress) => addressLine(a) === addressLine(b);

/**
 * The addresses a subscription can go to, as checkout offers them (docs/decisions/048): the saved
 * ones, the default first, then the checkout's address when it is not one of them.
 */
function addressChoices(saved: readonly SavedAddress[], checkout: ShippingAddress | null) {
  const choices = [...saved]
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
    .map((a) => ({ value: a._id, address: shippingOf(a), isDefault: a.isDefault }));
  if (checkout && !choices.some((c) => sameAddress(c.address, checkout)))
    choices.push({ value: "checkout", address: checkout, isDefault: false });
  return choices;
}

/**
 * The "Deliver every week" dialog (deliver-every-week.tsx): a chunk of its own, loaded when the
 * shopper opens it, so the product page and the cart do not carry its form on their first load.
 */
export function SubscribeModal({ items, onClose }: { items: WeeklyItem[]; onClose: () => void }) {
  const navigate = useNavigate();
  const checkout = useShop((state) => state.shippingAddress);
  const saved = useSavedAddresses(true);
  const choices = useMemo(() => addressChoices(saved.data ?? [], checkout), [saved.data, checkout]);
  const [to, setTo] = useState<string | null>(null);
  const address = (choices.find((c) => c.value === to) ?? choices[0])?.address ?? null;
  const slots = useDeliverySlots(address);
  const windows = useMemo(() => weeklyWindows(slots.data ?? []), [slots.data]);
  const [choice, setChoice] = useState<string | null>(null);
  const [every, setEvery] = useState("1");
  const [busy, setBusy] = useState(false);
  const t = useT();
  const format = useFormat();
  const chosen = windows.find((w) => w.value === (choice ?? windows[0]?.value));
  const submit = async () => {
    if (!chosen || !address) return;
    setBusy(true);
    try {
      await createSubscription({
        items: items.map(({ _id, quantity }) => ({ _id, quantity })),
        window: { weekday: chosen.weekday, start: chosen.start, end: chosen.end },
        every: Number(every),
        startsOn: chosen.first.date,
        shippingAddress: address,
      });
      notifySuccess(t({ id: "subscribe.done", defaultMessage: "Subscribed: your first box is on its way" }));
      navigate("/subscriptions");
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t({ id: "subscribe.title", defaultMessage: "Deliver every week" })}
      fullScreen={false}
      size="md"
    >
      <Stack gap="md">
        <Text size="sm">
          {t(
            {
              id: "subscribe.explain",
              defaultMessage:
                "{items}. Each week's box is placed at that week's prices and stock a few days before its cut-off; you pay it by link, and can skip any week.",
            },
            { items: items.map((item) => `${item.name} × ${format.number(item.quantity)}`).join(", ") },
          )}
        </Text>
        {!address && !saved.data && !saved.error ? null : !address ? (
          <Alert color="yellow">
            {t(
              {
                id: "subscribe.addressFirst",
                defaultMessage: "Enter your shipping address first: <link>shipping address</link>.",
              },
              {
                link: (text) => (
                  <Anchor component={Link} to="/checkout#shipping">
                    {text}
                  </Anchor>
                ),
              },
            )}
          </Alert>
        ) : slots.data && windows.length === 0 ? (
          <Alert color="yellow">
            {t({
              id: "subscribe.noWindow",
              defaultMessage: "The shop has no weekly delivery window open for your address yet.",
            })}
          </Alert>
        ) : (
          <>
            <Select
              label={t({ id: "subscribe.window", defaultMessage: "Delivery window" })}
              data={windows.map((w) => ({
                value: w.value,
                label: format.weekly(w),
              }))}
              value={chosen?.value ?? null}
              onChange={setChoice}
              allowDeselect={false}
            />
            <SegmentedControl
              fullWidth
              value={every}
              onChange={setEvery}
              data={[
                { value: "1", label: t({ id: "subscribe.every1", defaultMessage: "Every week" }) },
                { value: "2", label: t({ id: "subscribe.every2", defaultMessage: "Every other week" }) },
              ]}
            />
            {chosen && (
              <Text size="sm">
                {t(
                  { id: "subscribe.first", defaultMessage: "First box: {window}" },
                  { window: format.window(chosen.first) },
                )}
              </Text>
            )}
            {choices.length > 1 ? (
              <Radio.Group
                label={t({ id: "subscribe.deliverTo", defaultMessage: "Deliver to" })}
                value={(choices.find((c) => c.value === to) ?? choices[0])?.value ?? null}
                onChange={setTo}
              >
                <Stack gap="xs" mt="xs">
                  {choices.map((c) => (
                    <Radio
                      key={c.value}
                      value={c.value}
                      label={
                        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                          {c.isDefault
                            ? t(
                                { id: "subscribe.defaultAddress", defaultMessage: "{address} (default)" },
                                { address: addressLine(c.address) },
                              )
                            : addressLine(c.address)}
                        </Text>
                      }
                    />
                  ))}
                </Stack>
              </Radio.Group>
            ) : (
              <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {t({ id: "subscribe.to", defaultMessage: "To {address}" }, { address: addressLine(address) })}
              </Text>
            )}
            <Button radius="xl" onClick={submit} loading={busy} disabled={!chosen}>
              {t({ id: "subscribe.submit", defaultMessage: "Subscribe" })}
            </Button>
          </>
        )}
      </Stack>
    </Modal>
  );
}
