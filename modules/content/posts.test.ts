import { describe, expect, it } from "vitest";
import { paragraphs } from "./posts.server";

describe("paragraphs", () => {
  it("splits a post on blank lines, joins wrapped lines, and keeps markup as plain text", () => {
    expect(paragraphs("First line\nstill first.\n\n\nSecond <b>plain</b>.\r\n\r\nThird")).toEqual([
      "First line still first.",
      "Second <b>plain</b>.",
      "Third",
    ]);
  });
});
