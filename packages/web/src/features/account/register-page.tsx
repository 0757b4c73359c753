import { PASSWORD_MIN_BYTES } from "@fruit/core/browser/users";
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useT } from "../../i18n/intl.tsx";
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
  const t = useT();
  // Mantine's show/hide button, named in the page's language.
  const toggle = {
    "aria-label": t({ id: "account.togglePassword", defaultMessage: "Toggle password visibility" }),
  };
  const labels = {
    name: t({ id: "account.name", defaultMessage: "Name" }),
    email: t({ id: "account.email", defaultMessage: "Email" }),
    password: t({ id: "account.password", defaultMessage: "Password" }),
  };

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
    const found = validateRegister(values, { t, labels });
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
    <AuthCard
      title={t({ id: "account.signUp", defaultMessage: "Sign Up" })}
      subtitle={t({
        id: "account.signUp.subtitle",
        defaultMessage: "Create an account to check out and review your favourite fruit.",
      })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={labels.name} autoComplete="name" required {...field("name")} />
          <TextInput label={labels.email} type="email" autoComplete="email" required {...field("email")} />
          <PasswordInput
            visibilityToggleButtonProps={toggle}
            label={labels.password}
            autoComplete="new-password"
            required
            description={t(
              { id: "account.password.help", defaultMessage: "At least {min, number} characters" },
              { min: PASSWORD_MIN_BYTES },
            )}
            {...field("password")}
          />
          <PasswordInput
            visibilityToggleButtonProps={toggle}
            label={t({ id: "account.confirmPassword", defaultMessage: "Confirm Password" })}
            autoComplete="new-password"
            required
            {...field("confirmPassword")}
          />
          <Button type="submit" loading={busy} radius="xl" size="md">
            {t({ id: "account.signUp", defaultMessage: "Sign Up" })}
          </Button>
          <Text size="sm" ta="center">
            {t(
              { id: "account.haveAccount", defaultMessage: "Already have an account? <link>Sign In</link>" },
              {
                link: (text) => (
                  <Anchor component={Link} to={`/login?redirect=${encodeURIComponent(redirect)}`} fw={700}>
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
