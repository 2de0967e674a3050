// @vitest-environment node
// How the workers read a trace file (web/worker/stream.ts, chunksOf): every chunk, in order, the
// next one asked for before the current one is used; leaving early cancels the read; a failed
// read fails where the chunk is awaited.
import { describe, expect, it } from 'vitest';
import { chunksOf } from '../../web/worker/stream';

/** A Blob-like file of `parts`, counting what its stream was asked; `failAt`: the pull that fails. */
function file(parts: number[][], failAt?: number) {
  const seen = { pulls: 0, cancelled: false };
  const blob = {
    stream: () =>
      new ReadableStream<Uint8Array>(
        {
          pull(c) {
            const k = seen.pulls++;
            if (k === failAt) c.error(new Error(`byte ${k}: unreadable`));
            else if (k < parts.length) c.enqueue(Uint8Array.from(parts[k]));
            else c.close();
          },
          cancel() {
            seen.cancelled = true;
          },
        },
        { highWaterMark: 0 },
      ),
  } as unknown as Blob;
  return { blob, seen };
}

describe('chunksOf', () => {
  it('gives every chunk in order, the next already asked for while one is used', async () => {
    const { blob, seen } = file([[1, 2], [3], [4, 5, 6]]);
    const got: number[][] = [];
    const pullsWhenGiven: number[] = [];
    for await (const c of chunksOf(blob)) {
      got.push([...c]);
      pullsWhenGiven.push(seen.pulls);
    }
    expect(got).toEqual([[1, 2], [3], [4, 5, 6]]);
    // Chunk k is in hand once chunk k + 1 has been asked for.
    expect(pullsWhenGiven).toEqual([2, 3, 4]);
  });

  it('cancels the read when the loop is left early', async () => {
    const { blob, seen } = file([[1], [2], [3], [4]]);
    for await (const c of chunksOf(blob)) if (c[0] === 2) break;
    expect(seen.cancelled).toBe(true);
  });

  it('fails where the failing chunk is awaited', async () => {
    const { blob } = file([[1], [2], [3]], 1);
    const got: number[] = [];
    const read = async () => {
      for await (const c of chunksOf(blob)) got.push(c[0]);
    };
    await expect(read()).rejects.toThrow('byte 1: unreadable');
    expect(got).toEqual([1]);
  });
});
