// The teaching stepper: tiny caches served a short request list one request at a time — step,
// back, play — with every cache's queues drawn block by block, the "eject me next" and "eject me
// last" ends marked, ghost lists (ARC's B1/B2, 2Q's A1out, LIRS's non-resident HIR, S3-FIFO's
// G) dashed, and each block gliding to where the request moved it. The hierarchy is a client
// over an array (or one cache), or a small tree — a preset's, or the scenario's own — whose
// requests name their client ("c2:A"). Paper 000's §4.5 example (LRU-LRU-demote, blocks A–E) is
// a preset: one step shows why that pair is not one LRU cache.
//
// For a classroom (issue 24): step 0 is the caches before any request; ← → step, space plays, Home
// and End jump, at a chosen speed, with the focus anywhere in the Teach view; the walk — settings,
// step, notes a lecturer attaches to steps — is in the URL hash (link.ts), so a link opens that
// very moment. A request strip marks each past request where it was served and why a disk read
// missed (cold, capacity, or duplicate: it would have hit had the levels been exclusive — the
// engine judges it, teach.rs); each cache's running tally; the evicted tray; a predict mode that
// asks where the next request is served and which block leaves before revealing it; other pairs
// stepped side by side on the same requests; a presenter mode; and the walk exported as SVG frames
// or a printable page.
//
// This component only composes. The walk's state is in hooks/ (useWalk: settings, steps, step
// shown, notes; useWalkLink: the address; usePlayback, usePredict, usePresenter, useStepping),
// what it draws in components/, and the pure parts beside this file: config.ts and presets.ts
// (the settings), requests.ts (reading what was typed), scenario.ts (the scenario it runs),
// layout.ts, narrate.ts and decisions.ts (a step drawn and told, each policy's decisions in its
// own words), walk.ts, export.ts and link.ts.
import { useRef } from 'react';
import type { Scenario } from '../../scenario/document';
import { NoteEditor } from './components/NoteEditor';
import { PredictPanel } from './components/PredictPanel';
import { StepControls } from './components/StepControls';
import { StepperSettings } from './components/StepperSettings';
import { WalkPanel } from './components/WalkPanel';
import { variantLabel } from './config';
import { usePlayback } from './hooks/usePlayback';
import { usePredict } from './hooks/usePredict';
import { usePresenter } from './hooks/usePresenter';
import { useStepping } from './hooks/useStepping';
import { type Teach, useWalk } from './hooks/useWalk';
import { useWalkLink } from './hooks/useWalkLink';
import { narrate } from './narrate';

/** How much larger presenter mode draws the caches, room allowing (each pane scales down to fit). */
const PRESENTER_SCALE = 1.6;

export interface StepperProps {
  /** Tests pass a fake; the page starts a worker. */
  teach?: Teach;
  /** The page's scenario: its tree, if small, can be stepped through. */
  scenario?: Scenario | null;
  /**
   * The walk's hash parameters ("teach=…&step=…&notes=…"), each time they change: the page puts
   * them in the Teach view's address. Without it the stepper writes them into the hash itself.
   */
  onWalk?: (params: string) => void;
}

export function Stepper({ teach, scenario = null, onWalk }: StepperProps) {
  const section = useRef<HTMLElement | null>(null);
  const w = useWalk(teach);
  useWalkLink(w, section, onWalk);
  const { speed, setSpeed } = usePlayback(w);
  const predict = usePredict(w);
  const present = usePresenter(section);
  const stepping = useStepping(w, predict, section, present);
  const { presenter } = present;
  /** Presenter mode draws the caches larger, for the back of the room. */
  const scale = presenter ? PRESENTER_SCALE : 1;
  const { walk, at } = w;
  const current = walk?.steps[at];
  const note = w.notes[at] ?? '';

  return (
    <section
      className={`stepper ${presenter ? 'is-presenter' : ''}`}
      aria-labelledby="stepper-title"
      data-testid="stepper"
      ref={section}
      tabIndex={-1}
    >
      <div className="chart-head">
        <h3 id="stepper-title">Teaching stepper</h3>
        <p className="chart-legend">
          tiny caches, one request at a time: watch each block move (← → step, space plays, Home and End jump, Escape
          leaves presenter mode)
        </p>
      </div>
      <StepperSettings w={w} scenario={scenario} hidden={presenter} />
      <StepControls w={w} stepping={stepping} predict={predict} speed={speed} setSpeed={setSpeed} presenter={present} />
      {w.error && (
        <p className="field-error" role="alert" data-testid="stepper-error">
          {w.error}
        </p>
      )}
      {walk && current && (
        <>
          <div className="stepper-walks">
            <div className="stepper-walk">
              {walk.variants.length > 0 && <h4 data-testid="stepper-main-label">{variantLabel(walk.config)}</h4>}
              <WalkPanel
                steps={walk.steps}
                letters={walk.letters}
                clients={walk.clients}
                at={at}
                testId={(x) => `stepper-${x}`}
                onJump={stepping.jump}
                scale={scale}
              >
                <p className="stepper-narration" data-testid="stepper-narration" aria-live="polite">
                  {narrate(walk.steps[Math.max(0, at - 1)], current, walk.letters, walk.clients)}
                </p>
                {predict.predict && <PredictPanel walk={walk} at={at} predict={predict} />}
                {note && (
                  <p className="stepper-note-shown" data-testid="stepper-note-shown">
                    {note}
                  </p>
                )}
              </WalkPanel>
            </div>
            {walk.variants.map((v, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a pair is its place beside the first (two may be alike).
              <div className="stepper-variant" key={k} data-testid="stepper-variant" data-label={v.label}>
                <h4>{v.label}</h4>
                <WalkPanel
                  steps={v.steps}
                  letters={walk.letters}
                  clients={walk.clients}
                  at={at}
                  testId={(x) => `stepper-variant-${x}`}
                  scale={scale}
                />
              </div>
            ))}
          </div>
          <NoteEditor at={at} notes={w.notes} setNotes={w.setNotes} />
        </>
      )}
    </section>
  );
}
