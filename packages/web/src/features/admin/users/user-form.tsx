import type { AdminUser } from "@fruit/core/browser/users";
import { EmailSchema, NameSchema } from "@fruit/core/browser/users";
import { Button, Checkbox, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import * as v from "valibot";
import { type FieldErrors, parseForm } from "../../../lib/form-errors.ts";

/** Name and Email required, Email an email address (docs/product.md §5), by the server's own rules. */
const UserFormSchema = v.object({ name: NameSchema, email: EmailSchema, isAdmin: v.boolean() });
export type UserFormOutput = v.InferOutput<typeof UserFormSchema>;

type Errors = FieldErrors<"name" | "email">;

/** The edit-user form: Name, Email, isAdmin and Update. */
export function UserForm({
  initial,
  submitting,
  onSubmit,
}: {
  initial: Pick<AdminUser, "name" | "email" | "isAdmin">;
  submitting: boolean;
  onSubmit: (update: UserFormOutput) => void;
}) {
  const [values, setValues] = useState({
    name: initial.name,
    email: initial.email,
    isAdmin: initial.isAdmin,
  });
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const result = parseForm(UserFormSchema, values, { abortPipeEarly: true });
    if (result.ok) return onSubmit(result.output);
    setErrors(result.errors);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          value={values.name}
          error={errors.name}
          onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
        />
        <TextInput
          label="Email"
          type="email"
          required
          value={values.email}
          error={errors.email}
          onChange={(event) => setValues({ ...values, email: event.currentTarget.value })}
        />
        <Checkbox
          label="isAdmin"
          checked={values.isAdmin}
          onChange={(event) => setValues({ ...values, isAdmin: event.currentTarget.checked })}
        />
        <div>
          <Button type="submit" loading={submitting}>
            Update
          </Button>
        </div>
      </Stack>
    </form>
  );
}
