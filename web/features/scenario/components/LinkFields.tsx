// A link: one of the presets (paper 000's 1 Gbit/s FC, paper 003's SANs, slow Ethernet) or a
// custom per-request overhead and bandwidth; switching to custom starts from the preset's time.
import { linkLabel, linkPresets, linkTransferMs } from '../../../scenario/links';
import type { LinkConfig } from '../../../scenario/document';
import { NumberField } from '../../../ui/NumberField';
import { SelectField } from '../../../ui/SelectField';

type LinkChoice = LinkConfig['preset'];

export interface LinkFieldsProps {
  link: LinkConfig;
  label: string;
  blockSize: number;
  /** Where its errors are ("topology.link"). */
  path: string;
  errorAt: (path: string) => string | undefined;
  onChange: (link: LinkConfig) => void;
}

export function LinkFields({ link, label, blockSize, path, errorAt, onChange }: LinkFieldsProps) {
  const choose = (preset: LinkChoice) => {
    if (preset !== 'custom') return onChange({ preset } as LinkConfig);
    const ta = linkTransferMs(link, blockSize) * 1000;
    const bandwidthMbit = link.preset === 'custom' ? link.bandwidthMbit : 1000;
    onChange({
      preset: 'custom',
      latencyUs: Math.max(0, Math.round(ta - (blockSize * 8) / bandwidthMbit)),
      bandwidthMbit,
    });
  };
  const own = errorAt(path);
  return (
    <>
      <SelectField<LinkChoice>
        testId="link-preset"
        label={label}
        value={link.preset}
        options={[
          ...linkPresets().map((p) => ({ value: p.preset, label: linkLabel(p, blockSize) })),
          { value: 'custom', label: 'Custom…' },
        ]}
        error={errorAt(`${path}.preset`) ?? (link.preset !== 'custom' ? own : undefined)}
        onChange={choose}
      />
      {link.preset === 'custom' && (
        <div className="row">
          <NumberField
            testId="link-latency-us"
            label="Per-request overhead"
            unit="µs"
            step="any"
            min={0}
            value={link.latencyUs}
            error={errorAt(`${path}.latencyUs`)}
            onChange={(v) => onChange({ ...link, latencyUs: v })}
          />
          <NumberField
            testId="link-bandwidth-mbit"
            label="Bandwidth"
            unit="Mbit/s"
            step="any"
            min={0}
            value={link.bandwidthMbit}
            error={errorAt(`${path}.bandwidthMbit`)}
            onChange={(v) => onChange({ ...link, bandwidthMbit: v })}
          />
        </div>
      )}
    </>
  );
}
