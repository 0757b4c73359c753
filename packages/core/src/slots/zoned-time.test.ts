import { describe, expect, it } from "vitest";
import { addDays, isCalendarDate, localDate, localTime, weekdayOf, zonedInstant } from "./zoned-time.ts";

const TORONTO = "America/Toronto";

describe("local wall-clock times of America/Toronto", () => {
  it("reads a summer and a winter time at their own offsets (−4 h, −5 h)", () => {
    expect(zonedInstant("2026-07-04", "09:00", TORONTO).toISOString()).toBe("2026-07-04T13:00:00.000Z");
    expect(zonedInstant("2026-12-05", "09:00", TORONTO).toISOString()).toBe("2026-12-05T14:00:00.000Z");
  });

  it("on the fall-back day (2026-11-01) the repeated 01:30 is its first occurrence (EDT), and 02:30 is EST", () => {
    expect(zonedInstant("2026-11-01", "00:30", TORONTO).toISOString()).toBe("2026-11-01T04:30:00.000Z");
    expect(zonedInstant("2026-11-01", "01:30", TORONTO).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(zonedInstant("2026-11-01", "02:30", TORONTO).toISOString()).toBe("2026-11-01T07:30:00.000Z");
    // An hour-long window 01:00–02:00 lasts two hours of real time that night.
    const start = zonedInstant("2026-11-01", "01:00", TORONTO).getTime();
    const end = zonedInstant("2026-11-01", "02:00", TORONTO).getTime();
    expect((end - start) / 3_600_000).toBe(2);
  });

  it("on the spring-forward day (2026-03-08) the skipped 02:30 reads as 03:30 EDT", () => {
    expect(zonedInstant("2026-03-08", "01:30", TORONTO).toISOString()).toBe("2026-03-08T06:30:00.000Z");
    const skipped = zonedInstant("2026-03-08", "02:30", TORONTO);
    expect(skipped.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(localTime(skipped, TORONTO)).toBe("03:30");
    expect(zonedInstant("2026-03-08", "09:00", TORONTO).toISOString()).toBe("2026-03-08T13:00:00.000Z");
  });

  it("round-trips every quarter hour of both change days except the skipped hour", () => {
    for (const date of ["2026-03-08", "2026-11-01"]) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
        const instant = zonedInstant(date, time, TORONTO);
        if (date === "2026-03-08" && time >= "02:00" && time < "03:00") continue;
        expect(`${localDate(instant, TORONTO)} ${localTime(instant, TORONTO)}`).toBe(`${date} ${time}`);
      }
    }
  });

  it("does calendar arithmetic on dates", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(weekdayOf("2026-11-29")).toBe(0);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2028-02-29")).toBe(true);
  });
});
