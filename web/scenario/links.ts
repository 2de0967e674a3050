// Link presets with their human names. The parameters mirror LinkConfig::parameters in
// engine-wasm/crates/core/src/hierarchy/timing.rs; they are used only to label the choices.
import type { LinkConfig, LinkPresetId } from './schema';

/** Per-request overhead of 1 Gbit/s FC: 0.2 ms minus a 4 KiB transfer at 1 Gbit/s (paper 000 §4.2). */
const FC_OVERHEAD_US = 200 - (4096 * 8) / 1000;
/** Bandwidth (Mbit/s) that moves 4 KiB in `us` microseconds — paper 003 quotes times, not rates. */
const per4k = (us: number) => (4096 * 8) / us;

export interface LinkPreset {
  id: LinkPresetId;
  name: string;
  latencyUs: number;
  bandwidthMbit: number;
}

export const LINK_PRESETS: readonly LinkPreset[] = [
  { id: 'fc-1g', name: '1 Gbit/s Fibre Channel', latencyUs: FC_OVERHEAD_US, bandwidthMbit: 1000 },
  { id: 'vi-fc', name: 'VI / Fibre Channel SAN', latencyUs: 125 - 12, bandwidthMbit: per4k(12) },
  { id: 'ip-storage', name: 'IP storage', latencyUs: 692 - 287, bandwidthMbit: per4k(287) },
  { id: 'future-san', name: 'Future SAN', latencyUs: 12 - 2, bandwidthMbit: per4k(2) },
  { id: 'eth-100m', name: '100 Mbit/s link', latencyUs: FC_OVERHEAD_US, bandwidthMbit: 100 },
  { id: 'eth-10m', name: '10 Mbit/s link', latencyUs: FC_OVERHEAD_US, bandwidthMbit: 10 },
];

/** T_a: the time to move one block over the link, in ms. */
export function linkTransferMs(link: LinkConfig, blockBytes: number): number {
  const p = link.preset === 'custom' ? link : LINK_PRESETS.find((x) => x.id === link.preset)!;
  return (p.latencyUs + (blockBytes * 8) / p.bandwidthMbit) / 1000;
}

/** "1 Gbit/s Fibre Channel (Ta = 0.2 ms)" for the given block size. */
export function linkLabel(preset: LinkPreset, blockBytes: number): string {
  const ta = linkTransferMs({ preset: preset.id }, blockBytes);
  return `${preset.name} (Ta = ${Number(ta.toPrecision(3))} ms)`;
}
