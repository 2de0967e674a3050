"""Writes the golden set of version-4 scenarios (tests/golden/v4/*.json) and the two small sized
traces some of them replay (v4/sized-zipf.oracleGeneral.gz, v4/sized-clients.csv.gz).

Version 5 made object traces carry their sizes through the hierarchy (links move each object's
bytes, caches may count bytes); a version-4 document keeps version 4's way, where an object was
one block. The reports beside these scenarios (*.report.json) were recorded once by the engine of
commit e825827 (the last of version 4) with `record.sh v4 …`, and `tests/golden.rs` asserts that
today's engine reads each document (migrating it) and reports the same numbers.
Run from this folder: python3 make_v4.py (it writes scenarios and traces; never a report).
The traces are seeded and written byte for byte the same on every run.
"""
import copy
import gzip
import io
import json
import math
import os
import random
import struct

OUT = os.path.join(os.path.dirname(__file__), "v4")
os.makedirs(OUT, exist_ok=True)


def gz(path, data):
    """gzip without a timestamp or name, so the file is the same every time."""
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9, mtime=0, filename="") as f:
        f.write(data)
    with open(path, "wb") as f:
        f.write(buf.getvalue())


def zipf_ids(rng, objects, n, alpha):
    weights = [1.0 / (i + 1) ** alpha for i in range(objects)]
    cumulative, total = [], 0.0
    for w in weights:
        total += w
        cumulative.append(total)
    out = []
    for _ in range(n):
        x = rng.random() * total
        lo, hi = 0, objects - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if cumulative[mid] < x:
                lo = mid + 1
            else:
                hi = mid
        out.append(lo)
    return out


def object_size(rng):
    """Lognormal bytes, median 8 KiB, sigma 1.3, from 100 B to 1 MiB."""
    return max(100, min(1 << 20, int(math.exp(math.log(8192) + 1.3 * rng.gauss(0.0, 1.0)))))


# A Zipf(0.9) stream of 16,000 requests over 2,500 objects with lognormal sizes; one request in
# fifty asks for its object at twice its size (the object changed), so a cached copy's size and
# the request's differ there.
rng = random.Random(35)
ids = zipf_ids(rng, 2500, 16000, 0.9)
sizes = [object_size(rng) for _ in range(2500)]
records = bytearray()
for t, i in enumerate(ids):
    size = sizes[i] * 2 if rng.random() < 0.02 else sizes[i]
    records += struct.pack("<IQIq", t, 1000 + 7 * i, size, -1)
gz(os.path.join(OUT, "sized-zipf.oracleGeneral.gz"), bytes(records))

# Two clients of the canonical CSV with its size column: reads and a fifth writes, each client
# over its own 1,200 objects with lognormal sizes.
rng = random.Random(36)
csv = ["time,client,block,nblocks,op,hint,size"]
own = {c: zipf_ids(rng, 1200, 6000, 0.8) for c in (0, 1)}
csizes = {c: [object_size(rng) for _ in range(1200)] for c in (0, 1)}
for k in range(6000):
    for c in (0, 1):
        i = own[c][k]
        op = "w" if rng.random() < 0.2 else "r"
        csv.append(f"{2 * k + c},{c},{(c + 1) * 100000 + 16 * i},1,{op},,{csizes[c][i]}")
gz(os.path.join(OUT, "sized-clients.csv.gz"), ("\n".join(csv) + "\n").encode())

DEFAULT = {
    "version": 4, "name": "", "seed": 1, "blockSize": 4096,
    "topology": {
        "kind": "two-level",
        "client": {"capacity": 16384, "policy": {"kind": "lru"}},
        "array": {"capacity": 16384, "policy": {"kind": "mru"}},
        "link": {"preset": "fc-1g"},
        "disk": {"kind": "constant", "serviceMs": 10.0},
    },
    "protocol": {"kind": "demote"},
    "source": {"kind": "workload", "workload": {"kind": "random", "blocks": 32768}},
}

scenarios = {}  # name -> (scenario, curves, trace file or None)


def add(name, s, curves=False, trace=None):
    s = copy.deepcopy(s)
    s["name"] = name
    scenarios[name] = (s, curves, trace)


def doc(**kw):
    s = copy.deepcopy(DEFAULT)
    s.update(copy.deepcopy(kw))
    return s


def two(client, array, cap_c, cap_a, **kw):
    s = doc(**kw)
    s["topology"]["client"] = {"capacity": cap_c, "policy": client}
    s["topology"]["array"] = {"capacity": cap_a, "policy": array}
    return s


def single(policy, capacity, **kw):
    s = doc(**kw)
    s["topology"] = {"kind": "single", "cache": {"capacity": capacity, "policy": policy},
                     "link": {"preset": "fc-1g"}, "disk": {"kind": "constant", "serviceMs": 10.0}}
    s.setdefault("protocol", {"kind": "none"})
    if s["protocol"]["kind"] == "demote":
        s["protocol"] = {"kind": "none"}
    return s


def trace(name, **kw):
    return {"kind": "trace", "name": name, **kw}


LRU, MRU = {"kind": "lru"}, {"kind": "mru"}
ZIPF = "sized-zipf.oracleGeneral.gz"
CLIENTS = "sized-clients.csv.gz"

# Object traces with sizes, as version 4 read them: one block per object.
add("obj-two-level-demote", two(LRU, MRU, 300, 300, source=trace(ZIPF, objectMode=True)), trace=ZIPF)
add("obj-two-level-none", two(LRU, LRU, 300, 600, protocol={"kind": "none"},
                              source=trace(ZIPF, objectMode=True, warmupRequests=2000)), curves=True, trace=ZIPF)
add("obj-single-gdsf", single({"kind": "gdsf"}, 400, source=trace(ZIPF, objectMode=True)), trace=ZIPF)
add("obj-single-s3fifo-eth", single({"kind": "s3-fifo"}, 400, source=trace(ZIPF, format="oracle-general",
                                                                          objectMode=True)), trace=ZIPF)
s = single(LRU, 250, source=trace(ZIPF, objectMode=True))
s["topology"]["disk"] = {"kind": "mechanical"}
s["topology"]["link"] = {"preset": "eth-100m"}
add("obj-single-mechanical", s, trace=ZIPF)
s = two(LRU, MRU, 200, 400, source=trace(ZIPF, objectMode=True), queueing={"arrivals": "closed"})
add("obj-two-level-queueing", s, trace=ZIPF)
add("obj-ha-r-du", two(LRU, LRU, 300, 500, protocol={"kind": "ha-r"}, du="lru-end",
                          source=trace(ZIPF, objectMode=True)), trace=ZIPF)
add("obj-ac-ca", two(LRU, LRU, 300, 500, protocol={"kind": "ac-ca"}, source=trace(ZIPF, objectMode=True)), trace=ZIPF)
s = doc(source=trace(CLIENTS, objectMode=True), protocol={"kind": "demote"})
s["topology"] = {"kind": "tree", "caches": [
    {"name": "array", "capacity": 600, "policy": MRU, "disk": {"kind": "constant", "serviceMs": 6.0}},
    {"name": "c0", "capacity": 200, "policy": LRU, "parent": "array", "link": {"preset": "fc-1g"}},
    {"name": "c1", "capacity": 200, "policy": {"kind": "sieve"}, "parent": "array", "link": {"preset": "ip-storage"}},
]}
add("obj-tree-clients-writes", s, trace=CLIENTS)
s = copy.deepcopy(s)
s["queueing"] = {"arrivals": "open", "meanInterarrivalMs": 3.0}
add("obj-tree-clients-open", s, trace=CLIENTS)
# The same traces read as blocks (each request split into its 4 KiB blocks, or one block of CSV).
add("blocks-csv-sized-two-level", two(LRU, MRU, 300, 300, source=trace(CLIENTS, clients={"kind": "merged"})),
    trace=CLIENTS)
add("blocks-oracle-mix", two(LRU, MRU, 2000, 2000, source=trace("mix-20000.oracleGeneral.gz")),
    trace="mix-20000.oracleGeneral.gz")
add("obj-oracle-mix", two(LRU, MRU, 2000, 2000, source=trace("mix-20000.oracleGeneral.gz", objectMode=True)),
    trace="mix-20000.oracleGeneral.gz")

# Features of versions 2 to 4, on generators: their numbers must not move either.
add("zipf-per-block-4", two(LRU, MRU, 4000, 4000, source={"kind": "workload", "workload": {
    "kind": "zipf", "blocks": 12000, "requestBlocks": 4, "measuredRequests": 30000}}))
add("zipf-atomic-4", two(LRU, MRU, 4000, 4000, multiBlock="atomic", source={"kind": "workload", "workload": {
    "kind": "zipf", "blocks": 12000, "requestBlocks": 4, "measuredRequests": 30000}}))
s = two({"kind": "lru"}, {"kind": "arc"}, 3000, 5000, source={"kind": "workload", "workload": {
    "kind": "mix", "blocks": 20000, "measuredRequests": 60000}})
s["topology"]["array"]["admission"] = {"kind": "tinylfu"}
s["topology"]["client"]["prefetch"] = {"kind": "readahead", "trigger": 2, "window": 8}
add("mix-admission-readahead", s)
s = two(LRU, MRU, 4000, 4000, demoteCommandMs=0.02, demoteData="always", source={"kind": "workload", "workload": {
    "kind": "random", "blocks": 10000, "measuredRequests": 40000}})
add("random-demote-command", s)
s = doc(protocol={"kind": "demote"}, source={"kind": "workload", "workload": {
    "kind": "zipf", "blocks": 6000, "measuredRequests": 30000}, "sharing": {"kind": "shared", "fraction": 0.3}})
s["topology"] = {"kind": "tree", "caches": [
    {"name": "root", "capacity": 3000, "policy": MRU, "disk": {"kind": "mechanical"}},
    {"name": "mid", "capacity": 1500, "policy": {"kind": "s3-fifo"}, "parent": "root", "link": {"preset": "vi-fc"}},
    {"name": "a", "capacity": 800, "policy": LRU, "parent": "mid", "link": {"preset": "fc-1g"}},
    {"name": "b", "capacity": 800, "policy": {"kind": "w-tinylfu"}, "parent": "mid", "link": {"preset": "fc-1g"}},
    {"name": "c", "capacity": 800, "policy": {"kind": "clock"}, "parent": "root", "link": {"preset": "eth-100m"},
     "admission": {"kind": "second-hit"}},
]}
add("tree-three-tiers-shared", s, curves=True)
s = copy.deepcopy(s)
s["queueing"] = {"arrivals": "closed"}
add("tree-three-tiers-closed", s)
add("oltp-tq-co-hinted", two({"kind": "lru"}, {"kind": "tq"}, 2000, 4000, protocol={"kind": "none"}, source={
    "kind": "workload", "workload": {"kind": "oltp", "warehouses": 1, "measuredRequests": 40000}}))
s = two({"kind": "lru"}, {"kind": "mq+hints"}, 2000, 4000, protocol={"kind": "none"}, source={
    "kind": "workload", "workload": {"kind": "oltp", "warehouses": 1, "measuredRequests": 40000}})
s["topology"]["array"]["co"] = True
add("oltp-mq-hints-co", s)
s = doc(protocol={"kind": "mc2"}, source={"kind": "workload", "workload": {
    "kind": "tpch", "query": "q7", "scale": 0.5, "measuredRequests": 30000}})
s["topology"] = {"kind": "tree", "caches": [
    {"name": "array", "capacity": 2000, "policy": LRU, "disk": {"kind": "constant", "serviceMs": 10.0}},
    {"name": "c1", "capacity": 800, "policy": LRU, "parent": "array", "link": {"preset": "fc-1g"}},
    {"name": "c2", "capacity": 800, "policy": LRU, "parent": "array", "link": {"preset": "fc-1g"}},
]}
add("tpch-mc2-two-clients", s)
add("se-demote-client", two(LRU, MRU, 2000, 4000, se=True, seAt="client", source={"kind": "workload", "workload": {
    "kind": "oltp", "warehouses": 1, "stream": "buffer", "measuredRequests": 40000}}))
add("ac-cc", two(LRU, LRU, 3000, 5000, protocol={"kind": "ac-cc"}, source={
    "kind": "workload", "workload": {"kind": "zipf", "blocks": 15000, "measuredRequests": 40000}}))
add("single-min-trace", single({"kind": "min"}, 500, source=trace("zipf-3072.csv.gz")),
    trace="zipf-3072.csv.gz")

for name, (s, _, _) in scenarios.items():
    with open(os.path.join(OUT, f"{name}.json"), "w") as f:
        json.dump(s, f, indent=1, sort_keys=True)
        f.write("\n")
manifest = [{"name": n, "curves": c, "trace": t} for n, (_, c, t) in sorted(scenarios.items())]
with open(os.path.join(OUT, "manifest.json"), "w") as f:
    json.dump(manifest, f, indent=1)
    f.write("\n")
print(f"{len(scenarios)} scenarios in {OUT}")
