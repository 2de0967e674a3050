// A chart axis's log / linear switch, drawn the same on every chart that has one.
import type { AxisScale } from './axisScale';

export function ScaleSelect<S extends AxisScale>({
  label,
  testId,
  value,
  onChange,
}: {
  label: string;
  testId: string;
  value: S;
  onChange: (scale: S) => void;
}) {
  return (
    <label>
      {label}
      <select data-testid={testId} value={value} onChange={(e) => onChange(e.target.value as S)}>
        <option value="log">logarithmic</option>
        <option value="linear">linear</option>
      </select>
    </label>
  );
}
