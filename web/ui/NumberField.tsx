// A number input that lets the user type freely: it keeps its own text, reports the parsed
// value (NaN when empty or not a number) and follows the value when it changes from outside.
import { useId, useState, type ReactNode } from 'react';

export interface NumberFieldProps {
  testId: string;
  label: ReactNode;
  value: number;
  onChange: (value: number) => void;
  error?: string;
  hint?: ReactNode;
  unit?: string;
  /** A choice of units in place of `unit` (e.g. blocks or bytes); the value is in the chosen one. */
  units?: { choices: readonly string[]; value: string; onChange: (unit: string) => void };
  min?: number;
  max?: number;
  step?: number | 'any';
}

const show = (v: number) => (Number.isNaN(v) ? '' : String(v));
const parse = (text: string) => (text.trim() === '' ? NaN : Number(text));

export function NumberField({
  testId,
  label,
  value,
  onChange,
  error,
  hint,
  unit,
  units,
  min,
  max,
  step = 1,
}: NumberFieldProps) {
  const id = useId();
  const [text, setText] = useState(() => show(value));
  const [seen, setSeen] = useState(value);
  if (!Object.is(value, seen)) {
    // The value changed from outside (a quick-pick, a pasted link): show it, unless the text
    // already says it ("1e3" and "1000" are the same number).
    setSeen(value);
    if (!Object.is(parse(text), value)) setText(show(value));
  }

  return (
    <div className={`field ${error ? 'has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="input-with-unit">
        <input
          id={id}
          data-testid={testId}
          type="number"
          inputMode="decimal"
          value={text}
          min={min}
          max={max}
          step={step}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            const v = parse(e.target.value);
            setSeen(v);
            onChange(v);
          }}
        />
        {units ? (
          <select
            className="unit-select"
            data-testid={`${testId}-unit`}
            aria-label={`${typeof label === 'string' ? label : 'value'} in`}
            value={units.value}
            onChange={(e) => units.onChange(e.target.value)}
          >
            {units.choices.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        ) : (
          unit && <span className="unit">{unit}</span>
        )}
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`} data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : (
        hint && (
          <p className="field-hint" id={`${id}-hint`}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}
