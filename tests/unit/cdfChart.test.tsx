// A normalised SVG snapshot of the CDF chart (Observable Plot's approach): coordinates rounded
// to 0.1 px so that harmless float noise does not churn the snapshot.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { CdfChart } from '../../web/charts/cdf/CdfChart';
import { makeReport } from './fixtures';

afterEach(cleanup);

const normalise = (svg: string) =>
  svg.replace(/-?\d+\.\d+/g, (n) => String(Math.round(Number(n) * 10) / 10)).replace(/></g, '>\n<');

it('renders the CDF of a hand-made report', () => {
  render(<CdfChart report={makeReport()} />);
  const svg = screen.getByTestId('cdf-chart');
  expect(svg.getAttribute('width')).toBe('640'); // jsdom has no ResizeObserver: the fallback width
  expect(normalise(svg.outerHTML)).toMatchSnapshot();
});
