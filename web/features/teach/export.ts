// The walk for a handout or slides: each step as a numbered, standalone SVG frame (the request
// strip, every cache's lists next victim first, the blocks evicted at that step, the tally and
// the lecturer's note), all frames in one ZIP, or all of them on one printable HTML page.
import { zipSync } from 'fflate';
import type { TeachStep } from '../../worker/protocol';
import { formatBytes } from '../../format/numbers';
import { BOX as SCREEN_BOX, boxWidth, formatPriority, smallestObject } from './layout';
import { blockLabel } from './requests';
import { evictionsOf, HINT_WORDS, missWords, stripOf, tallyAt } from './walk';

const INK = '#1d2430';
const MUTED = '#6b7380';
const COLOURS = {
  client: '#2f6fde',
  array: '#12907a',
  disk: '#c2603a',
  ring: '#f0d48a',
  rule: '#c9ced6',
  tray: '#8a919c',
};
const BOX = 30;
const GAP = 5;
/** The labels' column at its narrowest (wider for long names: MC²'s partitions). */
const LABEL_MIN = 150;
const ROW = 40;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface FrameInput {
  steps: readonly TeachStep[];
  letters: boolean;
  /** The step drawn (0: before any request). */
  at: number;
  /** What the step did, in words (the stepper's narration). */
  narration: string;
  note?: string;
  /** A heading: the pair's name or the walk's. */
  title?: string;
}

/** Wraps text into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** One step as a standalone SVG document. */
export function frameSvg({ steps, letters, at, narration, note, title }: FrameInput): string {
  const step = steps[at];
  const smallest = smallestObject(steps);
  const last = steps.length - 1;
  const longest = Math.max(
    0,
    ...step.caches.flatMap((c) => c.queues.map((q) => `${c.name} · ${q.name} (ghost)`.length)),
  );
  const LABEL = Math.max(LABEL_MIN, Math.ceil(24 + longest * 6.6));
  const out: string[] = [];
  let y = 24;
  const text = (
    x: number,
    yy: number,
    s: string,
    o: { size?: number; weight?: number; fill?: string; italic?: boolean } = {},
  ) =>
    out.push(
      `<text x="${x}" y="${yy}" fill="${o.fill ?? INK}" font-family="sans-serif" font-size="${o.size ?? 13}"${o.weight ? ` font-weight="${o.weight}"` : ''}${o.italic ? ' font-style="italic"' : ''}>${esc(s)}</text>`,
    );
  text(16, y, `${title ? `${title} — ` : ''}step ${at} of ${last}`, { weight: 700, size: 15 });
  y += 22;
  for (const line of wrap(narration, 96)) {
    text(16, y, line);
    y += 17;
  }
  const miss = missWords(step);
  if (miss) {
    text(16, y, miss, { weight: 600 });
    y += 17;
  }
  if (note) {
    for (const line of wrap(note, 96)) {
      text(24, y, line, { italic: true, fill: MUTED });
      y += 17;
    }
  }
  y += 8;
  // The strip: past requests filled by where they were served, the current one ringed.
  const leaf = (i: number) => !step.caches.some((o) => o.parent === i);
  const strip = stripOf(steps, letters);
  const chip = 34;
  strip.forEach((r, k) => {
    const x = 16 + (k % 24) * (chip + 4);
    const yy = y + Math.floor(k / 24) * (chip + 6);
    const past = r.step <= at;
    const served = step.caches.findIndex((c) => c.name === r.servedBy);
    const fill = !past || served < 0 ? 'none' : leaf(served) ? COLOURS.client : COLOURS.array;
    const stroke = r.step === at ? COLOURS.ring : past && r.servedBy === 'disk' ? COLOURS.disk : COLOURS.rule;
    out.push(
      `<rect x="${x}" y="${yy}" width="${chip}" height="${chip}" rx="5" fill="${fill}" stroke="${stroke}" stroke-width="${r.step === at ? 3 : 1.5}"${past && r.servedBy === 'disk' ? ' stroke-dasharray="4 2"' : ''}/>`,
    );
    const colour = fill === 'none' ? INK : '#fff';
    out.push(
      `<text x="${x + chip / 2}" y="${yy + 15}" fill="${colour}" font-family="sans-serif" font-size="12" font-weight="600" text-anchor="middle">${esc(r.label + (r.op === 'write' ? '*' : ''))}</text>`,
    );
    if (past) {
      const mark =
        r.op === 'write'
          ? r.hint
            ? `w·${HINT_WORDS[r.hint].short}`
            : 'w'
          : r.servedBy === 'disk'
            ? r.miss === 'duplicate'
              ? 'dup'
              : r.miss === 'capacity'
                ? 'cap'
                : (r.miss ?? 'disk')
            : 'hit';
      out.push(
        `<text x="${x + chip / 2}" y="${yy + 28}" fill="${colour}" font-family="sans-serif" font-size="9" text-anchor="middle">${esc(mark)}</text>`,
      );
    }
  });
  y += Math.ceil(Math.max(1, strip.length) / 24) * (chip + 6) + 10;
  // The caches, a row per list, the next victim at the left.
  let widest = 0;
  step.caches.forEach((cache, i) => {
    // LIRS's stack S first, bottom at the left: LIR solid, resident HIR ringed, non-resident dashed.
    if (cache.stack) {
      text(16, y + 20, `${cache.name} · S (stack)`, { size: 12, fill: MUTED });
      cache.stack.forEach((e, k) => {
        const x = LABEL + k * (BOX + GAP);
        const fill = leaf(i) ? COLOURS.client : COLOURS.array;
        out.push(
          e.status === 'lir'
            ? `<rect x="${x}" y="${y + 4}" width="${BOX}" height="${BOX - 4}" rx="5" fill="${fill}"/>`
            : `<rect x="${x}" y="${y + 4}" width="${BOX}" height="${BOX - 4}" rx="5" fill="none" stroke="${e.status === 'hir-resident' ? fill : COLOURS.rule}" stroke-width="1.5"${e.status === 'hir-resident' ? '' : ' stroke-dasharray="4 2"'}/>`,
        );
        out.push(
          `<text x="${x + BOX / 2}" y="${y + 22}" fill="${e.status === 'lir' ? '#fff' : MUTED}" font-family="sans-serif" font-size="12" font-weight="600" text-anchor="middle">${esc(blockLabel(e.block, letters))}</text>`,
        );
      });
      widest = Math.max(widest, cache.stack.length);
      y += ROW;
    }
    cache.queues.forEach((q, n) => {
      text(16, y + 20, `${cache.name}${q.name !== 'cache' ? ` · ${q.name}` : ''}${q.ghost ? ' (ghost)' : ''}`, {
        size: 12,
        fill: MUTED,
      });
      // A cache in bytes says its use under its first list's name; GDSF its inflation value.
      const used = cache.bytes ? `${formatBytes(cache.bytes.used)} of ${formatBytes(cache.bytes.capacity)}` : '';
      const inflation = cache.inflation !== undefined ? `L ${formatPriority(cache.inflation)}` : '';
      const note = [used, inflation].filter(Boolean).join(' · ');
      if (n === 0 && note) text(16, y + 33, note, { size: 10, fill: MUTED });
      let x = LABEL;
      q.blocks.forEach((b, k) => {
        const label = blockLabel(b, letters);
        const current = step.block !== null && b === step.block;
        const size = q.sizes?.[k];
        const w = Math.round((boxWidth(size, smallest) * BOX) / SCREEN_BOX);
        out.push(
          q.ghost
            ? `<rect x="${x}" y="${y + 4}" width="${w}" height="${BOX - 4}" rx="5" fill="none" stroke="${COLOURS.rule}" stroke-width="1.5" stroke-dasharray="4 2"/>`
            : `<rect x="${x}" y="${y + 4}" width="${w}" height="${BOX - 4}" rx="5" fill="${leaf(i) ? COLOURS.client : COLOURS.array}"${current ? ` stroke="${COLOURS.ring}" stroke-width="3"` : ''}/>`,
        );
        const sub = [
          size === undefined ? '' : formatBytes(size),
          q.priorities ? `H ${formatPriority(q.priorities[k])}` : '',
        ]
          .filter(Boolean)
          .join(' · ');
        out.push(
          `<text x="${x + w / 2}" y="${y + (sub ? 17 : 22)}" fill="${q.ghost ? MUTED : '#fff'}" font-family="sans-serif" font-size="12" font-weight="600" text-anchor="middle">${esc(label)}</text>`,
        );
        if (sub)
          out.push(
            `<text x="${x + w / 2}" y="${y + 28}" fill="#fff" font-family="sans-serif" font-size="8" text-anchor="middle">${esc(sub)}</text>`,
          );
        x += w + GAP;
      });
      widest = Math.max(widest, Math.ceil((x - LABEL) / (BOX + GAP)));
      out.push(
        `<line x1="16" x2="${Math.max(x, LABEL + 6 * (BOX + GAP))}" y1="${y + ROW - 2}" y2="${y + ROW - 2}" stroke="${COLOURS.rule}" stroke-dasharray="3 3"/>`,
      );
      y += ROW;
    });
  });
  const evicted = at > 0 ? evictionsOf(steps, at, letters) : [];
  text(16, y + 20, 'evicted', { size: 12, fill: MUTED });
  evicted.forEach((e, k) => {
    const x = LABEL + k * (BOX + GAP + 40);
    out.push(`<rect x="${x}" y="${y + 4}" width="${BOX}" height="${BOX - 4}" rx="5" fill="${COLOURS.tray}"/>`);
    out.push(
      `<text x="${x + BOX / 2}" y="${y + 22}" fill="#fff" font-family="sans-serif" font-size="12" font-weight="600" text-anchor="middle">${esc(e.label)}</text>`,
    );
    text(x + BOX + 3, y + 22, `← ${e.cache}`, { size: 10, fill: MUTED });
  });
  y += ROW + 8;
  // The tally.
  const tally = tallyAt(steps, at);
  text(16, y, 'reads so far', { size: 12, fill: MUTED });
  y += 18;
  for (const [i, t] of tally.entries()) {
    const c = step.caches[i];
    const inBytes =
      c?.byteHits !== undefined && c.byteMisses !== undefined
        ? ` · in bytes ${formatBytes(c.byteHits)} hit, ${formatBytes(c.byteMisses)} missed`
        : '';
    text(16, y, `${t.cache}: ${t.hits} hits, ${t.misses} misses${inBytes}`, { size: 12 });
    y += 17;
  }
  const width = Math.max(16 + 24 * (chip + 4), LABEL + Math.max(6, widest, evicted.length * 2) * (BOX + GAP) + 24);
  const height = y + 8;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#fff"/>${out.join('')}</svg>\n`;
}

/**
 * Several frames as one standalone SVG, one under the other (the pairs of a side-by-side walk
 * at the same step): each keeps its own drawing, nested at its offset.
 */
export function stackFrames(frames: readonly string[]): string {
  if (frames.length === 1) return frames[0];
  const size = (f: string) => {
    const m = /^<svg[^>]*? width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"/.exec(f);
    if (!m) throw new Error('not a frame drawn by frameSvg');
    return { width: Number(m[1]), height: Number(m[2]) };
  };
  const sizes = frames.map(size);
  const width = Math.max(...sizes.map((s) => s.width));
  let y = 0;
  const parts = frames.map((f, i) => {
    const nested = f.trim().replace(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, `<svg y="${y}"`);
    y += sizes[i].height + (i < frames.length - 1 ? 12 : 0);
    return nested;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" viewBox="0 0 ${width} ${y}"><rect width="${width}" height="${y}" fill="#fff"/>${parts.join('')}</svg>\n`;
}

/** "step-007.svg": numbered so the frames sort in order. */
export function frameName(at: number, last: number): string {
  return `step-${String(at).padStart(Math.max(2, String(last).length), '0')}.svg`;
}

/** Every step on one page to print: a heading, then each frame numbered, each kept whole on its page. */
export function printablePage(title: string, summary: string, frames: readonly string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(title)}</title>
<style>
body { font-family: sans-serif; color: ${INK}; margin: 24px; }
h1 { font-size: 1.3rem; margin: 0 0 4px; }
p.summary { margin: 0 0 16px; color: ${MUTED}; }
figure { margin: 0 0 20px; break-inside: avoid; page-break-inside: avoid; }
figure svg { max-width: 100%; height: auto; }
</style>
</head>
<body>
<h1>${esc(title)}</h1>
<p class="summary">${esc(summary)}</p>
${frames.map((f, i) => `<figure id="step-${i}">${f.trim()}</figure>`).join('\n')}
</body>
</html>
`;
}

// ---- the frames as one ZIP (fflate writes it) -------------------------------------------------

/** A ZIP archive of `files` (SVG frames compress well), dated 1980-01-01 so the same walk gives the same bytes. */
export function zipFrames(files: readonly { name: string; data: Uint8Array }[]): Uint8Array<ArrayBuffer> {
  const mtime = new Date(1980, 0, 1);
  return zipSync(
    Object.fromEntries(files.map((f) => [f.name, [f.data, { mtime, level: 6 }]])),
  ) as Uint8Array<ArrayBuffer>;
}
