import { describe, expect, it } from "vitest";
import { menuKeyTarget } from "./menu";

describe("menuKeyTarget", () => {
  it("moves down and up, wrapping at the ends", () => {
    expect(menuKeyTarget("ArrowDown", 0, 3)).toBe(1);
    expect(menuKeyTarget("ArrowDown", 2, 3)).toBe(0);
    expect(menuKeyTarget("ArrowUp", 0, 3)).toBe(2);
    expect(menuKeyTarget("ArrowUp", 2, 3)).toBe(1);
  });

  it("jumps to the first and last item", () => {
    expect(menuKeyTarget("Home", 2, 3)).toBe(0);
    expect(menuKeyTarget("End", 0, 3)).toBe(2);
  });

  it("ignores other keys and empty menus", () => {
    expect(menuKeyTarget("ArrowRight", 0, 3)).toBeNull();
    expect(menuKeyTarget("ArrowDown", 0, 0)).toBeNull();
  });
});
