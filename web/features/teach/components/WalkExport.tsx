// The walk exported: every step as a numbered SVG frame (with its note; a side-by-side walk's
// frame holds every pair at that step, one under the other, each titled), as one ZIP or as a
// printable page.
import { download } from '../../../export/export';
import type { Capacity } from '../../../scenario/capacity';
import { variantLabel } from '../config';
import { frameName, frameSvg, printablePage, stackFrames, zipFrames } from '../export';
import type { Walk } from '../hooks/useWalk';
import type { Notes } from '../link';
import { narrate } from '../narrate';

/** Every step of the walk as a frame, numbered from 0 (before any request). */
function walkFrames(walk: Walk, notes: Notes): string[] {
  const sides = [
    { label: walk.variants.length ? variantLabel(walk.config) : undefined, steps: walk.steps },
    ...walk.variants,
  ];
  return walk.steps.map((_, n) =>
    stackFrames(
      sides.map((side, k) =>
        frameSvg({
          steps: side.steps,
          letters: walk.letters,
          at: n,
          narration: narrate(side.steps[Math.max(0, n - 1)], side.steps[n], walk.letters, walk.clients),
          note: k === 0 ? notes[n] : undefined,
          title: side.label,
        }),
      ),
    ),
  );
}

/** "3 blocks", or bytes as typed ("16K"). */
const sizeWords = (c: Capacity) => (typeof c === 'number' ? `${c} block${c === 1 ? '' : 's'}` : c);

/** The printable page's line under its title: the caches (or pairs), their sizes, the requests. */
function walkSummary(walk: Walk): string {
  const c = walk.config;
  if (c.tree) {
    const caches = c.tree.caches.map((x) => `${x.name}: ${x.policy.kind.toUpperCase()}, ${sizeWords(x.capacity)}`);
    return `${caches.join(' · ')} — requests ${c.requests}`;
  }
  const pairs = [variantLabel(c), ...walk.variants.map((v) => v.label)].join(' · ');
  const sizes = [c.clientSize, ...(c.array === 'none' ? [] : [c.arraySize])];
  const said = sizes.every((x) => typeof x === 'number')
    ? `${sizes.join(' + ')} blocks`
    : sizes.map(sizeWords).join(' + ');
  return `${pairs}, ${said} — requests ${c.requests}`;
}

export function WalkExport({ walk, notes }: { walk: Walk; notes: Notes }) {
  const last = walk.steps.length - 1;
  const exportFrames = () => {
    const enc = new TextEncoder();
    const files = walkFrames(walk, notes).map((f, n) => ({ name: frameName(n, last), data: enc.encode(f) }));
    download('stepper-frames.zip', new Blob([zipFrames(files)], { type: 'application/zip' }));
  };
  const exportPage = () => {
    const page = printablePage('Teaching stepper: the walk step by step', walkSummary(walk), walkFrames(walk, notes));
    download('stepper-walk.html', page, 'text/html');
  };
  return (
    <>
      <button
        type="button"
        className="button secondary small"
        data-testid="stepper-export-frames"
        onClick={exportFrames}
      >
        Frames (SVG, zip)
      </button>
      <button type="button" className="button secondary small" data-testid="stepper-export-page" onClick={exportPage}>
        Printable page
      </button>
    </>
  );
}
