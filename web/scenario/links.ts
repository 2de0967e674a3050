// The named links as the engine lists them (name, fixed cost, bandwidth), and what one costs a
// block of a given size — the latency model's own sum, asked of the engine.
import { catalogue, engine } from '../engine/engine';
import type { LinkPreset } from '../generated/engine';
import type { LinkConfig } from './document';

export type { LinkPreset };

/** The named links, in the order pickers list them. */
export function linkPresets(): LinkPreset[] {
  return catalogue().links;
}

/** T_a: the time to move one block of `blockBytes` over the link, in ms. */
export function linkTransferMs(link: LinkConfig, blockBytes: number): number {
  return engine().linkMs(link, blockBytes);
}

/** "1 Gbit/s Fibre Channel (Ta = 0.2 ms)" for the given block size. */
export function linkLabel(preset: LinkPreset, blockBytes: number): string {
  const ta = linkTransferMs({ preset: preset.preset }, blockBytes);
  return `${preset.name} (Ta = ${Number(ta.toPrecision(3))} ms)`;
}
