import { formatMoney } from "@fruit/core/browser/money";
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
import { defineMessage } from "react-intl";
import { Link } from "react-router-dom";
import { LoadMore } from "../../components/load-more.tsx";
import { ErrorBlock, LoadingBlock } from "../../components/page-states.tsx";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { cancelSubscription, changeSubscription, skipWeek, unskipWeek, useMySubscriptions } from "./api.ts";

const NOUN = defineMessage({
  id: "subscriptions.count",
  defaultMessage: "{count, plural, one {# subscription} other {# subscriptions}}",
});

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const local = (iso: string) =>
  new Date(iso).toLocaleString("en-CA", { dateStyle: "medium", timeStyle: "short" });
const addWeeks = (date: string, weeks: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

const STATUS_COLOR = { active: "green", paused: "yellow", cancelled: "gray" } as const;

/** One subscription: its next box and what the customer can do with it (docs/product.md §12). */
function SubscriptionCard({ sub, onChanged }: { sub: Subscription; onChanged: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
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
          {WEEKDAYS[sub.window.weekday]} {sub.window.start}–{sub.window.end},{" "}
          {sub.every === 1 ? "every week" : "every other week"}
        </Text>
        <Badge color={STATUS_COLOR[sub.status]} variant="light">
          {sub.status === "paused" && sub.pausedUntil ? `Paused until ${sub.pausedUntil}` : sub.status}
        </Badge>
      </Group>
      <Text size="sm" mb="xs">
        {sub.items.map((item) => `${item.name ?? "An item no longer sold"} × ${item.quantity}`).join(", ")}
      </Text>
      {sub.next ? (
        <Paper withBorder radius="md" p="sm" mb="sm">
          <Text fw={600}>Next box: {sub.next.date}</Text>
          <Text size="sm">About {formatMoney(sub.next.estimatedTotal)} at today's prices</Text>
          <Text size="sm" c="dimmed">
            Placed {local(sub.next.opensAt)} · can change until {local(sub.next.cutoffAt)}
          </Text>
        </Paper>
      ) : (
        live && (
          <Text size="sm" c="dimmed" mb="sm">
            No box ahead.
          </Text>
        )
      )}
      {sub.skips.length > 0 && (
        <Group gap={6} mb="sm">
          <Text size="sm">Skipped:</Text>
          {sub.skips.map((date) => (
            <Button
              key={date}
              size="compact-xs"
              variant="outline"
              radius="xl"
              loading={busy === `unskip ${date}`}
              disabled={!live}
              onClick={run(`unskip ${date}`, () => unskipWeek(sub._id, date), `The box of ${date} is back`)}
              aria-label={`Deliver on ${date} after all`}
            >
              {date} ↺
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
                "Changed",
              )()
            }
            data={[
              { value: "1", label: "Every week" },
              { value: "2", label: "Every other week" },
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
                  `Skipped ${sub.next.date}`,
                )}
              >
                Skip {sub.next.date}
              </Button>
            )}
            {sub.status === "paused" ? (
              <Button
                size="xs"
                radius="xl"
                variant="light"
                loading={busy === "resume"}
                onClick={run("resume", () => changeSubscription(sub._id, { pausedUntil: null }), "Resumed")}
              >
                Resume
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
                  "Paused for 4 weeks",
                )}
              >
                Pause 4 weeks
              </Button>
            )}
            <Button
              size="xs"
              radius="xl"
              color="red"
              variant="light"
              loading={busy === "cancel"}
              onClick={run("cancel", () => cancelSubscription(sub._id), "Subscription cancelled")}
            >
              Cancel
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
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        My subscriptions
      </Title>
      {!subs && pages.error ? (
        <ErrorBlock error={pages.error} onRetry={pages.retry} />
      ) : !subs ? (
        <LoadingBlock label="Loading subscriptions" />
      ) : subs.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text mb="md">
            No standing order yet: choose "Deliver every week" on a product or in your cart.
          </Text>
          <Button component={Link} to="/products" radius="xl">
            Browse products
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
