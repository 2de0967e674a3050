// The per-client latency CDFs: their pure layout on hand-made clients, and a normalised SVG
// snapshot of the presentational chart.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientCdfChart } from '../../../web/charts/clientcdf/ClientCdfChart';
import { clientColor, computeClientCdfLayout } from '../../../web/charts/clientcdf/useClientCdfLayout';
import { makeClient } from '../fixtures';
import { normaliseSvg } from './normaliseSvg';

afterEach(cleanup);

const CLIENTS = [
  // Under 1 µs, about 0.2 ms and about 10 ms (bins' upper edges: 10^(bin/100) µs).
  makeClient('web', [1, 0], [6, 2, 2], { 0: 6, 231: 2, 401: 2 }),
  // Exactly 1 ms and 100 ms.
  makeClient('db', [2, 0], [0, 1, 1], { 300: 1, 500: 1 }),
  makeClient('idle', [2, 0], [0, 0, 0], {}),
];

describe('computeClientCdfLayout', () => {
  // 564 px wide: five decades (1 µs .. 100 ms) over 46..546 px, 100 px each; 0..1 over 260..14 px.
  const layout = computeClientCdfLayout(CLIENTS, { width: 564, height: 300 });

  it('spans every client on one log axis, in whole decades', () => {
    expect(layout.plot).toEqual({ left: 46, top: 14, right: 546, bottom: 260 });
    expect(layout.domainMs).toEqual([0.001, 100]);
    expect(layout.xTicks.map((t) => t.label)).toEqual(['1 µs', '10 µs', '100 µs', '1 ms', '10 ms', '100 ms']);
    expect(layout.xTicks[3].x).toBeCloseTo(346, 9);
    expect(layout.yTicks.map((t) => [t.label, t.y])).toEqual([
      ['0%', 260],
      ['25%', 198.5],
      ['50%', 137],
      ['75%', 75.5],
      ['100%', 14],
    ]);
  });

  it('draws each client as a step line in its own colour and dash, none for a client with no requests', () => {
    const [web, db, idle] = layout.series;
    expect(web.path!.startsWith('M46,112.4')).toBe(true); // 60 % under 1 µs, at the left edge
    // From 0, up to 50 % at 1 ms, to 100 % at 100 ms (the right edge), held there.
    expect(db.path).toBe('M46,260L346,260L346,137L546,137L546,14L546,14L546,14');
    expect(idle.path).toBeNull();
    expect(layout.series.map((s) => [s.color, s.dash])).toEqual([
      [clientColor(0), undefined],
      [clientColor(1), '7 4'],
      [clientColor(2), '2 3'],
    ]);
    expect(db.rows.map((r) => r.cum)).toEqual([0.5, 1]);
  });

  it('shows the whole histogram range before any client has data', () => {
    expect(computeClientCdfLayout([], { width: 564, height: 300 }).domainMs).toEqual([0.001, 10000]);
  });
});

it('renders the CDFs of hand-made clients', () => {
  render(<ClientCdfChart clients={CLIENTS} />);
  const svg = screen.getByTestId('client-cdf-chart');
  expect(svg.getAttribute('width')).toBe('640'); // jsdom has no ResizeObserver: the fallback width
  expect(screen.getAllByTestId('client-cdf-table')).toHaveLength(3);
  expect(normaliseSvg(svg)).toMatchSnapshot();
});
