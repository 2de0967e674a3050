// The scenario the stepper runs: tiny caches, the config's policies (or its tree), an FC link
// and a 10 ms disk — checked as any scenario is, then against what the stepper can draw.
import { defaultScenario } from '../../scenario/defaults';
import { checkScenario, describeIssue, type PolicyConfig, type Scenario } from '../../scenario/document';
import type { StepperConfig } from './config';
import { drawLimitError } from './requests';

export function stepperScenario(c: StepperConfig): Scenario | { error: string } {
  const s: Scenario = defaultScenario();
  s.name = 'teaching stepper';
  const t = s.topology;
  if (t.kind !== 'two-level') throw new Error('the default scenario is two levels');
  if (c.tree) {
    s.topology = { kind: 'tree', caches: structuredClone(c.tree.caches) };
    delete s.protocol;
    if (c.tree.protocol && c.tree.protocol.kind !== 'none') s.protocol = structuredClone(c.tree.protocol);
    if (c.tree.du) s.du = c.tree.du;
    if (c.tree.se) s.se = true;
    if (c.tree.se && c.tree.seAt) s.seAt = c.tree.seAt;
    // The clients' generators matter only for MC²'s range hints; the stepper serves its own requests.
    if (c.tree.source) s.source = structuredClone(c.tree.source);
  } else if (c.array === 'none') {
    s.topology = {
      kind: 'single',
      cache: { capacity: c.clientSize, policy: { kind: c.client } as PolicyConfig },
      link: t.link,
      disk: t.disk,
    };
    delete s.protocol;
  } else {
    t.client = { capacity: c.clientSize, policy: { kind: c.client } as PolicyConfig };
    t.array = { capacity: c.arraySize, policy: { kind: c.array } as PolicyConfig };
    if (c.protocol === 'none') delete s.protocol;
    else s.protocol = { kind: c.protocol };
  }
  const check = checkScenario(s);
  if (!check.ok) return { error: describeIssue(check.issues[0]) };
  const tooBig = drawLimitError(s);
  if (tooBig !== null) return { error: tooBig };
  return check.scenario;
}
