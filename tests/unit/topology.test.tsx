// The topology diagram: its layout, which connections it allows, and dragging one cache onto
// another in the tree builder.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../web/app/App';
import {
  canConnect,
  fitScale,
  layoutTree,
  MIN_SCALE,
  NODE_H,
} from '../../web/features/scenario/components/TopologyDiagram';
import { treeFromScenario } from '../../web/scenario/topology';
import { defaultScenario } from '../../web/scenario/defaults';
import { decodeScenarioFromHash } from '../../web/scenario/url';

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

describe('the topology diagram', () => {
  it('puts clients on top, each parent centred over its children, roots at the bottom', () => {
    const t = treeFromScenario(defaultScenario(), 4, 2); // array; mid1, mid2; client1..4
    const { nodes } = layoutTree(t);
    const at = (name: string) => nodes.find((n) => n.name === name)!;
    expect(nodes.map((n) => n.role)).toEqual(['root', 'mid', 'mid', 'client', 'client', 'client', 'client']);
    expect(at('client1').y).toBe(at('client4').y);
    expect(at('mid1').y).toBeGreaterThan(at('client1').y + NODE_H);
    expect(at('array').y).toBeGreaterThan(at('mid1').y);
    expect(at('mid1').x).toBe((at('client1').x + at('client2').x) / 2);
    expect(at('array').x).toBe((at('mid1').x + at('mid2').x) / 2);
  });

  it('shrinks a wide tree to its box, but not below a legible scale', () => {
    const four = layoutTree(treeFromScenario(defaultScenario(), 4, 2));
    expect(four.width).toBe(16 + 4 * 128);
    expect(fitScale(four.width, 1000)).toBe(1);
    expect(fitScale(four.width, 440)).toBeCloseTo(440 / 528, 9);
    expect(fitScale(four.width, 300)).toBe(MIN_SCALE);
  });

  it('refuses to hang a cache under itself or anything below it', () => {
    const t = treeFromScenario(defaultScenario(), 4, 2);
    const i = (name: string) => t.findIndex((c) => c.name === name);
    expect(canConnect(t, i('client1'), i('array'))).toBe(true);
    expect(canConnect(t, i('client1'), i('mid2'))).toBe(true);
    expect(canConnect(t, i('mid1'), i('client1'))).toBe(false);
    expect(canConnect(t, i('array'), i('mid2'))).toBe(false);
    expect(canConnect(t, i('mid1'), i('mid1'))).toBe(false);
  });

  it('connects by dragging a cache onto another, selects by clicking, and adds and removes', () => {
    render(<App />);
    fireEvent.change(screen.getByTestId('topology'), { target: { value: 'tree' } });
    fireEvent.click(screen.getByTestId('tree-preset-4x3'));
    const scenario = () => decodeScenarioFromHash(window.location.hash);
    const node = (name: string) => screen.getByTestId('topology-diagram').querySelector(`[data-name="${name}"]`)!;
    // Drag client1 onto mid2.
    fireEvent.pointerDown(node('client1'));
    fireEvent.pointerOver(node('mid2'));
    fireEvent.pointerUp(screen.getByTestId('topology-diagram').querySelector('svg')!);
    const s = scenario();
    if (!s.ok) throw new Error(s.message);
    if (s.scenario.topology.kind !== 'tree') throw new Error('a tree');
    expect(s.scenario.topology.caches.find((c) => c.name === 'client1')!.parent).toBe('mid2');
    // A click (no move) selects: the inspector row is marked, and tools appear.
    fireEvent.pointerDown(node('mid1'));
    fireEvent.pointerUp(screen.getByTestId('topology-diagram').querySelector('svg')!);
    expect(screen.getByTestId('tree-cache-1').className).toContain('is-selected');
    fireEvent.click(screen.getByTestId('topology-add'));
    fireEvent.click(screen.getByTestId('topology-remove'));
    const after = scenario();
    if (!after.ok) throw new Error(after.message);
    if (after.scenario.topology.kind !== 'tree') throw new Error('a tree');
    expect(after.scenario.topology.caches.map((c) => c.name)).not.toContain('mid1');
  });
});
