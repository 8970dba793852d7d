// Which TOC heading is "current" while reading: the last heading whose top
// has scrolled above a line just below the navbar. At the very bottom of
// the page the last heading wins, since it may never reach that line.

/**
 * @param tops each heading's distance from the viewport top, in TOC order
 * @param line the reading line, in pixels from the viewport top
 * @param atBottom whether the page is scrolled to its end
 * @returns the index of the current heading, or -1 above the first one
 */
export function currentHeading(tops: number[], line: number, atBottom: boolean): number {
  if (tops.length === 0) return -1;
  if (atBottom) return tops.length - 1;
  let current = -1;
  tops.forEach((top, index) => {
    if (top <= line) current = index;
  });
  return current;
}
