import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Map as GoogleMap, Marker, useMap } from "@vis.gl/react-google-maps";
import { useEffect, useState } from "react";
import { defineMessages } from "react-intl";
import { Link, useNavigate } from "react-router-dom";
import { useT } from "../../../../i18n/intl.tsx";
import { showAlert } from "../../../../lib/alert.ts";
import { notifySuccess } from "../../../../lib/notify.ts";
import { shop } from "../../../../lib/shop-store.ts";
import { type ChosenPlace, PlaceSearch } from "./place-search.tsx";

/** docs/product.md §9 and §8. */
export const DEFAULT_CENTER = { lat: 45.516, lng: -73.56 };
export const DEFAULT_ZOOM = 15;
const MESSAGES = defineMessages({
  noGeolocation: { id: "map.noGeolocation", defaultMessage: "Geolocation os not supported by this browser" },
  selected: { id: "map.selected", defaultMessage: "location selected successfully." },
});

/**
 * The map centred on the browser's position (or the default), a marker that follows the centre
 * whenever the map goes idle, the address search and Confirm.
 */
export function LocationPicker() {
  const map = useMap();
  const navigate = useNavigate();
  const [marker, setMarker] = useState(DEFAULT_CENTER);
  const [place, setPlace] = useState<ChosenPlace | null>(null);
  const t = useT();

  useEffect(() => {
    if (!navigator.geolocation) {
      void showAlert(t(MESSAGES.noGeolocation));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const here = { lat: position.coords.latitude, lng: position.coords.longitude };
        map?.panTo(here);
        setMarker(here);
      },
      () => {
        // Permission refused or no fix: stay on the default centre.
      },
    );
  }, [map, t]);

  const choose = (chosen: ChosenPlace) => {
    setPlace(chosen);
    setMarker({ lat: chosen.lat, lng: chosen.lng });
    map?.panTo({ lat: chosen.lat, lng: chosen.lng });
  };

  const confirm = () => {
    const sameSpot =
      place && Math.abs(place.lat - marker.lat) < 1e-6 && Math.abs(place.lng - marker.lng) < 1e-6;
    shop.saveShippingLocation({
      ...marker,
      address: sameSpot ? place.address : "",
      name: sameSpot ? place.name : "",
      vicinity: sameSpot ? place.vicinity : "",
      googleAddressId: sameSpot ? place.googleAddressId : "",
    });
    notifySuccess(t(MESSAGES.selected));
    navigate("/checkout");
  };

  return (
    <div style={{ position: "relative", height: "100dvh", width: "100%" }}>
      <GoogleMap
        defaultCenter={DEFAULT_CENTER}
        defaultZoom={DEFAULT_ZOOM}
        gestureHandling="greedy"
        onIdle={(event) => {
          const center = event.map.getCenter();
          if (center) setMarker(center.toJSON());
        }}
        style={{ width: "100%", height: "100%" }}
      >
        <Marker position={marker} title={t({ id: "map.marker", defaultMessage: "Delivery location" })} />
      </GoogleMap>
      <Paper
        shadow="md"
        radius="lg"
        p="sm"
        style={{ position: "absolute", top: 12, left: 12, right: 12, maxWidth: 640, margin: "0 auto" }}
      >
        <Stack gap="xs">
          <Group gap="sm" wrap="nowrap">
            <PlaceSearch onSelect={choose} />
            <Button onClick={confirm} radius="xl">
              {t({ id: "map.confirm", defaultMessage: "Confirm" })}
            </Button>
          </Group>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {t({ id: "map.drag", defaultMessage: "Drag the map: the marker stays in the centre." })}
            </Text>
            <Button component={Link} to="/checkout" variant="subtle" size="compact-xs">
              {t({ id: "map.back", defaultMessage: "Back to the address form" })}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </div>
  );
}
