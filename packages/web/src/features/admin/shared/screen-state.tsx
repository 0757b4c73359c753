import { Alert, Center, Loader } from "@mantine/core";
import { errorMessage } from "../../../lib/api.ts";

/** The spinner every admin list and edit screen shows while loading. */
export function LoadingState() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** The error message every admin list and edit screen shows when its fetch failed. */
export function ErrorState({ error }: { error: unknown }) {
  return (
    <Alert color="red" title="Error" role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
