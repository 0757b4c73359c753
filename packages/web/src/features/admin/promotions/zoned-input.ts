import { localDate, localTime, zonedInstant } from "@fruit/core/browser/delivery";

/**
 * Instants as the Promotions screen shows and takes them: the wall clock of the shop's time zone
 * (`YYYY-MM-DDTHH:MM`, a datetime-local input's value), the API's ISO instants behind it.
 */

/** An ISO instant → the shop's wall clock (empty for none). */
export const toWallClock = (iso: string | null, timeZone: string): string =>
  iso ? `${localDate(new Date(iso), timeZone)}T${localTime(new Date(iso), timeZone)}` : "";

/** The shop's wall clock → an ISO instant (null for an empty field). */
export function fromWallClock(value: string, timeZone: string): string | null {
  const [date, time] = value.split("T");
  if (!date || !time) return null;
  return zonedInstant(date, time.slice(0, 5), timeZone).toISOString();
}
