//! What a well-typed document may hold: ranges types alone cannot express, and every
//! combination the model cannot run, each refused with its reason at its field. Every check
//! runs and reports into one [`Issues`] list (a form marks every bad field at once); the first
//! issue is [`Scenario::validate`]'s error. The order of the checks is the order of that list.

use super::{
    CacheSize, FieldPath, Issues, Scenario, ScenarioError, Shape, Source, Topology, TraceClients, MAX_CAPACITY,
    MAX_NAME_LENGTH, MAX_OFFLINE_REFS, MAX_SEED, SCENARIO_VERSION,
};
use crate::hierarchy::{DemoteData, Demotions, Protocol, MAX_DEMOTE_COMMAND_MS};
use crate::workload::{multi, Sharing, MAX_BLOCKS};

impl Scenario {
    /// Range checks that types alone cannot express, and every combination the model cannot
    /// run: the first problem, with its field.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        self.validate_shape().map(|_| ())
    }

    /// [`Scenario::validate`], returning the shape it checked.
    pub fn validate_shape(&self) -> Result<Shape, ScenarioError> {
        self.validate_as(false)
    }

    /// [`Scenario::validate_shape`] for the teaching stepper, whose walk may carry sizes: a
    /// cache in bytes smaller than one block is left for the walk to judge (its requests' sizes
    /// may fit; without sizes the stepper refuses it, [`Scenario::check_walk_in_blocks`]).
    pub(crate) fn validate_for_walk(&self) -> Result<Shape, ScenarioError> {
        self.validate_as(true)
    }

    fn validate_as(&self, walk: bool) -> Result<Shape, ScenarioError> {
        let mut issues = Issues::default();
        match self.check_into_as(&mut issues, walk) {
            Some(shape) if issues.is_empty() => Ok(shape),
            _ => Err(issues.first().expect("a refused scenario says why")),
        }
    }

    /// What a walk without sizes asks of a scenario checked by [`Scenario::validate_for_walk`]:
    /// every cache in bytes holds at least one block.
    pub(crate) fn check_walk_in_blocks(&self, shape: &Shape) -> Result<(), ScenarioError> {
        let mut issues = Issues::default();
        for node in &shape.nodes {
            if let CacheSize::Bytes { text, .. } = &node.cache.capacity {
                if node.cache.capacity.in_blocks(self.block_size) == 0 {
                    issues.add(
                        FieldPath::parse(&node.path).key("capacity"),
                        format!(
                            "{text} holds no block of {} bytes: give the requests sizes (A:1K) or the cache a block at least",
                            self.block_size
                        ),
                    );
                }
            }
        }
        issues.first().map_or(Ok(()), Err)
    }

    /// Every problem of this document, in order (empty: it runs).
    pub fn issues(&self) -> Issues {
        let mut issues = Issues::default();
        self.check_into(&mut issues);
        issues
    }

    /// Adds every problem to `issues`; the shape, when the topology has one (the checks that
    /// need it are skipped when it has none).
    pub(crate) fn check_into(&self, issues: &mut Issues) -> Option<Shape> {
        self.check_into_as(issues, false)
    }

    /// [`Scenario::check_into`]; `walk`: for the teaching stepper ([`Scenario::validate_for_walk`]).
    fn check_into_as(&self, issues: &mut Issues, walk: bool) -> Option<Shape> {
        if self.version != SCENARIO_VERSION {
            issues.add("version", format!("expected {SCENARIO_VERSION}, got {}", self.version));
        }
        if self.seed > MAX_SEED {
            issues.add("seed", format!("must be at most {MAX_SEED} (got {})", self.seed));
        }
        if !crate::trace::is_block_size(self.block_size) {
            issues.add(
                "blockSize",
                format!("must be a power of two from 512 to 1048576 bytes (got {})", self.block_size),
            );
        }
        if self.name.len() > MAX_NAME_LENGTH {
            issues.add("name", format!("must be at most {MAX_NAME_LENGTH} characters"));
        }
        let shape = self.shape_into(issues)?;
        self.check_caches(&shape, issues, walk);
        self.check_cooperation(&shape, issues);
        if !(self.client_hit_ms.is_finite() && (0.0..=100_000.0).contains(&self.client_hit_ms)) {
            issues.add("clientHitMs", format!("must be between 0 and 100000 ms (got {})", self.client_hit_ms));
        }
        if !(self.demote_command_ms.is_finite() && (0.0..=MAX_DEMOTE_COMMAND_MS).contains(&self.demote_command_ms)) {
            let got = self.demote_command_ms;
            issues.add("demoteCommandMs", format!("must be between 0 and {MAX_DEMOTE_COMMAND_MS} ms (got {got})"));
        }
        if let Some(a) = self.queueing {
            issues.check("queueing", a.validate());
        }
        self.check_source(&shape, issues);
        if matches!(self.protocol, Protocol::Mc2 { .. }) {
            self.check_mc2(&shape, issues);
        }
        self.check_offline(&shape, issues);
        Some(shape)
    }

    /// Each cache's own settings: capacity, policy, admission, prefetching, link and disk.
    fn check_caches(&self, shape: &Shape, issues: &mut Issues, walk: bool) {
        let sized = self.sized();
        for node in &shape.nodes {
            let c = &node.cache;
            let at = |field: &str| FieldPath::parse(&node.path).key(field);
            let blocks = c.capacity.in_blocks(self.block_size);
            match &c.capacity {
                CacheSize::Blocks(n) if !(1..=MAX_CAPACITY).contains(n) => {
                    issues.add(at("capacity"), format!("must be between 1 and {MAX_CAPACITY} blocks (got {n})"))
                }
                CacheSize::Bytes { .. } if sized => self.check_in_bytes(node, issues),
                CacheSize::Bytes { text, .. } if blocks == 0 && !walk => issues.add(
                    at("capacity"),
                    format!(
                        "{text} holds no block of {} bytes: a cache holds whole blocks here (sizes come only with a trace read as objects)",
                        self.block_size
                    ),
                ),
                CacheSize::Bytes { text, .. } if blocks > MAX_CAPACITY => issues.add(
                    at("capacity"),
                    format!("{text} is {blocks} blocks of {} bytes; at most {MAX_CAPACITY}", self.block_size),
                ),
                _ => {}
            }
            // A cache in bytes holds no set number of blocks in a sized run, nor (for the policy's
            // own checks) one under a block in a walk whose sizes are judged later.
            let counted = if (sized || (walk && blocks == 0)) && c.capacity.bytes().is_some() {
                usize::MAX
            } else {
                blocks as usize
            };
            issues.check(at("policy"), c.policy.validate(counted));
            if let Some(a) = &c.admission {
                issues.check(at("admission"), a.validate());
                if a.weighs_sizes() && !(sized && c.capacity.bytes().is_some()) {
                    let why = if sized {
                        "give the cache's capacity in bytes, 128MiB"
                    } else {
                        "sizes come only with a trace read as objects, with its sizes"
                    };
                    issues.add(
                        at("admission"),
                        format!(
                            "{} weighs each object's size: it stands in front of a cache in bytes ({why})",
                            a.name()
                        ),
                    );
                }
            }
            if let Some(p) = &c.prefetch {
                issues.check(at("prefetch"), p.validate());
                if c.policy.is_offline() {
                    issues.add(
                        at("prefetch"),
                        format!(
                            "{} plans from the blocks it will be asked for; prefetched blocks are not among them",
                            c.policy.name()
                        ),
                    );
                } else {
                    let why = match self.protocol {
                        Protocol::Mc2 { .. } => Some("MC²'s partitions replace the caches' policies"),
                        Protocol::AcCc => Some("AC_CC chooses the one level each block lives in"),
                        _ => None,
                    };
                    if let Some(why) = why {
                        issues.add(at("prefetch"), format!("{why}, so a cache cannot fetch blocks ahead on its own"));
                    }
                }
            }
            let tree = self.topology.is_tree();
            if let Some(l) = node.link {
                issues.check(if tree { at("link") } else { "topology.link".into() }, l.validate());
            }
            if let Some(d) = node.disk {
                issues.check(if tree { at("disk") } else { "topology.disk".into() }, d.validate());
            }
        }
    }

    /// A cache counted in bytes in a sized run: what it may run ([`crate::policy::sized::in_hierarchy`]
    /// takes the policies that order by bytes, ARC and S3-FIFO, and MIN), and what it may not —
    /// the settings measured in blocks.
    fn check_in_bytes(&self, node: &super::Node, issues: &mut Issues) {
        let c = &node.cache;
        let at = |field: &str| FieldPath::parse(&node.path).key(field);
        if !c.policy.takes_bytes_in_hierarchy() {
            issues.add(at("policy"), crate::policy::PolicyConfig::bytes_refusal_in_hierarchy(&c.policy));
        }
        if c.co {
            issues.add(
                at("co"),
                "CO remembers as many accesses as the cache holds blocks; a cache in bytes holds no set number: give its capacity in objects",
            );
        }
        if let Some(a) = &c.admission {
            if !matches!(a, crate::policy::admission::AdmissionConfig::Probabilistic { .. }) && !a.weighs_sizes() {
                issues.add(
                    at("admission"),
                    format!(
                        "{} sizes its memory by the blocks the cache holds; a cache in bytes holds no set number (probabilistic, size-below and AdaptSize admission take one)",
                        a.name()
                    ),
                );
            }
        }
        match self.protocol {
            Protocol::AcCc => issues.add(
                at("capacity"),
                "AC_CC keeps a block at the client only if its reuse fits the client's blocks: give the caches' capacities in objects",
            ),
            Protocol::Mc2 { .. } => {} // refused for the whole sized run, at the source
            _ => {}
        }
    }

    /// What a walk of objects of any size asks of a scenario whose source gives no sizes (the
    /// teaching stepper's requests carry them): each cache in bytes checked as a sized run's.
    pub(crate) fn check_sized_caches(&self, shape: &Shape) -> Result<(), ScenarioError> {
        let mut issues = Issues::default();
        if matches!(self.protocol, Protocol::Mc2 { .. }) {
            issues.add("protocol", "MC²'s partitions count blocks: give the requests no sizes");
        }
        for node in shape.nodes.iter().filter(|n| n.cache.capacity.bytes().is_some()) {
            self.check_in_bytes(node, &mut issues);
        }
        issues.first().map_or(Ok(()), Err)
    }

    /// The protocol and the settings that only some protocols use.
    fn check_cooperation(&self, shape: &Shape, issues: &mut Issues) {
        issues.check("protocol", self.protocol.validate());
        let single = matches!(self.topology, Topology::Single { .. });
        if single && self.protocol != Protocol::None {
            issues.add(
                "protocol",
                format!(
                    "a single cache has no cache above it to cooperate with: {} needs two levels",
                    self.protocol.name()
                ),
            );
        }
        if let Some(du) = self.du {
            let why = if single {
                Some("a single cache sends nothing up to a client")
            } else if self.protocol == Protocol::AcCc {
                Some("AC_CC keeps each block in one level already")
            } else if matches!(self.protocol, Protocol::Mc2 { .. }) {
                Some("MC²'s partitions decide what the array keeps")
            } else {
                None
            };
            if let Some(why) = why {
                issues.add("du", format!("DU ({}) has nothing to do here: {why}", du.name()));
            }
        }
        if let Some(at) = self.se_at {
            if !self.se {
                issues.add("seAt", format!("SE at the {} alone: SE is off", at.name()));
            } else if !matches!(self.protocol, Protocol::Demote | Protocol::AcCc) {
                issues.add(
                    "seAt",
                    format!(
                        "{} passes no hints up, so SE applies at the client alone already; only DEMOTE and AC_CC \
                         let the caches above use them",
                        self.protocol.name()
                    ),
                );
            }
        }
        if !matches!(self.protocol, Protocol::Demote | Protocol::AcCc | Protocol::Mc2 { .. }) {
            let why = format!("{} sends no DEMOTEs", self.protocol.name());
            if self.demotions != Demotions::Charged {
                issues.add("demotions", why.clone());
            }
            if self.demote_data != DemoteData::WhenAbsent {
                issues.add("demoteData", why.clone());
            }
            if self.demote_command_ms != 0.0 {
                issues.add("demoteCommandMs", why);
            }
        }
        if matches!(self.protocol, Protocol::Mc2 { .. }) {
            if let Some(node) = shape.nodes.iter().find(|n| n.cache.admission.is_some()) {
                issues.add(
                    format!("{}.admission", node.path),
                    "MC²'s partitions replace the caches' policies, so there is no admission to filter",
                );
            }
            if self.se {
                issues
                    .add("se", "MC²'s partitions replace the caches' policies, so there is no insertion end to choose");
            }
        }
    }

    /// The source against the topology: generators by leaf, sharing, a trace's client map.
    fn check_source(&self, shape: &Shape, issues: &mut Issues) {
        match &self.source {
            Source::Workload { workload, clients, sharing } => {
                for (field, m) in workload.issues() {
                    issues.add(FieldPath::parse("source.workload").join(FieldPath::parse(&field)), m);
                }
                issues.check("source.sharing", sharing.validate());
                let tree = self.topology.is_tree();
                if !tree {
                    if *sharing != Sharing::Disjoint {
                        issues.add(
                            "source.sharing",
                            "sharing relates several clients' blocks: this topology has one client",
                        );
                    }
                    if let Some(name) = clients.keys().next() {
                        issues.add(
                            FieldPath::parse("source.clients").key(name.clone()),
                            "this topology has one client: give its generator as source.workload",
                        );
                    }
                }
                for (name, w) in clients {
                    let at = FieldPath::parse("source.clients").key(name.clone());
                    match shape.nodes.iter().position(|n| &n.name == name) {
                        None => issues.add(at.clone(), format!("no cache is named \"{name}\"")),
                        Some(i) if !shape.leaves.contains(&i) => issues.add(
                            at.clone(),
                            format!("\"{name}\" is not a client (a leaf): only clients issue requests"),
                        ),
                        _ => {}
                    }
                    if tree && *sharing == Sharing::Conjoint {
                        issues.add(at.clone(), "conjoint clients issue one stream: give every client source.workload");
                    }
                    for (field, m) in w.issues() {
                        issues.add(at.clone().join(FieldPath::parse(&field)), m);
                    }
                }
                let workloads = self.client_workloads(shape).expect("a workload source");
                let universe = if self.per_client_streams() {
                    multi::universe_of(&workloads, *sharing)
                } else {
                    workload.blocks()
                };
                if universe > MAX_BLOCKS {
                    issues.add(
                        "source",
                        format!("the clients' workloads span {universe} blocks together; at most {MAX_BLOCKS}"),
                    );
                }
            }
            Source::Trace(t) => {
                if t.name.trim().is_empty() || t.name.len() > MAX_NAME_LENGTH {
                    issues.add("source.name", format!("must be 1 to {MAX_NAME_LENGTH} characters"));
                }
                match t.format() {
                    Err(e) => issues.add(e.path, e.message),
                    Ok(f) => {
                        let columns = f == Some(crate::trace::Format::Columns);
                        match &t.columns {
                            None if columns => issues.add(
                                "source.columns",
                                "the columns format reads through a column map: say which column is the key",
                            ),
                            Some(_) if !columns => {
                                issues.add("source.columns", "a column map goes with format \"columns\" only")
                            }
                            Some(c) => {
                                if let Err(m) = c.validate() {
                                    let (field, m) = m.split_once(": ").unwrap_or(("columns", &m));
                                    issues.add(format!("source.{field}"), m);
                                }
                            }
                            None => {}
                        }
                    }
                }
                if t.ignore_sizes && !t.object_mode {
                    issues.add(
                        "source.ignoreSizes",
                        "read as blocks, a trace's sizes split it into blocks: there are no object sizes to ignore",
                    );
                }
                if self.sized() {
                    self.check_sized(shape, issues);
                }
                if let TraceClients::Map { map } = &t.clients {
                    if map.is_empty() {
                        issues.add("source.clients.map", "maps no trace client to a leaf");
                    }
                    for (id, leaf) in map {
                        let at = FieldPath::parse("source.clients.map").key(id.clone());
                        if id.parse::<u16>().is_err() {
                            issues.add(at, "a trace client id is a whole number from 0 to 65535");
                        } else if shape.leaf_named(leaf).is_none() {
                            issues.add(at, format!("\"{leaf}\" is not a client (a leaf) of the topology"));
                        }
                    }
                }
            }
        }
    }

    /// A sized run (a trace read as objects, with their sizes): what measures objects in blocks
    /// cannot run, each refused at its field with the way out (`ignoreSizes`: one block each, as
    /// before version 5).
    fn check_sized(&self, shape: &Shape, issues: &mut Issues) {
        const OUT: &str = "or read the trace with \"ignoreSizes\": true (each object one block)";
        if matches!(self.protocol, Protocol::Mc2 { .. }) {
            issues.add("protocol", format!("MC²'s partitions count blocks, not objects of any size: {OUT}"));
        }
        let tree = self.topology.is_tree();
        for node in &shape.nodes {
            let at = |field: &str| FieldPath::parse(&node.path).key(field);
            if node.cache.prefetch.is_some() {
                issues.add(at("prefetch"), format!("an object has no next block to fetch ahead: {OUT}"));
            }
            if let Some(crate::hierarchy::DiskConfig::Mechanical(_)) = node.disk {
                issues.add(
                    if tree { at("disk") } else { "topology.disk".into() },
                    format!("a mechanical drive seeks by block address, which objects do not have: use a constant disk, {OUT}"),
                );
            }
        }
    }

    /// MC² manages clients directly over one array (paper 002 §4's testbed), by their hints.
    fn check_mc2(&self, shape: &Shape, issues: &mut Issues) {
        let roots = shape.nodes.iter().filter(|n| n.parent.is_none()).count();
        if let Some(p) = shape.paths.iter().find(|p| p.len() > 2) {
            let (c, above) = (p[0], p[1]);
            issues.add(
                format!("{}.parent", shape.nodes[c].path),
                format!(
                    "MC² manages clients directly over one array (paper 002 §4's testbed): \"{}\" sits below \"{}\", \
                     which is not a root",
                    shape.nodes[c].name, shape.nodes[above].name
                ),
            );
            return;
        }
        if roots != 1 || shape.paths.iter().any(|p| p.len() != 2) {
            issues.add("protocol", "MC² needs exactly one array (root) with its clients directly below it");
            return;
        }
        if let Some(workloads) = self.client_workloads(shape) {
            for (c, w) in workloads.iter().enumerate() {
                let name = &shape.nodes[shape.leaves[c]].name;
                if let Err(m) = crate::hierarchy::protocol::mc2::validate_hints(&w.range_hints()) {
                    let at = match &self.source {
                        Source::Workload { clients, .. } if clients.contains_key(name) => {
                            FieldPath::parse("source.clients").key(name.clone())
                        }
                        _ => "source.workload".into(),
                    };
                    issues.add(at, m);
                }
            }
        }
    }

    /// Offline policies (MIN, read-OPT) must know, before the run, every reference their cache
    /// will see: a client's are its own requests; a cache above the clients learns its stream in
    /// a first pass, which is exact only when that stream cannot depend on what the cache does.
    fn check_offline(&self, shape: &Shape, issues: &mut Issues) {
        let offline: Vec<usize> =
            (0..shape.nodes.len()).filter(|&i| shape.nodes[i].cache.policy.is_offline()).collect();
        for &i in &offline {
            let node = &shape.nodes[i];
            let at = format!("{}.policy", node.path);
            let name = node.cache.policy.name();
            if matches!(self.protocol, Protocol::Mc2 { .. }) {
                issues.add(at, format!("{name} is offline, and MC²'s partitions replace the caches' policies"));
                continue;
            }
            if !shape.leaves.contains(&i) {
                let below = shape.clients_below(i).count();
                if matches!(self.protocol, Protocol::AcCa { .. }) {
                    issues.add(
                        at,
                        format!(
                            "{name} is offline, but under AC_CA the clients pick their victims by what \"{}\" holds, \
                             so the stream reaching it depends on its own choices",
                            node.name
                        ),
                    );
                    continue;
                }
                if self.queueing.is_some() && below > 1 {
                    issues.add(
                        at,
                        format!(
                            "{name} is offline, but with queueing the order in which {below} clients reach \"{}\" \
                             depends on the latencies its own hits give them",
                            node.name
                        ),
                    );
                    continue;
                }
                if let Some(&j) = offline.iter().find(|&&j| {
                    j != i
                        && shape.paths.iter().any(|p| {
                            let (pi, pj) = (p.iter().position(|&x| x == i), p.iter().position(|&x| x == j));
                            matches!((pi, pj), (Some(a), Some(b)) if b < a)
                        })
                }) {
                    issues.add(
                        at,
                        format!(
                            "{name} is offline, but the stream reaching \"{}\" depends on the offline \"{}\" below it",
                            node.name, shape.nodes[j].name
                        ),
                    );
                    continue;
                }
            }
            if let Some(workloads) = self.client_workloads(shape) {
                let refs: u64 = shape
                    .clients_below(i)
                    .map(|c| {
                        let (w, m) = workloads[c].phases();
                        (w + m).saturating_mul(workloads[c].request_blocks() as u64)
                    })
                    .fold(0, u64::saturating_add);
                if refs > MAX_OFFLINE_REFS {
                    issues.add(
                        at,
                        format!("{name} precomputes the whole run: at most {MAX_OFFLINE_REFS} block references (got {refs})"),
                    );
                }
            }
        }
    }
}
