import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useT } from "../../i18n/intl.tsx";
import { notifyError } from "../../lib/notify.ts";
import { shop, useShop } from "../../lib/shop-store.ts";
import { signIn } from "./api/sign-in.ts";
import { AuthCard } from "./auth-card.tsx";
import { useRedirectTarget } from "./use-redirect-target.ts";

/**
 * /login?redirect= — a signed-in user (already, or just now) goes to the redirect target. The admin
 * guard sends a signed-in customer here too: following an /admin redirect would bounce them back and
 * forth, so they stay and are told to sign in as an administrator.
 */
export function LoginPage() {
  const redirect = useRedirectTarget();
  const navigate = useNavigate();
  const userInfo = useShop((s) => s.userInfo);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const t = useT();
  // Mantine's show/hide button, named in the page's language.
  const toggle = {
    "aria-label": t({ id: "account.togglePassword", defaultMessage: "Toggle password visibility" }),
  };

  const mayFollow = userInfo !== null && (userInfo.isAdmin || !redirect.startsWith("/admin"));

  useEffect(() => {
    if (mayFollow) navigate(redirect, { replace: true });
  }, [mayFollow, redirect, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      shop.signIn(await signIn({ email, password }));
    } catch (error) {
      notifyError(error);
    }
    setBusy(false);
  };

  return (
    <AuthCard
      title={t({ id: "account.signIn", defaultMessage: "Sign In" })}
      subtitle={t({
        id: "account.signIn.subtitle",
        defaultMessage: "Welcome back! Sign in to check out and follow your orders.",
      })}
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          {userInfo && !mayFollow && (
            <Alert
              color="orange"
              title={t({ id: "account.adminsOnly", defaultMessage: "Administrators only" })}
            >
              {t(
                {
                  id: "account.notAdmin",
                  defaultMessage:
                    "You are signed in as {name}, which is not an administrator account. Sign in as an administrator to open that page.",
                },
                { name: userInfo.name },
              )}
            </Alert>
          )}
          <TextInput
            label={t({ id: "account.email", defaultMessage: "Email" })}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            visibilityToggleButtonProps={toggle}
            label={t({ id: "account.password", defaultMessage: "Password" })}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={busy} radius="xl" size="md">
            {t({ id: "account.signIn", defaultMessage: "Sign In" })}
          </Button>
          <Text size="sm" ta="center">
            {t(
              { id: "account.newCustomer", defaultMessage: "New customer? <link>Create your account</link>" },
              {
                link: (text) => (
                  <Anchor component={Link} to={`/register?redirect=${encodeURIComponent(redirect)}`} fw={700}>
                    {text}
                  </Anchor>
                ),
              },
            )}
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
