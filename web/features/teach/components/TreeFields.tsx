// A tree's settings: the tree in one line (edited in the scenario, or a preset's), the request
// list naming each request's client ("c2:A"), and each cache's start list.
import type { StepperConfig, StepperTree } from '../config';

/** "array: LRU, 4 blocks · c1 (under array): LRU, 2 blocks · … · inclusive". */
function treeLine(tree: StepperTree): string {
  const caches = tree.caches.map(
    (c) => `${c.name}${c.parent ? ` (under ${c.parent})` : ''}: ${c.policy.kind.toUpperCase()}, ${c.capacity} blocks`,
  );
  const protocol = tree.protocol && tree.protocol.kind !== 'none' ? ` · ${tree.protocol.kind}` : ' · inclusive';
  const edit = tree.from === 'scenario' ? ' — edit the tree in the scenario above, then pick it again' : '';
  return `${caches.join(' · ')}${protocol}${edit}`;
}

export function TreeFields({
  config,
  tree,
  clients,
  set,
}: {
  config: StepperConfig;
  tree: StepperTree;
  /** The tree's clients (its leaves), as a request names them. */
  clients: string[];
  set: (patch: Partial<StepperConfig>) => void;
}) {
  return (
    <>
      <p className="field-hint" data-testid="stepper-tree">
        {treeLine(tree)}
      </p>
      <label className="field">
        <span>
          Requests (client:block — e.g. {clients[1] ?? clients[0]}:A; * for a write; no client: {clients[0]})
        </span>
        <input
          type="text"
          data-testid="stepper-requests"
          value={config.requests}
          onChange={(e) => set({ requests: e.target.value })}
        />
      </label>
      <div className="row">
        {tree.caches.map((c) => (
          <label className="field" key={c.name}>
            <span>{c.name} starts with</span>
            <input
              type="text"
              data-testid={`stepper-start-${c.name}`}
              value={config.starts?.[c.name] ?? ''}
              onChange={(e) => set({ starts: { ...config.starts, [c.name]: e.target.value } })}
            />
          </label>
        ))}
      </div>
    </>
  );
}
