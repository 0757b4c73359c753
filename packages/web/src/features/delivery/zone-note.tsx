import type { DeliveryQuote } from "@fruit/core/browser/zones";
import { Alert, Stack, Text } from "@mantine/core";
import { useFormat, useT } from "../../i18n/intl.tsx";
import { errorCode, errorMessage } from "../../lib/api.ts";

/** A weekday's name (0 Sunday … 6 Saturday) in a language: a week whose 4 January 1970 was a Sunday. */
const weekdayName = (locale: string, day: number) =>
  new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(1970, 0, 4 + day)),
  );

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
  const t = useT();
  const format = useFormat();
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
        {t(
          {
            id: "zone.fee",
            defaultMessage:
              "Delivery zone: <b>{zone}</b> — {free, select, yes {free delivery} other {{fee} delivery}}",
          },
          {
            zone: quote.zone.name,
            free: quote.shippingPrice === 0 ? "yes" : "no",
            fee: format.money(quote.shippingPrice),
            b: (chunks) => <strong>{chunks}</strong>,
          },
        )}
      </Text>
      {missing > 0 && (
        <Text size="sm" c="red.8">
          {t(
            {
              id: "zone.minimum",
              defaultMessage: "Orders to {zone} start at {minimum}: add {missing} more.",
            },
            {
              zone: quote.zone.name,
              minimum: format.money(quote.minimumItemsPrice),
              missing: format.money(missing),
            },
          )}
        </Text>
      )}
      {toFree !== null && toFree >= 0 && quote.shippingPrice > 0 && (
        <Text size="sm" c="dimmed">
          {t(
            { id: "zone.toFree", defaultMessage: "Add {missing} more for free delivery." },
            { missing: format.money(toFree === 0 ? 0.01 : toFree) },
          )}
        </Text>
      )}
      {quote.weekdays.length < 7 && (
        <Text size="sm" c="dimmed">
          {t(
            { id: "zone.days", defaultMessage: "Delivered on {days}." },
            {
              days: new Intl.ListFormat(format.locale, { type: "conjunction" }).format(
                quote.weekdays.map((day) => weekdayName(format.locale, day)),
              ),
            },
          )}
        </Text>
      )}
    </Stack>
  );
}
