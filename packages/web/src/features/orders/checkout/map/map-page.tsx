import { Alert, Button, Container, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { APIProvider } from "@vis.gl/react-google-maps";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { ErrorBlock, LoadingBlock } from "../../../../components/page-states.tsx";
import { useLocale, useT } from "../../../../i18n/intl.tsx";
import { shop } from "../../../../lib/shop-store.ts";
import { useGoogleKey } from "./api/use-google-key.ts";
import { LocationPicker } from "./location-picker.tsx";

function BackToForm() {
  const t = useT();
  return (
    <Button component={Link} to="/checkout#shipping" radius="xl">
      {t({ id: "map.back", defaultMessage: "Back to the address form" })}
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
  const t = useT();
  const locale = useLocale();
  const title = t({ id: "map.title", defaultMessage: "Choose your location" });

  if (error || (data && !data.key)) {
    return (
      <Container size="sm" py={80}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {error ? (
            <ErrorBlock error={error} onRetry={() => mutate()} />
          ) : (
            <Alert
              color="orange"
              variant="light"
              title={t({ id: "map.unavailable", defaultMessage: "The map is not available" })}
            >
              <Text size="sm">
                {t({
                  id: "map.noKey",
                  defaultMessage:
                    "This shop has no Google Maps key configured, so the map cannot be shown. Your typed shipping address is all we need to deliver.",
                })}
              </Text>
            </Alert>
          )}
          <BackToForm />
        </Stack>
      </Container>
    );
  }
  if (!data) return <LoadingBlock label={t({ id: "map.loading", defaultMessage: "Loading the map" })} />;
  return (
    // The map's own words (its controls, the address search's list) in the page's language.
    <APIProvider apiKey={data.key} libraries={["places"]} language={locale}>
      <VisuallyHidden>
        <h1>{title}</h1>
      </VisuallyHidden>
      <LocationPicker />
    </APIProvider>
  );
}
