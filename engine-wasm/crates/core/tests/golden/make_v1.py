"""Writes the golden set of version-1 scenarios (tests/golden/v1/*.json).

The reports beside them (*.report.json) were recorded by the engine of commit 9064e22 — the
last with two hierarchy engines — with `record.sh`, and `tests/golden.rs` asserts that today's
engine reads each scenario (migrating it to the current version) and reports the same numbers.
Run from this folder: python3 make_v1.py (it only writes scenarios; it never changes a report).
"""
import copy
import json
import os

OUT = os.path.join(os.path.dirname(__file__), "v1")

DEFAULT = {
    "version": 1, "name": "", "seed": 1, "blockSize": 4096,
    "client": {"capacity": 16384, "policy": {"kind": "lru"}},
    "array": {"capacity": 16384, "policy": {"kind": "mru"}},
    "protocol": {"kind": "demote"},
    "link": {"preset": "fc-1g"},
    "disk": {"kind": "constant", "serviceMs": 10.0},
    "clientHitMs": 0.0,
    "workload": {"kind": "random", "blocks": 32768},
}

scenarios = {}  # name -> (scenario, extra CLI args)


def add(name, s, curves=False, trace=None):
    s = copy.deepcopy(s)
    s["name"] = s.get("name") or name
    scenarios[name] = (s, curves, trace)


def two(cp, ap, protocol, **kw):
    s = copy.deepcopy(DEFAULT)
    s.update(copy.deepcopy(kw))
    s["client"]["policy"] = {"kind": cp} if isinstance(cp, str) else cp
    s["array"]["policy"] = {"kind": ap} if isinstance(ap, str) else ap
    s["protocol"] = {"kind": protocol} if isinstance(protocol, str) else protocol
    return s


# Paper 000's eight designs on RANDOM at the paper's scale (Nc = Na = 16384).
for c in ["lru", "mru"]:
    for a in ["lru", "mru"]:
        for p in ["none", "demote"]:
            add(f"p000-random-{c}-{a}-{p}", two(c, a, p), curves=(c, a, p) == ("lru", "mru", "demote"))

# ZIPF over 1.5 × the aggregate (paper 000 §4.4), baseline and proposed.
for c, a, p in [("lru", "lru", "none"), ("lru", "mru", "demote")]:
    add(f"p000-zipf-{c}-{a}-{p}", two(c, a, p, workload={"kind": "zipf", "blocks": 49152}), curves=p == "demote")

# SEQUENTIAL with the mechanical disk (paper 000 Table 2's SEQ rows).
for c, a, p in [("lru", "lru", "none"), ("lru", "mru", "demote"), ("mru", "lru", "none"), ("mru", "mru", "demote")]:
    add(f"p000-seq-mech-{c}-{a}-{p}",
        two(c, a, p, workload={"kind": "sequential", "blocks": 32767}, disk={"kind": "mechanical"}))
# A mechanical disk with its own parameters, and a client hit cost.
add("seq-mech-custom", two("lru", "mru", "demote", clientHitMs=0.05,
    workload={"kind": "sequential", "blocks": 4000, "requestBlocks": 4, "measuredRequests": 30000},
    disk={"kind": "mechanical", "rpm": 7200, "readAheadKiB": 64},
    client={"capacity": 1500, "policy": {"kind": "lru"}}, array={"capacity": 2500, "policy": {"kind": "mru"}}))

# Paper 003's protocols, DU, CO and SE on a smaller ZIPF and on the OLTP buffer stream.
small = {"client": {"capacity": 2000, "policy": {"kind": "lru"}}, "array": {"capacity": 3000, "policy": {"kind": "lru"}},
         "workload": {"kind": "zipf", "blocks": 9000, "alpha": 0.9, "warmupRequests": 10000, "measuredRequests": 60000}}
for name, p, du in [("har", "ha-r", None), ("acca", {"kind": "ac-ca", "k": 4}, None), ("acca-k1", {"kind": "ac-ca", "k": 1}, None),
                    ("accc", "ac-cc", None), ("none-du-drop", "none", "drop"), ("none-du-lruend", "none", "lru-end"),
                    ("demote-du-lruend", "demote", "lru-end"), ("har-du-drop", "ha-r", "drop")]:
    s = two("lru", "lru", p, **copy.deepcopy(small))
    if du:
        s["du"] = du
    add(f"zipf-{name}", s)
accc_arc = two("arc", "arc", "ac-cc", **copy.deepcopy(small))
add("zipf-accc-arc", accc_arc)
co = two("lru", "arc", "demote", **copy.deepcopy(small))
co["client"]["co"] = True
co["array"]["co"] = True
add("zipf-demote-co", co)

# Paper 003's designs on the OLTP buffer stream (importance-hinted), on VI/FC.
oltp_buffer = {"kind": "oltp", "warehouses": 1, "stream": "buffer", "warmupRequests": 20000, "measuredRequests": 80000}
san = {"link": {"preset": "vi-fc"}, "disk": {"kind": "constant", "serviceMs": 6.227}}
for name, c, a, p, du, se in [("ha-r-arc-arc-du-se", "arc", "arc", "ha-r", "drop", True),
                              ("ac-hb-arc-lru-du-se", "arc", "lru", "demote", "drop", True),
                              ("ac-cc-lru-se", "lru", "lru", "ac-cc", None, True),
                              ("ha-b-lru-lru-se", "lru", "lru", "none", None, True),
                              ("ac-ca-lru-arc-du", "lru", "arc", {"kind": "ac-ca", "k": 4}, "drop", False)]:
    s = two(c, a, p, workload=oltp_buffer, client={"capacity": 2000, "policy": {"kind": c}},
            array={"capacity": 2000, "policy": {"kind": a}}, **copy.deepcopy(san))
    if du:
        s["du"] = du
    if se:
        s["se"] = True
    add(f"p003-{name}", s)

# Paper 004: the OLTP client's hinted writes at a hint-aware array, and single caches.
oltp = {"kind": "oltp", "warehouses": 1, "bufferPool": 6000, "softmax": 50, "warmupRequests": 10000, "measuredRequests": 50000}
for a in [{"kind": "tq"}, {"kind": "mq+hints"}, {"kind": "lru+hints"}, {"kind": "mq"}]:
    s = two("lru", a, "none", workload=oltp, client={"capacity": 2000, "policy": {"kind": "lru"}},
            array={"capacity": 4000, "policy": a})
    add(f"p004-two-{a['kind'].replace('+', '-')}", s)
for k in ["tq", "lru+hints", "mq", "lru", "read-opt", "min"]:
    s = copy.deepcopy(DEFAULT)
    s["topology"] = "single"
    s["client"] = {"capacity": 4323, "policy": {"kind": k}}
    s["workload"] = {"kind": "oltp", "warehouses": 1, "bufferPool": 10807, "warmupRequests": 0, "measuredRequests": 60000}
    add(f"p004-single-{k.replace('+', '-')}", s)

# Single caches of every kind on ZIPF (and curves), SLRU on paper 001's scan mix, multi-block requests.
for k in ["lru", "arc", "lirs", "s3-fifo", "w-tinylfu", "2q", "clock", "sieve", "lfu", "lru-2", "fifo", "random", "min", "read-opt"]:
    s = copy.deepcopy(DEFAULT)
    s["topology"] = "single"
    s["client"] = {"capacity": 3000, "policy": {"kind": k}}
    s["workload"] = {"kind": "zipf", "blocks": 20000, "warmupRequests": 20000, "measuredRequests": 100000}
    add(f"single-{k}", s, curves=k == "lru")
s = copy.deepcopy(DEFAULT)
s["topology"] = "single"
s["client"] = {"capacity": 1024, "policy": {"kind": "slru", "protectedShare": 0.75}}
s["workload"] = {"kind": "mix", "blocks": 20000, "scanShare": 0.6, "loopShare": 0, "hotShare": 0.05, "segment": 1000,
                 "warmupRequests": 50000, "measuredRequests": 200000}
add("p001-slru-1024", s)
add("random-multiblock", two("lru", "mru", "demote", workload={"kind": "random", "blocks": 8192, "requestBlocks": 4},
                             client={"capacity": 4096, "policy": {"kind": "lru"}}, array={"capacity": 4096, "policy": {"kind": "mru"}}),
    curves=True)
s = two("lru", "lru", "none", workload={"kind": "phases", "phases": [
    {"workload": {"kind": "zipf", "blocks": 4000}, "requests": 40000},
    {"workload": {"kind": "zipf", "blocks": 4000}, "requests": 40000, "offset": 3000},
    {"workload": {"kind": "sequential", "blocks": 6000}, "requests": 20000}]},
    client={"capacity": 1000, "policy": {"kind": "lru"}}, array={"capacity": 2000, "policy": {"kind": "arc"}})
add("phases-lru-arc", s, curves=True)
add("mix-custom-link", two("lru", "mru", "demote", workload={"kind": "mix", "blocks": 20000},
                           link={"preset": "custom", "latencyUs": 100, "bandwidthMbit": 400},
                           client={"capacity": 2000, "policy": {"kind": "lru"}}, array={"capacity": 4000, "policy": {"kind": "mru"}}))
add("blocksize-8k-eth", two("lru", "lru", "none", blockSize=8192, link={"preset": "eth-100m"},
                            workload={"kind": "zipf", "blocks": 6000, "measuredRequests": 30000},
                            client={"capacity": 1000, "policy": {"kind": "lru"}}, array={"capacity": 2000, "policy": {"kind": "lru"}}))


# Trees: four clients, two middle tiers, one array (3 levels).
def cache(name, capacity, policy, parent=None, link=True):
    c = {"name": name, "capacity": capacity, "policy": {"kind": policy} if isinstance(policy, str) else policy}
    if parent:
        c["parent"] = parent
        if link:
            c["link"] = {"preset": "fc-1g"}
    else:
        c["disk"] = {"kind": "constant", "serviceMs": 10.0}
    return c


def four_by_three(protocol, sharing, queueing=None, array="lru", fairness=True, du=None):
    s = copy.deepcopy(DEFAULT)
    s["topology"] = "tree"
    s["protocol"] = {"kind": protocol} if isinstance(protocol, str) else protocol
    s["workload"] = {"kind": "zipf", "blocks": 4000, "warmupRequests": 4000, "measuredRequests": 20000}
    tree = {"caches": [cache("array", 3000, array), cache("mid1", 1000, "lru", "array"), cache("mid2", 1000, "lru", "array"),
                       cache("c1", 500, "lru", "mid1"), cache("c2", 500, "arc", "mid1"), cache("c3", 500, "lru", "mid2"),
                       cache("c4", 500, {"kind": "s3-fifo", "smallShare": 0.1}, "mid2")]}
    if sharing is not None:
        tree["sharing"] = sharing
    if queueing is not None:
        tree["queueing"] = queueing
    if not fairness:
        tree["fairness"] = False
    s["tree"] = tree
    if du:
        s["du"] = du
    return s


for sname, sharing in [("disjoint", None), ("conjoint", {"kind": "conjoint"}), ("shared", {"kind": "shared", "fraction": 0.3})]:
    add(f"tree4x3-none-{sname}", four_by_three("none", sharing), curves=sname == "shared")
    add(f"tree4x3-demote-{sname}", four_by_three("demote", sharing, array="mru"))
add("tree4x3-none-shared-closed", four_by_three("none", {"kind": "shared", "fraction": 0.3}, queueing={"arrivals": "closed"}), curves=True)
add("tree4x3-demote-conjoint-closed", four_by_three("demote", {"kind": "conjoint"}, queueing={"arrivals": "closed"}, array="mru"))
add("tree4x3-none-disjoint-open", four_by_three("none", None, queueing={"arrivals": "open", "meanInterarrivalMs": 2.0}))
add("tree4x3-har-shared", four_by_three("ha-r", {"kind": "shared", "fraction": 0.5}))
add("tree4x3-har-shared-closed", four_by_three("ha-r", {"kind": "shared", "fraction": 0.5}, queueing={"arrivals": "closed"}))
add("tree4x3-acca-disjoint", four_by_three({"kind": "ac-ca", "k": 4}, None))
add("tree4x3-none-du-drop-nofair", four_by_three("none", {"kind": "shared", "fraction": 0.3}, fairness=False, du="drop"))
add("tree4x3-demote-du-lruend", four_by_three("demote", {"kind": "shared", "fraction": 0.3}, du="lru-end", array="lru"))

# Per-client workloads, two roots (a forest), a root with a link to its disk, a mechanical disk.
s = copy.deepcopy(DEFAULT)
s["topology"] = "tree"
s["protocol"] = {"kind": "demote"}
s["workload"] = {"kind": "random", "blocks": 3000, "warmupRequests": 3000, "measuredRequests": 15000}
s["tree"] = {"caches": [
    {"name": "arrayA", "capacity": 2000, "policy": {"kind": "mru"}, "disk": {"kind": "constant", "serviceMs": 8.0}},
    {"name": "arrayB", "capacity": 1500, "policy": {"kind": "mru"}, "disk": {"kind": "mechanical"}, "link": {"preset": "eth-100m"}},
    {"name": "c1", "capacity": 800, "policy": {"kind": "lru"}, "parent": "arrayA", "link": {"preset": "fc-1g"},
     "workload": {"kind": "zipf", "blocks": 5000, "warmupRequests": 5000, "measuredRequests": 20000}},
    {"name": "c2", "capacity": 800, "policy": {"kind": "lru"}, "parent": "arrayA", "link": {"preset": "ip-storage"}},
    {"name": "c3", "capacity": 600, "policy": {"kind": "arc"}, "parent": "arrayB"},
], "sharing": {"kind": "shared", "fraction": 0.1}}
add("forest-two-roots", s, curves=True)

# A 4-client tree running the OLTP client (hinted writes) over a TQ array.
s = copy.deepcopy(DEFAULT)
s["topology"] = "tree"
s["protocol"] = {"kind": "none"}
s["workload"] = {"kind": "oltp", "warehouses": 1, "bufferPool": 6000, "softmax": 50, "warmupRequests": 5000, "measuredRequests": 20000}
s["tree"] = {"caches": [cache("array", 6000, "tq"), cache("c1", 1000, "lru", "array"), cache("c2", 1000, "lru", "array")],
             "sharing": {"kind": "conjoint"}}
add("tree-oltp-tq", s)

# MC² (paper 002): TPC-H q3 and q7 sharing an array, and its baselines.
tpch_size = 2138
mc2 = copy.deepcopy(DEFAULT)
mc2.update({"topology": "tree", "protocol": {"kind": "mc2"}, "clientHitMs": 0.001,
            "workload": {"kind": "tpch", "query": "q3", "warmupRequests": 5000, "measuredRequests": 30000}})
q = lambda query: {"kind": "tpch", "query": query, "warmupRequests": 5000, "measuredRequests": 30000}
mc2["tree"] = {"caches": [
    {"name": "array", "capacity": tpch_size, "policy": {"kind": "lru"}, "disk": {"kind": "constant", "serviceMs": 10}},
    {"name": "q3", "capacity": tpch_size, "policy": {"kind": "lru"}, "parent": "array", "link": {"preset": "fc-1g"}, "workload": q("q3")},
    {"name": "q7", "capacity": tpch_size, "policy": {"kind": "lru"}, "parent": "array", "link": {"preset": "fc-1g"}, "workload": q("q7")},
], "sharing": {"kind": "shared", "fraction": 1}}
add("p002-mc2", mc2)
add("p002-mc2-disjoint-closed", {**copy.deepcopy(mc2), "tree": {**copy.deepcopy(mc2["tree"]), "sharing": {"kind": "disjoint"}, "queueing": {"arrivals": "closed"}}})
for name, p, a, c in [("lru", "none", "lru", "lru"), ("demote", "demote", "mru", "lru"), ("arc", "none", "arc", "arc")]:
    v = copy.deepcopy(mc2)
    v["protocol"] = {"kind": p}
    for cc in v["tree"]["caches"]:
        cc["policy"] = {"kind": a if "parent" not in cc else c}
    add(f"p002-{name}", v)

# Trace replays (two levels and a single cache) of the bundled traces.
def traced(s, file, fmt=None, **opts):
    s = copy.deepcopy(s)
    t = {"name": file}
    if fmt:
        t["format"] = fmt
    t.update(opts)
    s["trace"] = t
    return s


add("trace-zipf-lru-mru-demote", traced(two("lru", "mru", "demote", client={"capacity": 1024, "policy": {"kind": "lru"}},
                                            array={"capacity": 1024, "policy": {"kind": "mru"}}), "zipf-3072.csv.gz"),
    curves=True, trace="zipf-3072.csv.gz")
s = copy.deepcopy(DEFAULT)
s["topology"] = "single"
s["client"] = {"capacity": 3000, "policy": {"kind": "arc"}}
add("trace-mix-single-arc", traced(s, "mix-20000.oracleGeneral.gz", "oracle-general", warmupRequests=5000),
    curves=True, trace="mix-20000.oracleGeneral.gz")
s["client"] = {"capacity": 3000, "policy": {"kind": "min"}}
add("trace-mix-single-min", traced(s, "mix-20000.oracleGeneral.gz"), trace="mix-20000.oracleGeneral.gz")
add("trace-oltp-tq", traced(two("lru", "tq", "none", client={"capacity": 2000, "policy": {"kind": "lru"}},
                                array={"capacity": 4000, "policy": {"kind": "tq"}}), "oltp-hints.csv.gz"),
    trace="oltp-hints.csv.gz")
add("trace-tpch-accc", traced(two("lru", "lru", "ac-cc", client={"capacity": 800, "policy": {"kind": "lru"}},
                                  array={"capacity": 1200, "policy": {"kind": "lru"}}), "tpch-q7.csv.gz", objectMode=True),
    trace="tpch-q7.csv.gz")

os.makedirs(OUT, exist_ok=True)
manifest = []
for name, (s, curves, trace) in sorted(scenarios.items()):
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(s, f, indent=1, sort_keys=True)
        f.write("\n")
    manifest.append({"name": name, "curves": curves, "trace": trace})
with open(os.path.join(OUT, "manifest.json"), "w") as f:
    json.dump(manifest, f, indent=1)
    f.write("\n")
print(len(scenarios), "scenarios")
