import { describe, expect, it } from "vitest";
import {
  addDays,
  axisDay,
  daysBetween,
  hourLabel,
  isCalendarDate,
  lagosDayTime,
  lagosNow,
  lagosTimestamp,
  longDay,
  shortDay,
} from "./lagos-calendar";

describe("Lagos calendar days", () => {
  it("reads today and the hour in Africa/Lagos (UTC+1), not UTC", () => {
    expect(lagosNow(new Date("2027-01-31T22:59:59Z"))).toEqual({ date: "2027-01-31", hour: 23 });
    expect(lagosNow(new Date("2027-01-31T23:00:00Z"))).toEqual({ date: "2027-02-01", hour: 0 });
    expect(lagosNow(new Date("2026-12-31T23:30:00Z"))).toEqual({ date: "2027-01-01", hour: 0 });
  });

  it("writes an instant as a Lagos clock reads it, for spreadsheets", () => {
    expect(lagosTimestamp(new Date("2026-12-04T23:30:00Z"))).toBe("2026-12-05 00:30");
    expect(lagosTimestamp(new Date("2026-12-31T23:05:59Z"))).toBe("2027-01-01 00:05");
    expect(lagosTimestamp(new Date("2026-06-01T08:00:00Z"))).toBe("2026-06-01 09:00");
  });

  it("counts days on the calendar across month, year and leap-year ends", () => {
    expect(addDays("2027-01-31", 1)).toBe("2027-02-01");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-12-31", 2)).toBe("2028-01-02");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
    expect(daysBetween("2027-12-30", "2028-01-02")).toBe(3);
  });

  it("knows a real day, and says days and hours as people do", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2027-2-1")).toBe(false);
    expect(shortDay("2027-02-14")).toBe("Sun 14 Feb");
    expect(longDay("2027-02-14")).toBe("Sunday 14 February 2027");
    expect([0, 9, 12, 14, 24].map(hourLabel)).toEqual(["12 am", "9 am", "12 pm", "2 pm", "12 am"]);
  });

  it("labels a chart's days day first, on the Lagos calendar (the sales chart's axis)", () => {
    expect(axisDay(new Date("2026-11-07T12:00:00Z"))).toBe("7 Nov");
    // 23:30 UTC on 30 November is already 1 December in Lagos
    expect(axisDay(new Date("2026-11-30T23:30:00Z"))).toBe("1 Dec");
  });

  it("says an instant's day and time in Lagos on the 12-hour clock: night, afternoon, midnight and noon", () => {
    expect(lagosDayTime(new Date("2026-12-05T01:17:00Z"))).toBe("Saturday 5 December, 2:17 am");
    expect(lagosDayTime(new Date("2026-12-05T13:17:00Z"))).toBe("Saturday 5 December, 2:17 pm");
    // midnight in Lagos is 23:00 UTC the evening before
    expect(lagosDayTime(new Date("2026-12-31T23:00:00Z"))).toBe("Friday 1 January, 12:00 am");
    expect(lagosDayTime(new Date("2027-02-14T11:05:00Z"))).toBe("Sunday 14 February, 12:05 pm");
    // a list's line: day and month, no weekday
    expect(lagosDayTime(new Date("2026-12-04T02:08:00Z"), "short")).toBe("4 Dec, 3:08 am");
    expect(lagosDayTime(new Date("2026-12-04T14:08:00Z"), "short")).toBe("4 Dec, 3:08 pm");
  });
});
