import { Button, Container, Loader, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useT } from "../../../i18n/intl.tsx";
import { api, errorMessage } from "../../../lib/api.ts";

/**
 * The pages the shop's mails link to (docs/decisions/039-restock-alerts.md): each sends the link's
 * signed token to the API once, without signing in, and says what happened. A POST from the page
 * (not a GET on the link) keeps mail scanners that open links from acting on them.
 */
function MailLinkPage({ call, done, title }: { call: string; done: string; title: string }) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<{ status: "working" | "done" | "failed"; message?: string }>({
    status: "working",
  });
  const sent = useRef(false);
  const t = useT();
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    api(call, { method: "POST", body: { token } }).then(
      () => setState({ status: "done" }),
      (error: unknown) => setState({ status: "failed", message: errorMessage(error) }),
    );
  }, [call, token]);
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {state.status === "working" ? (
          <Loader aria-label={t({ id: "mailLink.working", defaultMessage: "Working" })} />
        ) : (
          <Text role="status" c={state.status === "failed" ? "red.8" : undefined}>
            {state.status === "done" ? done : state.message}
          </Text>
        )}
        <Button component={Link} to="/products" radius="xl" variant="outline">
          {t({ id: "subscriptions.browse", defaultMessage: "Browse products" })}
        </Button>
      </Stack>
    </Container>
  );
}

/** /newsletter/confirm?token= — the confirmation mail's link. */
export function NewsletterConfirmPage() {
  const t = useT();
  return (
    <MailLinkPage
      title={t({ id: "mailLink.newsletter", defaultMessage: "Newsletter" })}
      call="/api/newsletter/confirm"
      done={t({ id: "mailLink.confirmed", defaultMessage: "Your subscription is confirmed. Thank you!" })}
    />
  );
}

/** /newsletter/unsubscribe?token= — every newsletter mail's one-click unsubscribe link. */
export function NewsletterUnsubscribePage() {
  const t = useT();
  return (
    <MailLinkPage
      title={t({ id: "mailLink.newsletter", defaultMessage: "Newsletter" })}
      call="/api/newsletter/unsubscribe"
      done={t({
        id: "mailLink.newsletterOff",
        defaultMessage: "You are unsubscribed: we will not send you the newsletter any more.",
      })}
    />
  );
}

/** /restock-alerts/unsubscribe?token= — a "back in stock" mail's one-click unsubscribe link. */
export function RestockUnsubscribePage() {
  const t = useT();
  return (
    <MailLinkPage
      title={t({ id: "mailLink.restock", defaultMessage: "Restock alerts" })}
      call="/api/restock-alerts/unsubscribe"
      done={t({
        id: "mailLink.restockOff",
        defaultMessage: "You are unsubscribed: we will not tell you when this product is back.",
      })}
    />
  );
}
