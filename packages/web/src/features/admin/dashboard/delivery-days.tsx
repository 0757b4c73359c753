import { Card, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { useBookedDays } from "../delivery/api.ts";

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-CA", {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
  });

/** The dashboard's booked orders per delivery day for the next 14 days (kept by the stream). */
export function DeliveryDays() {
  const { data } = useBookedDays();
  if (!data) return null;
  const most = Math.max(1, ...data.map((day) => day.orders));
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="delivery-days">
      <Stack gap={6}>
        <Title order={2} size="h3" id="delivery-days">
          Deliveries booked, next 14 days
        </Title>
        {data.map((day) => (
          <Group key={day._id} gap="sm" wrap="nowrap" data-testid="delivery-day">
            <Text size="sm" w={110}>
              {dayLabel(day._id)}
            </Text>
            <Progress
              value={(day.orders / most) * 100}
              style={{ flex: 1 }}
              aria-label={`${day._id} bookings`}
            />
            <Text size="sm" w={40} ta="right">
              {day.orders}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
