// Play: a step every so often, at the chosen speed, until the last step.
import { useEffect, useState } from 'react';
import type { WalkState } from './useWalk';

/** How fast Play goes: the pause between steps, in ms, by speed. */
export const SPEEDS = { '0.5': 1400, '1': 700, '2': 350, '4': 175 } as const;
export type Speed = keyof typeof SPEEDS;

export function usePlayback({ playing, setPlaying, at, setAt, last }: WalkState) {
  const [speed, setSpeed] = useState<Speed>('1');
  useEffect(() => {
    if (!playing) return;
    if (at >= last) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => setAt((a) => Math.min(a + 1, last)), SPEEDS[speed]);
    return () => clearTimeout(t);
  }, [playing, at, last, speed, setPlaying, setAt]);
  return { speed, setSpeed };
}
