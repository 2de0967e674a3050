// Paper 000's eight designs (client policy × array policy × DEMOTE) as one-click presets.
import { PAPER000_DESIGNS, designName, type Design } from '../../../scenario/defaults';

const NOTES: Record<string, string> = {
  'LRU-LRU-none': 'baseline',
  'LRU-MRU-demote': 'proposed',
};

export interface DesignPickerProps {
  current: Design;
  onPick: (design: Design) => void;
}

export function DesignPicker({ current, onPick }: DesignPickerProps) {
  const currentName = designName(current);
  return (
    <fieldset className="designs">
      <legend>Paper 000 designs</legend>
      <div className="design-grid">
        {PAPER000_DESIGNS.map((d) => {
          const name = designName(d);
          return (
            <button
              key={name}
              type="button"
              className="design"
              data-testid={`design-${name.toLowerCase()}`}
              aria-pressed={name === currentName}
              onClick={() => onPick(d)}
              title={`client ${d.client.toUpperCase()}, array ${d.array.toUpperCase()}, ${d.protocol === 'demote' ? 'with' : 'without'} DEMOTE`}
            >
              <span className="design-name">{name}</span>
              {NOTES[name] && <span className="design-note">{NOTES[name]}</span>}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
