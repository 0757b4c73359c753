import { MAIL_LABELS, type OrderMail } from "@fruit/core/browser/mails";
import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useOrderMails } from "./api/use-order-mails.ts";

/** "2026-11-21 14:05" from an ISO date (the order screen's format). */
const when = (iso: string) => `${iso.substring(0, 10)} ${iso.substring(11, 16)}`;

const STATUS: Record<OrderMail["status"], { label: string; color: string }> = {
  sent: { label: "Sent", color: "green" },
  sending: { label: "Sending", color: "blue" },
  failed: { label: "Retrying", color: "orange" },
  rejected: { label: "Refused by SES", color: "red" },
  uncertain: { label: "Uncertain", color: "red" },
  suppressed: { label: "Not sent: address suppressed", color: "gray" },
  skipped: { label: "Not sent: no account", color: "gray" },
};

function MailLine({ mail }: { mail: OrderMail }) {
  const status = STATUS[mail.status];
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{MAIL_LABELS[mail.mail]}</Text>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {mail.sentAt ? `Sent ${when(mail.sentAt)}` : `Last change ${when(mail.updatedAt)}`}
        {mail.to ? ` to ${mail.to}` : ""}
        {mail.attempts > 1 ? ` · ${mail.attempts} attempts` : ""}
      </Text>
      {mail.error && mail.status !== "sent" && (
        <Text size="sm" c="dimmed">
          {mail.error}
        </Text>
      )}
    </Stack>
  );
}

/** The admin's view of an order's mails on the order screen (lazy-loaded there, admins only). */
export function OrderMails({ orderId }: { orderId: string }) {
  const { data, error } = useOrderMails(orderId);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Mails">
      <Title order={2} size="h4" mb="xs">
        Mails
      </Title>
      {error ? (
        <Text c="red">The mails could not be read.</Text>
      ) : !data ? (
        <Text c="dimmed">Loading mails…</Text>
      ) : data.length === 0 ? (
        <Text c="dimmed">No mail sent yet.</Text>
      ) : (
        <Stack gap="sm">
          {data.map((mail) => (
            <MailLine key={mail.key} mail={mail} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
