// Long work's progress: cells done of total and the time left at the pace so far, refreshed by
// the clock between finished cells.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkProgress } from '../../web/ui/WorkProgress';
import { formatDuration, progressText, timeLeftMs } from '../../web/ui/progress';

describe('progress of long work', () => {
  it('estimates the time left from the pace so far', () => {
    expect(timeLeftMs(0, 136, 5_000)).toBeNull();
    expect(timeLeftMs(34, 136, 10_000)).toBe(30_000);
    expect(timeLeftMs(136, 136, 40_000)).toBe(0);
    expect(timeLeftMs(0, 0, 0)).toBe(0);
  });

  it('says durations as a guess', () => {
    expect([400, 4_400, 42_000, 59_000, 150_000, 3_600_000, 4_500_000].map(formatDuration)).toEqual([
      'under 1 s',
      'about 4 s',
      'about 40 s',
      'about 60 s',
      'about 3 min',
      'about 1 h',
      'about 1 h 15 min',
    ]);
  });

  it('writes cells done of total and the time left', () => {
    const p = { done: 34, total: 136, unit: 'runs', elapsedMs: 10_000 };
    expect(progressText({ ...p, status: 'running' })).toBe('34 / 136 runs · about 30 s left');
    expect(progressText({ ...p, done: 0, status: 'running' })).toBe('0 / 136 runs · estimating the time left');
    expect(progressText({ ...p, status: 'cancelled' })).toBe('34 / 136 runs — cancelled');
    expect(progressText({ ...p, done: 136, status: 'done', elapsedMs: 150_000 })).toBe(
      '136 / 136 runs · took about 3 min',
    );
    expect(progressText({ ...p, total: 1_200, done: 1_100, status: 'running', elapsedMs: 110_000 })).toBe(
      '1,100 / 1,200 runs · about 10 s left',
    );
  });
});

describe('WorkProgress', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('re-estimates every second while the work runs, and freezes when it stops', () => {
    vi.useFakeTimers();
    const { rerender } = render(<WorkProgress testId="p" status="running" done={0} total={10} unit="points" />);
    const p = () => screen.getByTestId('p');
    expect(p().getAttribute('role')).toBe('status');
    expect(p().textContent).toBe('0 / 10 points · estimating the time left');
    act(() => void vi.advanceTimersByTime(4_000));
    rerender(<WorkProgress testId="p" status="running" done={2} total={10} unit="points" />);
    // 2 cells in 4 s: 8 left, 16 s (said to the nearest 5 s).
    expect(p().textContent).toBe('2 / 10 points · about 15 s left');
    expect(Number(p().getAttribute('data-left-ms'))).toBe(16_000);
    // No cell finishes for 4 s more: the clock alone moves the estimate (2 in 8 s: 32 s left).
    act(() => void vi.advanceTimersByTime(4_000));
    expect(p().textContent).toBe('2 / 10 points · about 30 s left');
    expect(Number(p().getAttribute('data-left-ms'))).toBe(32_000);
    act(() => void vi.advanceTimersByTime(2_000));
    rerender(<WorkProgress testId="p" status="done" done={10} total={10} unit="points" />);
    expect(p().textContent).toBe('10 / 10 points · took about 10 s');
    expect(p().getAttribute('data-status')).toBe('done');
    act(() => void vi.advanceTimersByTime(5_000));
    expect(p().textContent).toBe('10 / 10 points · took about 10 s');
  });

  it('shows the idle text until it runs', () => {
    render(<WorkProgress testId="p" status="idle" done={0} total={0} unit="points" idleText="3 policies × 8 sizes" />);
    expect(screen.getByTestId('p').textContent).toBe('3 policies × 8 sizes');
  });
});
