// TOC scroll-spy: the id of the heading being read, updated on scroll and
// resize (at most once per frame).

import { useEffect, useState } from "react";
import { currentHeading } from "../support/scrollSpy";

/** Pixels below the navbar's bottom edge that count as "being read". */
const READING_OFFSET = 32;

export function useScrollSpy(ids: string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  const key = ids.join(" ");

  useEffect(() => {
    if (ids.length === 0) {
      setActive(null);
      return;
    }
    let frame = 0;
    function measure() {
      frame = 0;
      const navbar = document.querySelector(".navbar")?.getBoundingClientRect().bottom ?? 0;
      const headings = ids.map((id) => document.getElementById(id));
      const tops = headings.map((el) => (el ? el.getBoundingClientRect().top : Infinity));
      const root = document.documentElement;
      const atBottom = window.scrollY > 0 && window.innerHeight + window.scrollY >= root.scrollHeight - 2;
      const index = currentHeading(tops, navbar + READING_OFFSET, atBottom);
      setActive(index >= 0 ? ids[index] : null);
    }
    function schedule() {
      if (!frame) frame = requestAnimationFrame(measure);
    }
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
    // `key` stands for the ids: a new array with the same ids needs no new listeners.
  }, [key]);

  return active;
}
