/**
 * A QR code's dark modules as lean-qr's toSvgPath draws them, redrawn with fewer characters.
 *
 * toSvgPath traces the outline of each dark area with a point at every module's corner along it, in
 * absolute numbers ("M3 5L2 5L2 4L2 3L2 2L3 2…Z"). The same outlines through their turns only, each
 * step relative to the last ("M2 2h3v3h-3z"), are the same shape in about a third of the characters:
 * the card's code is in the server's /programs page once per program, and a phone parses all of them
 * (issue 32: 200 cards; 6 KB of a card's 8.5 KB was its code's path).
 */
export function compactQrPath(path: string): string {
  let compact = "";
  let start: readonly [number, number] = [0, 0];
  for (const outline of path.split("Z")) {
    if (!outline.startsWith("M")) continue;
    const points = outline
      .slice(1)
      .split("L")
      .map((point) => point.split(" ").map(Number) as [number, number]);
    // a point on a straight line between its neighbours is no turn (the outline is closed: the
    // first point's neighbour is the last)
    const turns = points.filter((point, i) => {
      const before = points.at(i - 1)!;
      const after = points[(i + 1) % points.length]!;
      return !(before[0] === point[0] && point[0] === after[0]) && !(before[1] === point[1] && point[1] === after[1]);
    });
    const first = turns[0];
    if (!first) continue;
    // after `z` the pen is back at the outline's first point: the next outline starts relative to it
    compact += compact ? `m${String(first[0] - start[0])} ${String(first[1] - start[1])}` : `M${String(first[0])} ${String(first[1])}`;
    let [x, y] = first;
    for (const [nextX, nextY] of turns.slice(1)) {
      compact += nextX === x ? `v${String(nextY - y)}` : `h${String(nextX - x)}`;
      [x, y] = [nextX, nextY];
    }
    compact += "z";
    start = first;
  }
  // a minus sign separates two numbers as well as a space does
  return compact.replace(/ -/g, "-");
}
