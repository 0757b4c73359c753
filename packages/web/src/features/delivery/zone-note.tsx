import { formatMoney } from "@fruit/core/browser/money";
import type { DeliveryQuote } from "@fruit/core/browser/zones";
import { Alert, Stack, Text } from "@mantine/core";
import { errorCode, errorMessage } from "../../lib/api.ts";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * What the delivery zone of the address asks of this basket, before payment: the zone and its fee,
 * how far the basket is from free delivery and from the zone's minimum, its route days — or that the
 * address is outside every zone.
 */
export function ZoneNote({
  quote,
  error,
  itemsPrice,
}: {
  quote: DeliveryQuote | undefined;
  error: unknown;
  itemsPrice: number;
}) {
  if (error) {
    return (
      <Alert color={errorCode(error) === "OUTSIDE_AREA" ? "red" : "yellow"} data-testid="zone-note">
        {errorMessage(error)}
      </Alert>
    );
  }
  if (!quote?.zone) return null;
  const missing = Math.max(0, Math.round((quote.minimumItemsPrice - itemsPrice) * 100) / 100);
  const toFree = quote.freeOver === null ? null : Math.round((quote.freeOver - itemsPrice) * 100) / 100;
  return (
    <Stack gap={2} data-testid="zone-note">
      <Text size="sm">
        Delivery zone: <strong>{quote.zone.name}</strong> —{" "}
        {quote.shippingPrice === 0 ? "free delivery" : `${formatMoney(quote.shippingPrice)} delivery`}
      </Text>
      {missing > 0 && (
        <Text size="sm" c="red.8">
          Orders to {quote.zone.name} start at {formatMoney(quote.minimumItemsPrice)}: add{" "}
          {formatMoney(missing)} more.
        </Text>
      )}
      {toFree !== null && toFree >= 0 && quote.shippingPrice > 0 && (
        <Text size="sm" c="dimmed">
          Add {formatMoney(toFree === 0 ? 0.01 : toFree)} more for free delivery.
        </Text>
      )}
      {quote.weekdays.length < 7 && (
        <Text size="sm" c="dimmed">
          Delivered on {quote.weekdays.map((day) => DAYS[day]).join(" and ")}.
        </Text>
      )}
    </Stack>
  );
}
