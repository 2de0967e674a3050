// Predict mode: before each step the student says where the request will be served and which
// block will leave; Step then reveals it and scores the guess.
import { useState } from 'react';
import { type Guess, judgeGuess } from '../walk';
import type { WalkState } from './useWalk';

/** A revealed step's verdict on the guess: each half right or not, and the sentence shown. */
export interface Verdict {
  step: number;
  served: boolean;
  victim: boolean;
  text: string;
}

const NO_GUESS: Guess = { served: '', victim: '' };

export type PredictState = ReturnType<typeof usePredict>;

export function usePredict(w: WalkState) {
  const [predict, setPredict] = useState(false);
  const [guess, setGuess] = useState<Guess | null>(null);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [score, setScore] = useState({ right: 0, asked: 0 });
  /** Whether the next Step reveals a guess: predicting, on fresh steps, before the last. */
  const asking = predict && w.fresh && w.at < w.last;

  /** Turns predict mode on or off, starting the score afresh (and stopping the playing). */
  const choose = (on: boolean) => {
    setPredict(on);
    w.setPlaying(false);
    setGuess(NO_GUESS);
    setVerdict(null);
    setScore({ right: 0, asked: 0 });
  };

  /** Shows the next step and judges the guess against it. */
  const reveal = () => {
    const { walk, at } = w;
    if (!walk || !guess?.served || !guess.victim) return;
    const n = at + 1;
    const j = judgeGuess(walk.steps, n, walk.letters, guess);
    const both = j.served && j.victim;
    const mark = both ? 'Right' : j.served || j.victim ? 'Half right' : 'Not this time';
    const left = j.left.length ? `; ${j.left.join(', ')} left` : '; no block left';
    setVerdict({ step: n, served: j.served, victim: j.victim, text: `${mark}: served by ${j.servedBy}${left}.` });
    setScore((s) => ({ right: s.right + (both ? 1 : 0), asked: s.asked + 1 }));
    setGuess(NO_GUESS);
    w.setAt(n);
  };

  return { predict, choose, guess, setGuess, verdict, score, asking, reveal };
}
