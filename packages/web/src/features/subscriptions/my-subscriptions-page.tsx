import type { Subscription } from "@fruit/core/browser/subscriptions";
import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { defineMessage, defineMessages } from "react-intl";
import { Link } from "react-router-dom";
import { LoadMore } from "../../components/load-more.tsx";
import { ErrorBlock, LoadingBlock } from "../../components/page-states.tsx";
import { useFormat, useT } from "../../i18n/intl.tsx";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { cancelSubscription, changeSubscription, skipWeek, unskipWeek, useMySubscriptions } from "./api.ts";

const NOUN = defineMessage({
  id: "subscriptions.count",
  defaultMessage: "{count, plural, one {# subscription} other {# subscriptions}}",
});

const STATUS = defineMessages({
  active: { id: "subscriptions.status.active", defaultMessage: "active" },
  paused: { id: "subscriptions.status.paused", defaultMessage: "paused" },
  cancelled: { id: "subscriptions.status.cancelled", defaultMessage: "cancelled" },
});
const addWeeks = (date: string, weeks: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

const STATUS_COLOR = { active: "green", paused: "yellow", cancelled: "gray" } as const;

/** One subscription: its next box and what the customer can do with it (docs/product.md §12). */
function SubscriptionCard({ sub, onChanged }: { sub: Subscription; onChanged: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const t = useT();
  const format = useFormat();
  const day = (date: string) => format.slotDay({ date });
  const run = (what: string, call: () => Promise<unknown>, done: string) => async () => {
    setBusy(what);
    try {
      await call();
      notifySuccess(done);
      onChanged();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  const live = sub.status !== "cancelled";
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Card withBorder radius="lg" padding="md">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text fw={700}>
          {t(
            {
              id: "subscriptions.window",
              defaultMessage: "{window}, {every, select, one {every week} other {every other week}}",
            },
            { window: format.weekly(sub.window), every: sub.every === 1 ? "one" : "two" },
          )}
        </Text>
        <Badge color={STATUS_COLOR[sub.status]} variant="light">
          {sub.status === "paused" && sub.pausedUntil
            ? t(
                { id: "subscriptions.pausedUntil", defaultMessage: "Paused until {date}" },
                { date: day(sub.pausedUntil) },
              )
            : t(STATUS[sub.status])}
        </Badge>
      </Group>
      <Text size="sm" mb="xs">
        {sub.items
          .map(
            (item) =>
              `${item.name ?? t({ id: "subscriptions.gone", defaultMessage: "An item no longer sold" })} × ${format.number(item.quantity)}`,
          )
          .join(", ")}
      </Text>
      {sub.next ? (
        <Paper withBorder radius="md" p="sm" mb="sm">
          <Text fw={600}>
            {t(
              { id: "subscriptions.next", defaultMessage: "Next box: {date}" },
              { date: day(sub.next.date) },
            )}
          </Text>
          <Text size="sm">
            {t(
              { id: "subscriptions.estimate", defaultMessage: "About {total} at today's prices" },
              { total: format.money(sub.next.estimatedTotal) },
            )}
          </Text>
          <Text size="sm" c="dimmed">
            {t(
              { id: "subscriptions.when", defaultMessage: "Placed {opens} · can change until {cutoff}" },
              { opens: format.dateTime(sub.next.opensAt), cutoff: format.dateTime(sub.next.cutoffAt) },
            )}
          </Text>
        </Paper>
      ) : (
        live && (
          <Text size="sm" c="dimmed" mb="sm">
            {t({ id: "subscriptions.noneAhead", defaultMessage: "No box ahead." })}
          </Text>
        )
      )}
      {sub.skips.length > 0 && (
        <Group gap={6} mb="sm">
          <Text size="sm">{t({ id: "subscriptions.skipped", defaultMessage: "Skipped:" })}</Text>
          {sub.skips.map((date) => (
            <Button
              key={date}
              size="compact-xs"
              variant="outline"
              radius="xl"
              loading={busy === `unskip ${date}`}
              disabled={!live}
              onClick={run(
                `unskip ${date}`,
                () => unskipWeek(sub._id, date),
                t(
                  { id: "subscriptions.unskipped", defaultMessage: "The box of {date} is back" },
                  { date: day(date) },
                ),
              )}
              aria-label={t(
                { id: "subscriptions.unskip", defaultMessage: "Deliver on {date} after all" },
                { date: day(date) },
              )}
            >
              {day(date)} ↺
            </Button>
          ))}
        </Group>
      )}
      {live && (
        <Stack gap="xs">
          <SegmentedControl
            size="xs"
            value={String(sub.every)}
            disabled={busy !== null}
            onChange={(value) =>
              void run(
                "every",
                () => changeSubscription(sub._id, { every: Number(value) as 1 | 2 }),
                t({ id: "subscriptions.changed", defaultMessage: "Changed" }),
              )()
            }
            data={[
              { value: "1", label: t({ id: "subscribe.every1", defaultMessage: "Every week" }) },
              { value: "2", label: t({ id: "subscribe.every2", defaultMessage: "Every other week" }) },
            ]}
          />
          <Group gap="xs" grow>
            {sub.next && (
              <Button
                size="xs"
                radius="xl"
                variant="light"
                loading={busy === "skip"}
                onClick={run(
                  "skip",
                  () => skipWeek(sub._id, sub.next?.date ?? ""),
                  t(
                    { id: "subscriptions.skippedOne", defaultMessage: "Skipped {date}" },
                    { date: day(sub.next.date) },
                  ),
                )}
              >
                {t({ id: "subscriptions.skip", defaultMessage: "Skip {date}" }, { date: day(sub.next.date) })}
              </Button>
            )}
            {sub.status === "paused" ? (
              <Button
                size="xs"
                radius="xl"
                variant="light"
                loading={busy === "resume"}
                onClick={run(
                  "resume",
                  () => changeSubscription(sub._id, { pausedUntil: null }),
                  t({ id: "subscriptions.resumed", defaultMessage: "Resumed" }),
                )}
              >
                {t({ id: "subscriptions.resume", defaultMessage: "Resume" })}
              </Button>
            ) : (
              <Button
                size="xs"
                radius="xl"
                variant="light"
                loading={busy === "pause"}
                onClick={run(
                  "pause",
                  () => changeSubscription(sub._id, { pausedUntil: addWeeks(today, 4) }),
                  t(
                    {
                      id: "subscriptions.pausedFor",
                      defaultMessage: "Paused for {weeks, plural, one {# week} other {# weeks}}",
                    },
                    { weeks: 4 },
                  ),
                )}
              >
                {t(
                  {
                    id: "subscriptions.pause",
                    defaultMessage: "Pause {weeks, plural, one {# week} other {# weeks}}",
                  },
                  { weeks: 4 },
                )}
              </Button>
            )}
            <Button
              size="xs"
              radius="xl"
              color="red"
              variant="light"
              loading={busy === "cancel"}
              onClick={run(
                "cancel",
                () => cancelSubscription(sub._id),
                t({ id: "subscriptions.cancelled", defaultMessage: "Subscription cancelled" }),
              )}
            >
              {t({ id: "subscriptions.cancel", defaultMessage: "Cancel" })}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}

/**
 * /subscriptions — "My subscriptions": each one's next box, skip and un-skip, pause, change and
 * cancel; one column of cards, phone-first.
 */
export function MySubscriptionsPage() {
  const pages = useMySubscriptions();
  const subs = pages.pageCount > 0 ? pages.items : undefined;
  const t = useT();
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        {t({ id: "nav.subscriptions", defaultMessage: "My subscriptions" })}
      </Title>
      {!subs && pages.error ? (
        <ErrorBlock error={pages.error} onRetry={pages.retry} />
      ) : !subs ? (
        <LoadingBlock label={t({ id: "subscriptions.loading", defaultMessage: "Loading subscriptions" })} />
      ) : subs.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text mb="md">
            {t({
              id: "subscriptions.none",
              defaultMessage:
                "No standing order yet: choose “Deliver every week” on a product or in your cart.",
            })}
          </Text>
          <Button component={Link} to="/products" radius="xl">
            {t({ id: "subscriptions.browse", defaultMessage: "Browse products" })}
          </Button>
        </Paper>
      ) : (
        <Stack gap="sm">
          {subs.map((sub) => (
            <SubscriptionCard key={sub._id} sub={sub} onChanged={pages.retry} />
          ))}
          <LoadMore
            noun={NOUN}
            shown={subs.length}
            hasMore={pages.hasMore}
            loading={pages.loadingMore}
            onLoadMore={pages.loadMore}
            error={pages.error}
            onRetry={pages.retry}
          />
        </Stack>
      )}
    </Container>
  );
}
