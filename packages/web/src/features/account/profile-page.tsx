import { Button, Container, Paper, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { shop, useShop } from "../../lib/shop-store.ts";
import { updateProfile } from "./api/update-profile.ts";
import { PASSWORDS_DO_NOT_MATCH } from "./passwords-match.ts";
import { SavedAddresses } from "./saved-addresses.tsx";

/** docs/product.md §8: after the toast the profile screen goes home after 2 seconds. */
export const PROFILE_UPDATED_MESSAGE = "User updated successfully";
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
      notifySuccess(PROFILE_UPDATED_MESSAGE);
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
          User Profile
        </Title>
        <form onSubmit={submit}>
          <Stack gap="md">
            <TextInput
              label="Name"
              required
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              description="Leave empty to keep your current password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <PasswordInput
              label="Confirm Password"
              autoComplete="new-password"
              value={confirmPassword}
              error={mismatch ? PASSWORDS_DO_NOT_MATCH : undefined}
              onChange={(e) => setConfirmPassword(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy} radius="xl" size="md">
              Update
            </Button>
          </Stack>
        </form>
      </Paper>
      <SavedAddresses />
    </Container>
  );
}
