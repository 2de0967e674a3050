//! The hierarchy a run simulates, built from its scenario: each cache's policy (with CO and
//! an admission filter when asked, an offline policy from its reference string), the
//! protocol and the hierarchy's parts, MC²'s partitions.

use super::*;
use crate::policy::sized::InBytes;

/// The hierarchy of `scenario` for one simulation: the shared one (`alone` = None) or client
/// `alone` by itself (MC² then gives it the whole array). `refs`: each offline cache's
/// reference string (second pass); `first_pass`: offline caches run LRU while their strings
/// are recorded.
pub(super) fn hierarchy(
    scenario: &Scenario,
    shape: &Shape,
    feed: &Feed,
    refs: Option<&Vec<Vec<(Block, Op)>>>,
    first_pass: bool,
    alone: Option<usize>,
) -> Result<Hierarchy, ScenarioError> {
    let h = build_hierarchy(
        scenario,
        shape,
        feed.universe(),
        &|c| feed.mc2_view(c),
        feed.shared_ids(),
        refs,
        first_pass,
        alone,
        scenario.sized(),
    )?;
    let prefetch: Vec<_> = shape.nodes.iter().map(|n| n.cache.prefetch.clone()).collect();
    if prefetch.iter().all(Option::is_none) {
        return Ok(h);
    }
    Ok(h.with_prefetch(&prefetch, feed.successors(), feed.universe()))
}

/// [`hierarchy`] over block ids `0..universe`, MC² seeing client c as `mc2_view(c)` (its range
/// hints and blocks) and the clients' range ids as one if `shared_ids`; `sized`: its requests
/// carry their objects' sizes (a trace read as objects, or the teaching stepper's sized walk),
/// so its caches in bytes count bytes.
#[allow(clippy::too_many_arguments, reason = "each a separate input of the hierarchy, from different owners")]
pub(super) fn build_hierarchy(
    scenario: &Scenario,
    shape: &Shape,
    universe: usize,
    mc2_view: &dyn Fn(usize) -> (Vec<crate::model::RangeHint>, u64),
    shared_ids: bool,
    refs: Option<&Vec<Vec<(Block, Op)>>>,
    first_pass: bool,
    alone: Option<usize>,
    sized: bool,
) -> Result<Hierarchy, ScenarioError> {
    let revision = match scenario.protocol {
        Protocol::Mc2 { revision } => Some(revision),
        _ => None,
    };
    let mc2 = revision.is_some();
    let tree = scenario.topology.is_tree();
    let specs = shape
        .nodes
        .iter()
        .enumerate()
        .map(|(i, node)| {
            let policy: Box<dyn Policy> = if mc2 {
                // MC²'s partitions replace the caches' policies.
                Box::new(NoCache)
            } else {
                let c = &node.cache;
                let seed = policy_seed(scenario.seed, tree, i);
                let config = if first_pass && c.policy.is_offline() { &PolicyConfig::Lru } else { &c.policy };
                let empty = Vec::new();
                let own = refs.map_or(&empty, |r| &r[i]);
                let at_policy = |m| err(format!("{}.policy", node.path), m);
                let policy = match c.capacity.bytes() {
                    // A sized run's cache in bytes: ARC and S3-FIFO in their byte versions, any
                    // other policy built unbounded and asked for victims.
                    Some(bytes) if sized => {
                        let cache = match config.is_offline() {
                            true => InBytes::over(
                                config.build_offline(usize::MAX, universe, seed, own).map_err(at_policy)?,
                                bytes,
                                universe,
                            )
                            .map(|c| Box::new(c) as Box<dyn Policy>),
                            false => crate::policy::sized::in_hierarchy(config, bytes, universe, seed),
                        };
                        cache.map_err(at_policy)?
                    }
                    _ => {
                        let blocks = c.capacity.in_blocks(scenario.block_size);
                        let capacity = c.policy.data_capacity(blocks, scenario.block_size as u64) as usize;
                        config.build_offline(capacity, universe, seed, own).map_err(at_policy)?
                    }
                };
                let policy: Box<dyn Policy> = if c.co {
                    let co = crate::policy::co::Co::new(policy, universe);
                    match scenario.co_writes {
                        crate::hierarchy::CoWrites::Hinted => Box::new(co),
                        crate::hierarchy::CoWrites::Plain => Box::new(co.dropping_hints()),
                    }
                } else {
                    policy
                };
                match &c.admission {
                    Some(a) => a.wrap(policy, universe, seed),
                    None => policy,
                }
            };
            Ok(CacheSpec { policy, parent: node.parent, link: node.link, disk: node.disk })
        })
        .collect::<Result<Vec<_>, ScenarioError>>()?;
    let h = Hierarchy::new(specs, &shape.leaves, scenario.protocol, scenario.client_hit_ms, scenario.block_size)
        .map_err(|m| err("topology", m))?
        .with_du(scenario.du)
        .with_se_at(scenario.se, scenario.se_at)
        .with_multi_block(scenario.multi_block)
        .with_sizes(sized)
        .with_demotions(scenario.demotions, scenario.demote_data, scenario.demote_command_ms);
    let Some(revision) = revision else {
        return Ok(h);
    };
    let clients: Vec<Mc2Client> = (0..shape.clients())
        .map(|c| {
            let (hints, blocks) = mc2_view(c);
            let capacity = shape.nodes[shape.leaves[c]].cache.capacity.in_blocks(scenario.block_size) as usize;
            Mc2Client { capacity, hints, blocks }
        })
        .collect();
    let root = shape.paths[0][shape.paths[0].len() - 1];
    let array = shape.nodes[root].cache.capacity.in_blocks(scenario.block_size) as usize;
    Ok(h.with_mc2(Mc2::with_revision(revision, &clients, array, universe, shared_ids, alone)))
}

/// Each cache draws its own random stream, derived from the scenario's seed: a single cache's
/// or a client's and an array's as version 1's two-level engine did, a tree's cache by index.
fn policy_seed(seed: u64, tree: bool, i: usize) -> u64 {
    if tree {
        seed ^ crate::util::hash::splitmix64(0xcac4e + i as u64)
    } else if i == 0 {
        seed ^ 0x00c1_1e47
    } else {
        seed ^ 0x00a2_4a40
    }
}
