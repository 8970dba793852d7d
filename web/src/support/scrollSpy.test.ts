import { describe, expect, it } from "vitest";
import { currentHeading } from "./scrollSpy";

describe("scroll-spy", () => {
  it.each([
    ["no headings", [], false, -1],
    ["above the first heading", [200, 600, 900], false, -1],
    ["first heading at the line", [80, 600, 900], false, 0],
    ["between the second and third", [-400, 50, 700], false, 1],
    ["past every heading", [-900, -500, -100], false, 2],
    ["at the bottom the last heading wins", [-400, 200, 500], true, 2],
  ])("%s", (_name, tops, atBottom, expected) => {
    expect(currentHeading(tops as number[], 92, atBottom as boolean)).toBe(expected);
  });
});
