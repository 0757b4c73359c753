import { Alert, Button, Container, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { APIProvider } from "@vis.gl/react-google-maps";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { ErrorBlock, LoadingBlock } from "../../../../components/page-states.tsx";
import { shop } from "../../../../lib/shop-store.ts";
import { useGoogleKey } from "./api/use-google-key.ts";
import { LocationPicker } from "./location-picker.tsx";

function BackToForm() {
  return (
    <Button component={Link} to="/checkout#shipping" radius="xl">
      Back to the address form
    </Button>
  );
}

/**
 * /map — a full-screen map to pin the delivery spot (full-box mode hides the header and footer while
 * it is open). Without a Google Maps key configured the screen says so; the address form still works.
 */
export function MapPage() {
  useEffect(() => {
    shop.setFullBox(true);
    return () => shop.setFullBox(false);
  }, []);
  const { data, error, mutate } = useGoogleKey();

  if (error || (data && !data.key)) {
    return (
      <Container size="sm" py={80}>
        <Stack gap="md">
          <Title order={1} size="h2">
            Choose your location
          </Title>
          {error ? (
            <ErrorBlock error={error} onRetry={() => mutate()} />
          ) : (
            <Alert color="orange" variant="light" title="The map is not available">
              <Text size="sm">
                This shop has no Google Maps key configured, so the map cannot be shown. Your typed shipping
                address is all we need to deliver.
              </Text>
            </Alert>
          )}
          <BackToForm />
        </Stack>
      </Container>
    );
  }
  if (!data) return <LoadingBlock label="Loading the map" />;
  return (
    <APIProvider apiKey={data.key} libraries={["places"]}>
      <VisuallyHidden>
        <h1>Choose your location</h1>
      </VisuallyHidden>
      <LocationPicker />
    </APIProvider>
  );
}
