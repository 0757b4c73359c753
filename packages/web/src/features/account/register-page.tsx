import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { notifyError } from "../../lib/notify.ts";
import { shop, useShop } from "../../lib/shop-store.ts";
import { signUp } from "./api/sign-up.ts";
import { AuthCard } from "./auth-card.tsx";
import { type RegisterErrors, type RegisterValues, validateRegister } from "./register-form-rules.ts";
import { useRedirectTarget } from "./use-redirect-target.ts";

/** /register?redirect= — name, e-mail, password and its confirmation; signs in and goes on. */
export function RegisterPage() {
  const redirect = useRedirectTarget();
  const navigate = useNavigate();
  const userInfo = useShop((s) => s.userInfo);
  const [values, setValues] = useState<RegisterValues>({
    name: "",
    email: "",
    password: "",
    confirmPassword: "",
  });
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (userInfo) navigate(redirect, { replace: true });
  }, [userInfo, redirect, navigate]);

  const field = (key: keyof RegisterValues) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegister(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      shop.signIn(
        await signUp({ name: values.name.trim(), email: values.email.trim(), password: values.password }),
      );
    } catch (error) {
      notifyError(error);
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign Up" subtitle="Create an account to check out and review your favourite fruit.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" autoComplete="name" required {...field("name")} />
          <TextInput label="Email" type="email" autoComplete="email" required {...field("email")} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            description="At least 8 characters"
            {...field("password")}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            required
            {...field("confirmPassword")}
          />
          <Button type="submit" loading={busy} radius="xl" size="md">
            Sign Up
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{" "}
            <Anchor component={Link} to={`/login?redirect=${encodeURIComponent(redirect)}`} fw={700}>
              Sign In
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
