// A chart's "nothing yet" message, centred on its plot and broken into lines that fit it (a
// phone's plot is narrower than the sentence).

/** About how wide a 13 px character is. */
const CHAR_PX = 7;

/** `text` in lines of at most `width` pixels, broken between words. */
export function wrapWords(text: string, width: number): string[] {
  const most = Math.max(8, Math.floor(width / CHAR_PX));
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length ? lines[lines.length - 1] : null;
    if (last !== null && last.length + 1 + word.length <= most) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

export function EmptyText({
  plot,
  text,
}: {
  plot: { left: number; right: number; top: number; bottom: number };
  text: string;
}) {
  const lines = wrapWords(text, plot.right - plot.left - 16);
  const x = (plot.left + plot.right) / 2;
  const y = (plot.top + plot.bottom) / 2 - ((lines.length - 1) * 16) / 2;
  return (
    <text className="cdf-empty" x={x} y={y} textAnchor="middle">
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line is its place in the wrapped text (two may read alike)
        <tspan key={i} x={x} dy={i === 0 ? 0 : 16}>
          {l}
        </tspan>
      ))}
    </text>
  );
}
