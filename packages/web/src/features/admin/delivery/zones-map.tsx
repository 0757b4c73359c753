import type { Zone } from "@fruit/core/browser/zones";
import { List, Stack, Text } from "@mantine/core";
import { APIProvider, Circle, Map as GoogleMap, Polygon } from "@vis.gl/react-google-maps";
import { useGoogleKey } from "../../orders/index.ts";

/** Montréal, where the shop starts (the delivery map's default centre, docs/product.md §9). */
const CENTRE = { lat: 45.516, lng: -73.56 };
const COLOURS = ["#2f9e44", "#f08c00", "#1971c2", "#c2255c", "#6741d9", "#0c8599"];

const isPoint = (lat: number, lng: number) => Number.isFinite(lat) && Number.isFinite(lng);

/** A zone's drawable shape: the polygon's whole corners, or the circle when its centre and radius are numbers. */
function shapeOf(zone: Zone, colour: string) {
  const { match } = zone;
  const style = { strokeColor: colour, strokeWeight: 2, fillColor: colour, fillOpacity: 0.2 };
  if ("polygon" in match) {
    const paths = match.polygon.filter(([lat, lng]) => isPoint(lat, lng)).map(([lat, lng]) => ({ lat, lng }));
    return paths.length >= 3 ? <Polygon key={zone.id || colour} paths={paths} {...style} /> : null;
  }
  if ("centre" in match && isPoint(match.centre.lat, match.centre.lng) && match.radiusKm > 0)
    return <Circle key={zone.id || colour} center={match.centre} radius={match.radiusKm * 1000} {...style} />;
  return null;
}

/** What a zone matches, as text: its postal prefixes, its polygon's corners, or its centre and radius. */
export function describeMatch(zone: Zone): string {
  const { match } = zone;
  if ("postalPrefixes" in match) return `postal codes ${match.postalPrefixes.join(", ")}`;
  if ("polygon" in match) return `polygon ${match.polygon.map(([lat, lng]) => `(${lat}, ${lng})`).join(" ")}`;
  return `within ${match.radiusKm} km of (${match.centre.lat}, ${match.centre.lng})`;
}

/**
 * The zones as the administrator edits them (docs/decisions/046-zones-and-tax-classes.md): drawn on a
 * map where the shop has a Google Maps key (polygons and circles; postal prefixes, which have no
 * shape, listed beneath), and listed — prefixes and coordinates — without one.
 */
export function ZonesMap({ zones }: { zones: Zone[] }) {
  const key = useGoogleKey();
  const named = zones.map((zone, index) => ({ zone, colour: COLOURS[index % COLOURS.length] ?? "#2f9e44" }));
  const drawn = key.data?.key ? named.filter(({ zone }) => !("postalPrefixes" in zone.match)) : [];
  const listed = named.filter((entry) => !drawn.includes(entry));
  if (zones.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="zones-map">
      {key.data?.key && drawn.length > 0 && (
        <APIProvider apiKey={key.data.key}>
          <div style={{ height: 320, borderRadius: 8, overflow: "hidden" }}>
            <GoogleMap defaultCenter={CENTRE} defaultZoom={11} gestureHandling="cooperative">
              {drawn.map(({ zone, colour }) => shapeOf(zone, colour))}
            </GoogleMap>
          </div>
          <List size="sm" aria-label="Zones on the map">
            {drawn.map(({ zone, colour }) => (
              <List.Item key={zone.id || colour}>
                <Text span size="sm" fw={600} c={colour}>
                  {zone.name || zone.id}
                </Text>
                : {describeMatch(zone)}
              </List.Item>
            ))}
          </List>
        </APIProvider>
      )}
      {listed.length > 0 && (
        <List size="sm" aria-label={drawn.length > 0 ? "Zones by postal code" : "Zones"}>
          {listed.map(({ zone, colour }) => (
            <List.Item key={zone.id || colour}>
              <Text span size="sm" fw={600}>
                {zone.name || zone.id}
              </Text>
              : {describeMatch(zone)}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
