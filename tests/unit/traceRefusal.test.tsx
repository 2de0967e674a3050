// A refused trace file, said where the person is looking: its name, the engine's reason, and
// what the scenario keeps.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TraceRefusal } from '../../web/features/traces/TraceRefusal';

describe('TraceRefusal', () => {
  afterEach(cleanup);

  it('announces the file, the reason and the trace kept, until dismissed', () => {
    const dismiss = vi.fn();
    const message =
      'notes.txt: not a trace — looks like text but no line parses as any text format (line 1: "Thirty lines")';
    render(<TraceRefusal refusal={{ name: 'notes.txt', message }} kept="web.csv.gz" onDismiss={dismiss} />);
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('data-file')).toBe('notes.txt');
    expect(alert.textContent).toContain(`notes.txt was not read. ${message}`);
    expect(alert.textContent).toContain('The scenario still replays web.csv.gz.');
    fireEvent.click(screen.getByTestId('trace-refused-dismiss'));
    expect(dismiss).toHaveBeenCalledOnce();
  });

  it('says the scenario is unchanged when it replays no trace, and shows nothing without a refusal', () => {
    const { rerender } = render(
      <TraceRefusal refusal={{ name: 'x.bin', message: 'x.bin: not a trace' }} kept={null} onDismiss={() => {}} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The scenario is unchanged.');
    rerender(<TraceRefusal refusal={null} onDismiss={() => {}} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
