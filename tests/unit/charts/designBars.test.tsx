// The design space's bar chart: its pure layout on hand-made bars, and a normalised SVG
// snapshot of the presentational chart.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DesignBarsChart } from '../../../web/charts/designspace/DesignBarsChart';
import { computeDesignBarsLayout, type ApproachBars } from '../../../web/charts/designspace/useDesignBarsLayout';
import { normaliseSvg } from './normaliseSvg';

afterEach(cleanup);

const BARS: ApproachBars[] = [
  { approach: 'HA_B', bestMs: 0.6, bestName: 'HA_B.LRU.ARC.DU', plainMs: 1 },
  { approach: 'HA_R', bestMs: 0.5, bestName: 'HA_R.LRU.ARC', plainMs: 0.8 },
  { approach: 'AC_HB', bestMs: 0.45, bestName: 'AC_HB.LRU.ARC.DU.SE', plainMs: 0.78 },
  { approach: 'AC_CC', bestMs: 0.55, bestName: 'AC_CC.LRU.CO', plainMs: null },
];

describe('computeDesignBarsLayout', () => {
  // A 468 px chart: a 400 px plot, 4 bands with 0.3 padding.
  const layout = computeDesignBarsLayout(BARS, { width: 468, height: 200 });

  it('spans 0 to a round number above the tallest bar', () => {
    expect(layout.plot).toEqual({ left: 56, right: 456, top: 12, bottom: 164 });
    expect(layout.domainMs).toEqual([0, 1.1]);
    expect(layout.ticks.map((t) => t.label)).toEqual(['0 ms', '0.2 ms', '0.4 ms', '0.6 ms', '0.8 ms', '1 ms']);
    expect(layout.ticks[0].y).toBe(164);
    expect(layout.ticks[5].y).toBeCloseTo(164 - (1 / 1.1) * 152, 9);
  });

  it('puts each approach in its band, plain bar then best bar', () => {
    const step = 400 / (4 + 0.3); // band step with 0.3 outer and inner padding
    const [haB] = layout.items;
    expect(haB.x0).toBeCloseTo(56 + 0.3 * step, 9);
    expect(haB.bw).toBeCloseTo((0.7 * step) / 2, 9);
    expect(haB.yBest).toBeCloseTo(164 - (0.6 / 1.1) * 152, 9);
    expect(haB.yPlain).toBeCloseTo(164 - (1 / 1.1) * 152, 9);
    expect(layout.items[3].yPlain).toBeNull();
  });
});

it('renders the bars of hand-made approaches', () => {
  const { container } = render(<DesignBarsChart bars={BARS} />);
  const svg = container.querySelector('.design-space-chart svg')!;
  expect(svg.getAttribute('width')).toBe('560'); // jsdom has no ResizeObserver: the fallback width
  expect(svg.querySelectorAll('rect.best')).toHaveLength(4);
  expect(svg.querySelectorAll('rect.plain')).toHaveLength(3);
  expect(normaliseSvg(svg)).toMatchSnapshot();
});
