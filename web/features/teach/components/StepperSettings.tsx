// The walk's settings: the examples (a click loads one), the hierarchy's shape — a client over
// an array, two clients sharing an array, or the page's own tree when it has one — and that
// shape's fields, with the pairs beside the first for two levels.
import { onlinePolicies } from '../../../scenario/policies';
import { clientNames, type Scenario } from '../../../scenario/document';
import { SelectField } from '../../../ui/SelectField';
import { type Shape, type StepperConfig, shapeOf } from '../config';
import type { WalkState } from '../hooks/useWalk';
import { STEPPER_PRESETS } from '../presets';
import { PairFields, type PolicyOption } from './PairFields';
import { TreeFields } from './TreeFields';
import { VariantsEditor } from './VariantsEditor';

// Every online policy: the hint-aware ones (TQ, LRU and MQ with hints) read the hints typed on writes ("A*replace").
const online = (): readonly PolicyOption[] => onlinePolicies();

/** The settings that step through the page's tree (a copy: editing the page's scenario later changes nothing here). */
function scenarioTree(scenario: Scenario): Partial<StepperConfig> | null {
  if (scenario.topology.kind !== 'tree') return null;
  const source = scenario.source.kind === 'workload' ? scenario.source : undefined;
  return {
    tree: {
      from: 'scenario',
      caches: structuredClone(scenario.topology.caches),
      protocol: scenario.protocol,
      du: scenario.du,
      se: scenario.se,
      seAt: scenario.seAt,
      source,
    },
    starts: {},
  };
}

export function StepperSettings({
  w,
  scenario,
  hidden,
}: {
  w: WalkState;
  /** The page's scenario: its tree, if it has one, can be stepped through. */
  scenario: Scenario | null;
  /** Presenter mode shows the walk alone: the settings step aside. */
  hidden: boolean;
}) {
  const { config, set } = w;
  const pageTree = scenario?.topology.kind === 'tree' ? scenario.topology : null;
  const chooseShape = (v: Shape) => {
    if (v === 'pair') return set({ tree: undefined, starts: undefined });
    const shared = STEPPER_PRESETS.find((p) => p.id === 'shared');
    if (v === 'shared') return shared && set({ ...shared.config });
    const tree = scenario && scenarioTree(scenario);
    if (tree) set(tree);
  };
  const shapes: { value: Shape; label: string }[] = [
    { value: 'pair', label: 'a client over an array (or one cache)' },
    { value: 'shared', label: 'two clients sharing an array' },
    ...(pageTree
      ? [{ value: 'scenario' as const, label: `this scenario's tree (${pageTree.caches.length} caches)` }]
      : []),
  ];
  return (
    <div className="stepper-settings" data-testid="stepper-settings" hidden={hidden}>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons, not form fields: a fieldset's border, padding and min-width would have to be undone */}
      <div className="tree-presets" role="group" aria-label="examples">
        {STEPPER_PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            className="button secondary small"
            data-testid={`stepper-preset-${p.id}`}
            onClick={() => {
              w.setConfig(p.config);
              void w.build(p.config);
            }}
          >
            {p.label}
          </button>
        ))}
      </div>
      <SelectField<Shape>
        testId="stepper-shape"
        label="Hierarchy"
        value={shapeOf(config)}
        options={shapes}
        onChange={chooseShape}
      />
      {config.tree ? (
        <TreeFields
          config={config}
          tree={config.tree}
          clients={clientNames({ kind: 'tree', caches: config.tree.caches })}
          set={set}
        />
      ) : (
        <>
          <PairFields config={config} policies={online()} set={set} />
          <VariantsEditor config={config} policies={online()} set={set} />
        </>
      )}
    </div>
  );
}
