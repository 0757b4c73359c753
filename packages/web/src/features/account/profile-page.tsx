import { Button, Container, Paper, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { defineMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { useT } from "../../i18n/intl.tsx";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { shop, useShop } from "../../lib/shop-store.ts";
import { updateProfile } from "./api/update-profile.ts";
import { PASSWORDS_DO_NOT_MATCH } from "./passwords-match.ts";
import { SavedAddresses } from "./saved-addresses.tsx";

/** docs/product.md §8: after the toast the profile screen goes home after 2 seconds. */
export const PROFILE_UPDATED_MESSAGE = defineMessage({
  id: "profile.updated",
  defaultMessage: "User updated successfully",
});
const REDIRECT_AFTER_MS = 2000;

/** /profile — name, e-mail and (optionally) a new password with its confirmation; the saved addresses. */
export function ProfilePage() {
  const userInfo = useShop((s) => s.userInfo);
  const navigate = useNavigate();
  const [name, setName] = useState(userInfo?.name ?? "");
  const [email, setEmail] = useState(userInfo?.email ?? "");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const t = useT();
  // Mantine's show/hide button, named in the page's language.
  const toggle = {
    "aria-label": t({ id: "account.togglePassword", defaultMessage: "Toggle password visibility" }),
  };
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirmPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    setBusy(true);
    try {
      shop.signIn(await updateProfile({ name: name.trim(), email: email.trim(), password }));
      notifySuccess(t(PROFILE_UPDATED_MESSAGE));
    } catch (error) {
      // docs/product.md §8: a failed update is a toast and a redirect to / as well.
      notifyError(error);
    }
    timer.current = window.setTimeout(() => navigate("/"), REDIRECT_AFTER_MS);
  };

  return (
    <Container size="xs" py="xl">
      <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }} shadow="sm">
        <Title order={1} size="h2" mb="lg">
          {t({ id: "profile.title", defaultMessage: "User Profile" })}
        </Title>
        <form onSubmit={submit}>
          <Stack gap="md">
            <TextInput
              label={t({ id: "account.name", defaultMessage: "Name" })}
              required
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <TextInput
              label={t({ id: "account.email", defaultMessage: "Email" })}
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              visibilityToggleButtonProps={toggle}
              label={t({ id: "account.password", defaultMessage: "Password" })}
              description={t({
                id: "profile.password.help",
                defaultMessage: "Leave empty to keep your current password",
              })}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <PasswordInput
              visibilityToggleButtonProps={toggle}
              label={t({ id: "account.confirmPassword", defaultMessage: "Confirm Password" })}
              autoComplete="new-password"
              value={confirmPassword}
              error={mismatch ? t(PASSWORDS_DO_NOT_MATCH) : undefined}
              onChange={(e) => setConfirmPassword(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy} radius="xl" size="md">
              {t({ id: "profile.update", defaultMessage: "Update" })}
            </Button>
          </Stack>
        </form>
      </Paper>
      <SavedAddresses />
    </Container>
  );
}
