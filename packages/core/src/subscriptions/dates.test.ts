import { describe, expect, it } from "vitest";
import {
  beforeCutoff,
  firstDate,
  isOpen,
  isSubscriptionDate,
  openDates,
  subscriptionDates,
  weekTimes,
} from "./dates.ts";

const ZONE = "America/Toronto";
/** Tuesday 10:00–12:00, cut-off the day before at 10:00, opening 72 h before it. */
const times = { timeZone: ZONE, start: "10:00", cutoffMinutes: 24 * 60, leadHours: 72 };
const weekly = { window: { weekday: 2, start: "10:00" }, every: 1, startsOn: "2026-10-21" };

describe("a subscription's dates", () => {
  it("starts on the window's weekday on or after startsOn", () => {
    expect(firstDate(weekly)).toBe("2026-10-27");
    expect(firstDate({ ...weekly, startsOn: "2026-10-27" })).toBe("2026-10-27");
  });

  it("every other week is anchored on startsOn, and endsOn is the last date", () => {
    const fortnightly = { ...weekly, every: 2, endsOn: "2026-12-08" };
    expect(subscriptionDates(fortnightly, "2026-10-01", "2027-01-31")).toEqual([
      "2026-10-27",
      "2026-11-10",
      "2026-11-24",
      "2026-12-08",
    ]);
    // From a date between two of them: the next one of the same cadence.
    expect(subscriptionDates(fortnightly, "2026-11-01", "2026-11-30")).toEqual(["2026-11-10", "2026-11-24"]);
    expect(isSubscriptionDate(fortnightly, "2026-11-03")).toBe(false);
    expect(isSubscriptionDate(fortnightly, "2026-11-24")).toBe(true);
    expect(isSubscriptionDate(fortnightly, "2026-12-22")).toBe(false);
  });

  it("keeps the window's wall-clock time across a daylight-saving change", () => {
    // Toronto falls back on Sunday 1 November 2026: 10:00 is 14:00 UTC before and 15:00 UTC after.
    expect(weekTimes("2026-10-27", { ...times, cutoffMinutes: 0 }).cutoffAt.toISOString()).toBe(
      "2026-10-27T14:00:00.000Z",
    );
    expect(weekTimes("2026-11-03", { ...times, cutoffMinutes: 0 }).cutoffAt.toISOString()).toBe(
      "2026-11-03T15:00:00.000Z",
    );
  });
});

describe("a skip and the cut-off, decided by the server's clock", () => {
  // The week of 3 November: its cut-off (Monday 2 November 10:00 EST) falls just after the change,
  // and its opening (72 elapsed hours earlier) before it. The week of 27 October lies wholly before it,
  // and in spring the week of 10 March 2026 straddles the change to summer time (8 March).
  const cases = [
    { date: "2026-10-27", cutoff: "2026-10-26T14:00:00.000Z", opens: "2026-10-23T14:00:00.000Z" },
    { date: "2026-11-03", cutoff: "2026-11-02T15:00:00.000Z", opens: "2026-10-30T15:00:00.000Z" },
    { date: "2026-03-10", cutoff: "2026-03-09T14:00:00.000Z", opens: "2026-03-06T14:00:00.000Z" },
    { date: "2026-03-03", cutoff: "2026-03-02T15:00:00.000Z", opens: "2026-02-27T15:00:00.000Z" },
  ];
  for (const { date, cutoff, opens } of cases) {
    it(`is accepted at the cut-off minus 1 s and refused at the cut-off (${date})`, () => {
      const at = Date.parse(cutoff);
      expect(weekTimes(date, times).cutoffAt.toISOString()).toBe(cutoff);
      expect(weekTimes(date, times).opensAt.toISOString()).toBe(opens);
      expect(beforeCutoff(date, times, new Date(at - 1000))).toBe(true);
      expect(beforeCutoff(date, times, new Date(at))).toBe(false);
      expect(isOpen(date, times, new Date(at - 1000))).toBe(true);
      expect(isOpen(date, times, new Date(at))).toBe(false);
      expect(isOpen(date, times, new Date(Date.parse(opens) - 1000))).toBe(false);
      expect(isOpen(date, times, new Date(Date.parse(opens)))).toBe(true);
    });
  }

  it("lists the weeks open at a moment", () => {
    const now = new Date("2026-10-31T12:00:00Z");
    expect(openDates(weekly, times, now, "2026-10-31")).toEqual(["2026-11-03"]);
    expect(openDates(weekly, times, new Date("2026-10-30T14:00:00Z"), "2026-10-30")).toEqual([]);
  });
});
