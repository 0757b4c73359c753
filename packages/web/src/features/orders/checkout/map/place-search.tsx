import type { Location } from "@fruit/core/browser/orders";
import { useMapsLibrary } from "@vis.gl/react-google-maps";
import { useEffect, useRef } from "react";
import { useT } from "../../../../i18n/intl.tsx";

/** The fields of google.maps.places.Place this screen reads. */
interface PlaceResult {
  id: string;
  displayName?: string | null;
  formattedAddress?: string | null;
  shortFormattedAddress?: string | null;
  location?: { lat: () => number; lng: () => number } | null;
  fetchFields: (request: { fields: string[] }) => Promise<unknown>;
}

/** A place picked in the search: a whole map location (core's shape, every field filled). */
export type ChosenPlace = Required<Location>;

/**
 * The address search ('Enter your address'): Google's PlaceAutocompleteElement (new customers can no
 * longer use the legacy Autocomplete), mounted into a div once the places library has loaded.
 */
export function PlaceSearch({ onSelect }: { onSelect: (place: ChosenPlace) => void }) {
  const places = useMapsLibrary("places");
  const host = useRef<HTMLDivElement>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const t = useT();
  const placeholder = t({ id: "map.search.placeholder", defaultMessage: "Enter your address" });
  const label = t({ id: "map.search", defaultMessage: "Search for your address" });

  useEffect(() => {
    if (!places || !host.current) return;
    const element = new places.PlaceAutocompleteElement({ placeholder });
    element.setAttribute("aria-label", label);
    element.style.width = "100%";
    const select = async (event: Event) => {
      // google.maps.places.PlacePredictionSelectEvent (the types' namespace is not global here).
      const prediction = (event as Event & { placePrediction?: { toPlace: () => PlaceResult } })
        .placePrediction;
      if (!prediction) return;
      const place = prediction.toPlace();
      await place.fetchFields({
        fields: ["displayName", "formattedAddress", "location", "id", "shortFormattedAddress"],
      });
      if (!place.location) return;
      onSelectRef.current({
        lat: place.location.lat(),
        lng: place.location.lng(),
        address: place.formattedAddress ?? "",
        name: place.displayName ?? "",
        vicinity: place.shortFormattedAddress ?? "",
        googleAddressId: place.id,
      });
    };
    element.addEventListener("gmp-select", select);
    host.current.replaceChildren(element);
    return () => {
      element.removeEventListener("gmp-select", select);
      element.remove();
    };
  }, [places, placeholder, label]);

  return <div ref={host} style={{ flex: 1, minWidth: 0 }} />;
}
