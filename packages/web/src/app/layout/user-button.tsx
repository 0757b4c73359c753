import { Button, type ButtonProps } from "@mantine/core";
import { forwardRef } from "react";
import { ChevronDownIcon, UserIcon } from "../../components/icons.tsx";

/** The dropdown's target: the user's name. */
export const UserButton = forwardRef<HTMLButtonElement, ButtonProps & { name: string }>(function UserButton(
  { name, ...rest },
  ref,
) {
  return (
    <Button
      ref={ref}
      variant="light"
      radius="xl"
      size="sm"
      leftSection={<UserIcon size={16} />}
      rightSection={<ChevronDownIcon size={14} />}
      maw={200}
      {...rest}
    >
      <span style={{ overflow: "hidden", textOverflow: "ellipsis" }}>{name}</span>
    </Button>
  );
});
