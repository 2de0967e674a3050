// The disk: a constant service time, or the mechanical drive (seek by distance, rotation,
// transfer and a read-ahead track buffer) calibrated to paper 000.
import { catalogue } from '../../../engine/engine';
import type { DiskConfig } from '../../../scenario/document';
import { NumberField } from '../../../ui/NumberField';
import { SelectField } from '../../../ui/SelectField';

export interface DiskFieldsProps {
  disk: DiskConfig;
  /** Where its errors are ("topology.disk", "topology.caches.0.disk"). */
  path: string;
  errorAt: (path: string) => string | undefined;
  onChange: (disk: DiskConfig) => void;
}

export function DiskFields({ disk, path, errorAt, onChange }: DiskFieldsProps) {
  const mechanical = (patch: Partial<Extract<DiskConfig, { kind: 'mechanical' }>>) =>
    disk.kind === 'mechanical' && onChange({ ...disk, ...patch });
  return (
    <>
      <SelectField<'constant' | 'mechanical'>
        testId="disk-kind"
        label="Disk model"
        value={disk.kind}
        options={[
          { value: 'constant', label: 'Constant service time' },
          { value: 'mechanical', label: 'Mechanical drive (seek, rotation, read-ahead)' },
        ]}
        error={errorAt(`${path}.kind`)}
        onChange={(kind) => onChange(kind === 'constant' ? { kind, serviceMs: 10 } : { kind })}
      />
      {disk.kind === 'constant' ? (
        <NumberField
          testId="disk-ms"
          label="Disk service time"
          unit="ms"
          step="any"
          min={0}
          value={disk.serviceMs}
          error={errorAt(`${path}.serviceMs`)}
          hint="constant per disk read; paper 000 measured ≈ 10 ms"
          onChange={(serviceMs) => onChange({ kind: 'constant', serviceMs })}
        />
      ) : (
        <>
          <div className="row">
            <NumberField
              testId="disk-rpm"
              label="Spindle"
              unit="rpm"
              min={60}
              value={disk.rpm ?? catalogue().mechanical.rpm}
              error={errorAt(`${path}.rpm`)}
              onChange={(rpm) => mechanical({ rpm })}
            />
            <NumberField
              testId="disk-read-ahead"
              label="Read-ahead"
              unit="KiB"
              min={0}
              value={disk.readAheadKiB ?? catalogue().mechanical.readAheadKiB}
              error={errorAt(`${path}.readAheadKiB`)}
              onChange={(readAheadKiB) => mechanical({ readAheadKiB })}
            />
          </div>
          <NumberField
            testId="disk-overhead"
            label="Controller overhead"
            unit="ms"
            step="any"
            min={0}
            value={disk.overheadMs ?? catalogue().mechanical.overheadMs}
            error={errorAt(`${path}.overheadMs`)}
            hint="calibrated to paper 000: ≈ 10 ms per random 4 KiB read, ≈ 1.45 ms per sequential block"
            onChange={(overheadMs) => mechanical({ overheadMs })}
          />
        </>
      )}
    </>
  );
}
