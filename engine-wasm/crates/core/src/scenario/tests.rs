//! The scenario module's tests: migration, round trips, refusals with their fields.

use super::*;
use crate::hierarchy::{CoWrites, Du, MultiBlock, Protocol};
use crate::policy::PolicyConfig;
use crate::workload::Sharing;

#[test]
fn a_version_3_document_keeps_its_numbers_in_version_4() {
    // Shared before version 4: CO at a TQ cache fed paper 004's hinted writes, which CO then
    // passed on as plain references. Read now, it keeps that way (`coWrites: plain`) and runs
    // exactly as when it was shared; written as version 4, TQ gets the hints.
    let v3 = serde_json::json!({
        "version": 3, "name": "co over tq", "seed": 5,
        "topology": {"kind": "single", "cache": {"capacity": 2000, "policy": {"kind": "tq"}, "co": true},
                     "link": {"preset": "fc-1g"}, "disk": {"kind": "constant", "serviceMs": 10}},
        "protocol": {"kind": "none"},
        "source": {"kind": "workload", "workload": {"kind": "oltp", "warehouses": 1, "warmupRequests": 5000, "measuredRequests": 30000}}
    });
    let migrated = Scenario::from_json(&v3.to_string()).unwrap();
    assert_eq!((migrated.version, migrated.co_writes), (SCENARIO_VERSION, CoWrites::Plain));
    assert!(migrated.to_json().contains(r#""coWrites":"plain""#));
    let mut explicit = v3.clone();
    explicit["version"] = SCENARIO_VERSION.into();
    explicit["coWrites"] = "plain".into();
    let run = |s: Scenario| crate::Run::new(s).unwrap().run_to_end();
    let old = run(migrated);
    assert_eq!(old, run(Scenario::from_json(&explicit.to_string()).unwrap()));
    // Version 4 without the field: the hints reach TQ, and CO changes nothing TQ does.
    let mut now = v3.clone();
    now["version"] = SCENARIO_VERSION.into();
    let hinted = Scenario::from_json(&now.to_string()).unwrap();
    assert_eq!(hinted.co_writes, CoWrites::Hinted);
    assert!(!hinted.to_json().contains("coWrites"));
    let new = run(hinted);
    assert_ne!(old.counters, new.counters);
    let mut bare = now.clone();
    bare["topology"]["cache"]["co"] = false.into();
    assert_eq!(new.counters, run(Scenario::from_json(&bare.to_string()).unwrap()).counters);
    // Version 2 and 1 documents keep it too; an old document without CO, where the setting
    // changes nothing, is left without it.
    let mut v2 = v3.clone();
    v2["version"] = 2.into();
    assert_eq!(Scenario::from_json(&v2.to_string()).unwrap().co_writes, CoWrites::Plain);
    let v1 = r#"{"version": 1, "name": "old", "seed": 3, "client": {"capacity": 100, "policy": {"kind": "lru"}, "co": true},
                 "array": {"capacity": 200, "policy": {"kind": "tq"}}, "protocol": {"kind": "demote"},
                 "link": {"preset": "fc-1g"}, "disk": {"kind": "constant", "serviceMs": 10},
                 "workload": {"kind": "zipf", "blocks": 1000}}"#;
    assert_eq!(Scenario::from_json(v1).unwrap().co_writes, CoWrites::Plain);
    let mut no_co = v3.clone();
    no_co["topology"]["cache"]["co"] = false.into();
    let plain_free = Scenario::from_json(&no_co.to_string()).unwrap();
    assert_eq!(plain_free.co_writes, CoWrites::Hinted);
    assert!(!plain_free.to_json().contains("coWrites"));
    assert!(Scenario::from_json(r#"{"version":4,"coWrites":"loud"}"#).is_err());
}

#[test]
fn a_version_2_document_keeps_its_numbers_in_version_3() {
    // Shared before version 3: requests of 4 blocks (then looked up all at once) and MC² (then
    // revision 1). Read now, it keeps both ways, and runs exactly as when it was shared.
    let v2 = |protocol: &str| {
        let mut s: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
        s["version"] = 2.into();
        s["protocol"] = serde_json::from_str(protocol).unwrap();
        let w = &mut s["source"]["workload"];
        w["requestBlocks"] = 4.into();
        w["measuredRequests"] = 20_000.into();
        s
    };
    let old = v2(r#"{"kind":"demote"}"#);
    let migrated = Scenario::from_json(&old.to_string()).unwrap();
    assert_eq!(migrated.version, SCENARIO_VERSION);
    assert_eq!(migrated.multi_block, MultiBlock::Atomic);
    // The same document written as version 3 says so explicitly, and runs the same.
    let mut explicit = old.clone();
    explicit["version"] = SCENARIO_VERSION.into();
    explicit["multiBlock"] = "atomic".into();
    let run = |s: Scenario| crate::Run::new(s).unwrap().run_to_end();
    assert_eq!(run(migrated.clone()), run(Scenario::from_json(&explicit.to_string()).unwrap()));
    // Version 3 without the field serves the blocks one by one: other numbers.
    let mut now = old.clone();
    now["version"] = SCENARIO_VERSION.into();
    let per_block = Scenario::from_json(&now.to_string()).unwrap();
    assert_eq!(per_block.multi_block, MultiBlock::PerBlock);
    assert_ne!(run(migrated).counters, run(per_block).counters);
    // A version-2 MC² document keeps revision 1; one that names its revision keeps it.
    let mut mc2 = Scenario::default().to_json();
    mc2 = mc2.replacen(&format!(r#""version":{SCENARIO_VERSION}"#), r#""version":2"#, 1);
    let mut doc: serde_json::Value = serde_json::from_str(&mc2).unwrap();
    doc["protocol"] = serde_json::json!({"kind": "mc2"});
    let read = |d: &serde_json::Value| {
        serde_json::to_value(Scenario::from_json(&d.to_string()).map(|s| s.protocol).ok()).unwrap()
    };
    let as_v2 = read(&doc);
    doc["protocol"]["revision"] = 2.into();
    let named = read(&doc);
    doc["version"] = SCENARIO_VERSION.into();
    doc["protocol"] = serde_json::json!({"kind": "mc2"});
    let as_v3 = read(&doc);
    assert_eq!(
        (as_v2, named, as_v3),
        (
            serde_json::json!({"kind": "mc2", "revision": 1}),
            serde_json::json!({"kind": "mc2"}),
            serde_json::json!({"kind": "mc2"})
        )
    );
}

/// A DEMOTE's command: absent is free (every older document keeps its numbers), a cost is
/// refused out of range or where no DEMOTE is sent, and it round-trips.
#[test]
fn a_demote_command_costs_what_the_document_says() {
    let with = |ms: serde_json::Value, protocol: &str| {
        let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
        v["demoteCommandMs"] = ms;
        v["protocol"] = serde_json::json!({"kind": protocol});
        Scenario::from_json(&v.to_string())
    };
    assert_eq!(Scenario::default().demote_command_ms, 0.0);
    assert!(!Scenario::default().to_json().contains("demoteCommandMs"));
    let s = with(serde_json::json!(0.02), "demote").unwrap();
    assert_eq!(s.demote_command_ms, 0.02);
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s, "round trip");
    for (ms, protocol, message) in [
        (serde_json::json!(-1), "demote", "must be between 0 and 1000 ms (got -1)"),
        (serde_json::json!(5000), "demote", "must be between 0 and 1000 ms (got 5000)"),
        (serde_json::json!(0.02), "none", "none sends no DEMOTEs"),
    ] {
        let e = with(ms, protocol).unwrap_err();
        assert_eq!((e.path.as_str(), e.message.as_str()), ("demoteCommandMs", message));
    }
    // The cost lands on the requests whose DEMOTE found the block in the array.
    let run = |ms: f64| {
        let mut s = Scenario::paper000_random(PolicyConfig::Mru, PolicyConfig::Mru, Protocol::Demote);
        s.demote_command_ms = ms;
        crate::run::Run::new(s).unwrap().run_to_end()
    };
    let (free, paid) = (run(0.0), run(0.02));
    let held = (free.counters.demotions - free.counters.demotions_moved) as f64;
    let added = (paid.mean_latency_ms - free.mean_latency_ms) * free.counters.requests as f64;
    assert!(held > 0.0 && (added - 0.02 * held).abs() < 1e-6 * held, "{added} ms for {held} commands");
}

/// SE at one level (paper 003 §5.3): absent is everywhere the protocol allows (every older
/// document keeps its numbers); refused with SE off or under a protocol that passes no hints;
/// it round-trips and changes what the array keeps.
#[test]
fn se_at_one_level_is_checked_and_kept() {
    let with = |se: bool, at: &str, protocol: &str| {
        let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
        v["se"] = serde_json::json!(se);
        v["seAt"] = serde_json::json!(at);
        v["protocol"] = serde_json::json!({"kind": protocol});
        Scenario::from_json(&v.to_string())
    };
    assert!(!Scenario::default().to_json().contains("seAt"));
    let s = with(true, "above", "demote").unwrap();
    assert_eq!(s.se_at, Some(crate::hierarchy::SeAt::Above));
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s, "round trip");
    for (se, at, protocol, message) in [
        (false, "client", "demote", "SE at the client alone: SE is off"),
        (
            true,
            "above",
            "none",
            "none passes no hints up, so SE applies at the client alone already; only DEMOTE and AC_CC let the \
             caches above use them",
        ),
    ] {
        let e = with(se, at, protocol).unwrap_err();
        assert_eq!((e.path.as_str(), e.message.as_str()), ("seAt", message));
    }
    let e = with(true, "middle", "demote").unwrap_err();
    assert_eq!(e.path.as_str(), "seAt", "{}", e.message);
}

#[test]
fn default_round_trips_through_json() {
    let s = Scenario::default();
    let back = Scenario::from_json(&s.to_json()).unwrap();
    assert_eq!(s, back);
    let json = s.to_json();
    assert!(json.contains(r#""protocol":{"kind":"demote"}"#), "{json}");
    assert!(json.contains(r#""topology":{"kind":"two-level""#), "{json}");
    assert!(json.contains(r#""link":{"preset":"fc-1g"}"#), "{json}");
    assert!(json.contains(r#""version":5"#), "{json}");
}

#[test]
fn an_admission_filter_sits_at_any_cache_and_is_reported() {
    let with = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
        v["source"]["workload"] = serde_json::json!({"kind": "zipf", "blocks": 4000, "alpha": 0.9, "warmupRequests": 0, "measuredRequests": 40000});
        v["topology"]["client"]["capacity"] = serde_json::json!(200);
        v["topology"]["array"]["capacity"] = serde_json::json!(400);
        edit(&mut v);
        Scenario::from_json(&v.to_string())
    };
    let plain = crate::run::Run::new(with(&|_| {}).unwrap()).unwrap().run_to_end();
    assert!(plain.caches.iter().all(|c| c.admission.is_none()));
    let s = with(&|v| v["topology"]["array"]["admission"] = serde_json::json!({"kind": "second-hit"})).unwrap();
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s, "round trip");
    let filtered = crate::run::Run::new(s).unwrap().run_to_end();
    let array = filtered.caches.iter().find(|c| c.name == "array").unwrap();
    let counts = array.admission.expect("the array reports its filter");
    assert!(counts.admitted > 0 && counts.declined > 0, "{counts:?}");
    assert!(filtered.caches.iter().filter(|c| c.name != "array").all(|c| c.admission.is_none()));
    assert_ne!(filtered.caches, plain.caches, "the filter changes what the array keeps");
    // Refusals name the place.
    let e = with(&|v| {
        v["topology"]["client"]["admission"] = serde_json::json!({"kind": "probabilistic", "probability": 0})
    })
    .unwrap_err();
    assert_eq!(e.path, "topology.client.admission.probability");
    assert!(e.message.starts_with("must be above 0"), "{}", e.message);
    let e = with(&|v| v["topology"]["client"]["admission"] = serde_json::json!({"kind": "tinylfu", "window": 3}))
        .unwrap_err();
    assert_eq!(e.path, "topology.client.admission.window");
    let e = with(&|v| v["topology"]["client"]["admission"] = serde_json::json!({"kind": "bloom"})).unwrap_err();
    assert!(e.path.starts_with("topology.client.admission"), "{e:?}");
}

#[test]
fn prefetching_sits_at_any_cache_is_reported_and_refused_where_it_cannot_work() {
    let with = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
        // A cycle over 4000 blocks: a sequential stream, nearly all of it in nobody's cache.
        v["source"]["workload"] =
            serde_json::json!({"kind": "sequential", "blocks": 4000, "warmupRequests": 0, "measuredRequests": 20000});
        v["topology"]["client"]["capacity"] = serde_json::json!(200);
        v["topology"]["array"]["capacity"] = serde_json::json!(400);
        edit(&mut v);
        Scenario::from_json(&v.to_string())
    };
    let plain = crate::run::Run::new(with(&|_| {}).unwrap()).unwrap().run_to_end();
    assert!(plain.caches.iter().all(|c| c.prefetch.is_none()));
    let s = with(&|v| {
        v["topology"]["client"]["prefetch"] = serde_json::json!({"kind": "readahead", "trigger": 2, "window": 4})
    })
    .unwrap();
    assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s, "round trip");
    assert!(s.prefetches());
    let ahead = crate::run::Run::new(s).unwrap().run_to_end();
    let client = ahead.caches.iter().find(|c| c.name == "client").unwrap();
    let counts = client.prefetch.expect("the client reports its prefetching");
    assert_eq!(counts.prefetched, counts.hits + counts.wasted + counts.pending, "{counts:?}");
    // A sequential cycle over 4000 blocks: nearly every block comes ahead.
    assert!(counts.hits * 10 > client.counters.hits * 9, "{counts:?} {:?}", client.counters);
    assert!(ahead.caches.iter().filter(|c| c.name != "client").all(|c| c.prefetch.is_none()));
    assert!(
        ahead.hit_fractions.client > plain.hit_fractions.client + 0.5,
        "{:?} vs {:?}",
        ahead.hit_fractions,
        plain.hit_fractions
    );
    // Refusals name the place.
    let e = with(&|v| v["topology"]["array"]["prefetch"] = serde_json::json!({"kind": "readahead", "trigger": 0}))
        .unwrap_err();
    assert_eq!(e.path, "topology.array.prefetch.trigger");
    assert_eq!(e.message, "must be between 1 and 1024 blocks (got 0)");
    let e = with(&|v| v["topology"]["array"]["prefetch"] = serde_json::json!({"kind": "readahead", "window": 257}))
        .unwrap_err();
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        ("topology.array.prefetch.window", "must be between 1 and 256 blocks (got 257)")
    );
    let e = with(&|v| v["topology"]["client"]["prefetch"] = serde_json::json!({"kind": "lookahead", "window": 3}))
        .unwrap_err();
    assert_eq!(e.path, "topology.client.prefetch.window");
    let e = with(&|v| {
        v["topology"]["client"]["prefetch"] = serde_json::json!({"kind": "lookahead"});
        v["protocol"] = serde_json::json!({"kind": "ac-cc"});
    })
    .unwrap_err();
    assert_eq!(e.path, "topology.client.prefetch");
    assert!(e.message.contains("AC_CC"), "{}", e.message);
    let e = with(&|v| {
        v["topology"]["array"]["prefetch"] = serde_json::json!({"kind": "lookahead"});
        v["protocol"] = serde_json::json!({"kind": "mc2"});
    })
    .unwrap_err();
    assert_eq!(e.path, "topology.array.prefetch");
    assert!(e.message.contains("MC²"), "{}", e.message);
}

#[test]
fn a_key_nothing_reads_is_refused_with_its_path_at_any_depth() {
    let with = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
        edit(&mut v);
        Scenario::from_json(&v.to_string())
    };
    // serde alone reads each of these, dropping the key: a unit variant of a tagged enum.
    let e = with(&|v| v["protocol"] = serde_json::json!({"kind": "ha-r", "du": "drop"})).unwrap_err();
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        ("protocol.du", "unknown field `du` (kind \"ha-r\" has no such setting)")
    );
    let e = with(&|v| v["topology"]["client"]["policy"] = serde_json::json!({"kind": "lru", "size": 3})).unwrap_err();
    assert_eq!(e.path, "topology.client.policy.size");
    let e = with(&|v| v["topology"]["link"] = serde_json::json!({"preset": "fc-1g", "latencyUs": 5})).unwrap_err();
    assert_eq!(e.path, "topology.link.latencyUs");
    let e = with(&|v| v["queueing"] = serde_json::json!({"arrivals": "closed", "meanInterarrivalMs": 2})).unwrap_err();
    assert_eq!(e.path, "queueing.meanInterarrivalMs");
    // Version 2 documents too (after their migration).
    let e = with(&|v| {
        v["version"] = 2.into();
        v["protocol"] = serde_json::json!({"kind": "demote", "k": 4});
    })
    .unwrap_err();
    assert_eq!(e.path, "protocol.k");
    // Keys that mean something stay accepted, a default written out included.
    let ok = with(&|v| {
        v["protocol"] = serde_json::json!({"kind": "ac-ca", "k": 4});
        v["topology"]["client"]["co"] = false.into();
        v["fairness"] = true.into();
        v["multiBlock"] = "per-block".into();
    });
    assert!(ok.is_ok(), "{ok:?}");
    assert_eq!(
        PolicyConfig::from_json(r#"{"kind":"lecar","learningRate":0.1}"#).unwrap_err(),
        "unknown field `learningRate` (kind \"lecar\" has no such setting)"
    );
    assert_eq!(
        PolicyConfig::from_json(r#"{"kind":"slru","protectedShare":0.7}"#),
        Ok(PolicyConfig::Slru { protected_share: 0.7 })
    );
}

#[test]
fn errors_name_the_field() {
    let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
    v["topology"]["client"]["capacity"] = serde_json::json!(0);
    let e = Scenario::from_json(&v.to_string()).unwrap_err();
    assert_eq!(e.path, "topology.client.capacity");
    assert!(e.to_string().contains("between 1 and"), "{e}");

    v["topology"]["client"]["capacity"] = serde_json::json!(8);
    v["topology"]["array"]["policy"] = serde_json::json!({"kind": "slru", "protectedShare": 1.0});
    let e = Scenario::from_json(&v.to_string()).unwrap_err();
    // A policy's parameter is named as its own field.
    assert_eq!(e.to_string(), "scenario.topology.array.policy.protectedShare: must be above 0 and below 1 (got 1)");

    v["topology"]["array"]["policy"] = serde_json::json!({"kind": "lru"});
    v["source"]["workload"]["blocks"] = serde_json::json!(1u64 << 40);
    let e = Scenario::from_json(&v.to_string()).unwrap_err();
    assert_eq!(e.path, "source.workload.blocks", "{e}");

    // A bad type or an unknown field inside a tagged value is named, not just the value.
    v["source"]["workload"]["blocks"] = serde_json::json!(100);
    v["topology"]["client"]["capacity"] = serde_json::json!("big");
    let e = Scenario::from_json(&v.to_string()).unwrap_err();
    assert_eq!(
        (e.path.as_str(), e.message.as_str()),
        (
            "topology.client.capacity",
            "\"big\" is not a size: a number of blocks, or of bytes with a unit (128MiB, 1GiB, 512KB)"
        )
    );
    v["topology"]["client"]["capacity"] = serde_json::json!(8);
    v["topology"]["lnk"] = serde_json::json!({});
    let e = Scenario::from_json(&v.to_string()).unwrap_err();
    assert!(e.path.starts_with("topology") && e.message.contains("lnk"), "{e}");
    v["topology"].as_object_mut().unwrap().remove("lnk");
    v["source"]["sharing"] = serde_json::json!({"kind": "shared", "fraction": "half"});
    let e = Scenario::from_json(&v.to_string()).unwrap_err();
    assert_eq!(e.path, "source.sharing", "{e}");
    v["source"].as_object_mut().unwrap().remove("sharing");
    v["surprise"] = serde_json::json!(1);
    assert!(Scenario::from_json(&v.to_string()).unwrap_err().message.contains("surprise"));
}

#[test]
fn future_unknown_and_malformed_documents_are_refused_clearly() {
    let e = Scenario::from_json(r#"{"version": 6}"#).unwrap_err();
    assert_eq!(e.path, "version");
    assert!(e.to_string().contains("version 6 is newer than this tiersim"), "{e}");
    assert!(Scenario::from_json(r#"{"version": "one"}"#).is_err());
    assert!(Scenario::from_json("{").unwrap_err().to_string().contains("not valid JSON"));
    assert_eq!(Scenario::from_json("{}").unwrap_err().path, "version");
    assert!(Scenario::from_json("[]").unwrap_err().message.contains("expected a JSON object"));
    let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
    v["topology"]["kind"] = serde_json::json!("ring");
    let e = Scenario::from_json(&v.to_string()).unwrap_err();
    assert_eq!(e.path, "topology.kind", "{e}");
    assert_eq!(e.message, "must be one of single, two-level, tree (got ring)", "{e}");
}

#[test]
fn fields_a_run_would_ignore_are_refused_with_a_reason() {
    let mut s = Scenario::single(100, PolicyConfig::Lru, Scenario::default().workload().unwrap().clone());
    s.protocol = Protocol::Demote;
    assert_eq!(s.validate().unwrap_err().path, "protocol");
    s.protocol = Protocol::None;
    s.du = Some(Du::Drop);
    assert_eq!(s.validate().unwrap_err().path, "du");
    let mut s = Scenario::paper000_random(PolicyConfig::Lru, PolicyConfig::Lru, Protocol::AcCc);
    s.du = Some(Du::Drop);
    let e = s.validate().unwrap_err();
    assert!(e.message.contains("AC_CC keeps each block in one level"), "{e}");
    let mut s = Scenario::default();
    if let Source::Workload { sharing, .. } = &mut s.source {
        *sharing = Sharing::Conjoint;
    }
    assert_eq!(s.validate().unwrap_err().path, "source.sharing");
}

#[test]
fn offline_policies_run_wherever_their_stream_is_known() {
    let mut s = Scenario::paper000_random(PolicyConfig::Min, PolicyConfig::Lru, Protocol::Demote);
    s.validate().expect("MIN at a client: its own requests");
    s.topology.client_mut().unwrap().policy = PolicyConfig::Lru;
    s.topology.array_mut().unwrap().policy = PolicyConfig::ReadOpt;
    s.validate().expect("read-OPT at the array under DEMOTE: the client's misses, known from a first pass");
    s.protocol = Protocol::AcCa { k: 4 };
    let e = s.validate().unwrap_err();
    assert_eq!(e.path, "topology.array.policy");
    assert!(e.message.contains("depends on its own choices"), "{e}");
    s.protocol = Protocol::None;
    s.topology.client_mut().unwrap().policy = PolicyConfig::Min;
    let e = s.validate().unwrap_err();
    assert!(e.message.contains("depends on the offline \"client\""), "{e}");
}

#[test]
fn every_issue_is_reported_with_its_place_and_the_first_is_the_error() {
    let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
    v["seed"] = serde_json::json!(1u64 << 60);
    v["topology"]["client"]["capacity"] = serde_json::json!(0);
    v["topology"]["array"]["policy"] = serde_json::json!({"kind": "lirs", "hirShare": 2});
    v["source"]["workload"] = serde_json::json!({"kind": "mix", "blocks": 0, "scanShare": 0.9, "loopShare": 0.5});
    v["du"] = serde_json::json!("drop");
    v["protocol"] = serde_json::json!({"kind": "none"});
    v["demotions"] = serde_json::json!("hidden");
    let checked = Scenario::check(v.clone());
    assert!(checked.scenario.is_none());
    let places: Vec<&str> = checked.issues.iter().map(|i| i.at.as_str()).collect();
    assert_eq!(
        places,
        [
            "seed",
            "topology.client.capacity",
            "topology.array.policy.hirShare",
            "demotions",
            "source.workload.blocks",
            "source.workload.requestBlocks",
            "source.workload.measuredRequests",
            "source.workload.loopShare",
        ],
        "{:#?}",
        checked.issues
    );
    // DU under `none` over two levels is allowed: an inclusive array may drop what it sends up.
    assert_eq!(checked.issues[2].path, FieldPath::parse("topology.array.policy.hirShare"));
    assert_eq!(Scenario::from_value(v).unwrap_err().path, "seed");

    // A tree's problems, all of them, each at its cache.
    let tree = serde_json::json!({"version": 5, "seed": 1, "topology": {"kind": "tree", "caches": [
        {"name": "a", "capacity": 1, "policy": {"kind": "lru"}, "parent": "nowhere"},
        {"name": "a", "capacity": 1, "policy": {"kind": "lru"}, "parent": "r", "disk": {"kind": "constant", "serviceMs": 1}},
        {"name": "r", "capacity": 1, "policy": {"kind": "lru"}}]},
      "source": {"kind": "workload", "workload": {"kind": "random", "blocks": 10}}});
    let checked = Scenario::check(tree);
    let issues: Vec<(String, &str)> = checked.issues.iter().map(|i| (i.at.clone(), i.message.as_str())).collect();
    assert_eq!(
        issues,
        [
            ("topology.caches[0].parent".to_string(), "no cache is named \"nowhere\""),
            ("topology.caches[1].name".to_string(), "\"a\" names two caches"),
            ("topology.caches[1].disk".to_string(), "only a root has a disk; \"a\" has a parent"),
            ("topology.caches[2].disk".to_string(), "\"r\" has no parent, so it needs a disk"),
        ]
    );

    // A field of the wrong type stops the reading there: one issue, in a form's words.
    let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
    v["topology"]["client"]["capacity"] = serde_json::Value::Null;
    let checked = Scenario::check(v);
    assert_eq!(checked.issues.len(), 1);
    assert_eq!(
        (checked.issues[0].at.as_str(), checked.issues[0].message.as_str()),
        ("topology.client.capacity", "must be a number")
    );

    // A map's key is one step of the path, whatever it holds.
    let named = serde_json::json!({"version": 5, "seed": 1, "topology": {"kind": "tree", "caches": [
        {"name": "c.1", "capacity": 1, "policy": {"kind": "lru"}, "parent": "r"},
        {"name": "r", "capacity": 1, "policy": {"kind": "lru"}, "disk": {"kind": "constant", "serviceMs": 1}}]},
      "source": {"kind": "workload", "workload": {"kind": "random", "blocks": 10},
                 "clients": {"c.1": {"kind": "random", "blocks": 0}}}});
    let checked = Scenario::check(named);
    assert_eq!(
        checked.issues[0].path.0,
        [Seg::Key("source".into()), Seg::Key("clients".into()), Seg::Key("c.1".into()), Seg::Key("blocks".into())]
    );
}

#[test]
fn an_old_document_says_it_was_migrated() {
    let v1 = serde_json::json!({"version": 3, "seed": 1, "topology": {"kind": "single",
        "cache": {"capacity": 10, "policy": {"kind": "lru"}}, "link": {"preset": "fc-1g"},
        "disk": {"kind": "constant", "serviceMs": 10}},
        "source": {"kind": "workload", "workload": {"kind": "random", "blocks": 10}}});
    let checked = Scenario::check(v1);
    assert_eq!(checked.migrated_from, Some(3));
    assert_eq!(checked.scenario.unwrap().version, SCENARIO_VERSION);
    let current = Scenario::check(serde_json::to_value(Scenario::default()).unwrap());
    assert_eq!(current.migrated_from, None);
    assert_eq!(current.scenario, Some(Scenario::default()));
}

#[test]
fn a_draft_with_an_empty_number_inside_its_topology_still_reads() {
    // The form empties a capacity while it is typed (`null`); the topology, read whole by its
    // kind, names only itself, so every empty field below it reads as 0 for drawing.
    let mut doc: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
    doc["topology"]["client"]["capacity"] = serde_json::Value::Null;
    let draft = Scenario::read_draft(doc.clone()).unwrap();
    match draft.topology {
        Topology::TwoLevel { client, .. } => assert_eq!(client.capacity, 0.into()),
        other => panic!("two levels expected, got {other:?}"),
    }
    // A wrong type is still the error.
    doc["topology"]["client"]["capacity"] = "many".into();
    assert!(Scenario::read_draft(doc).is_err());
}

#[test]
fn a_capacity_is_blocks_or_bytes_and_reads_back_as_written() {
    let doc = |capacity: serde_json::Value| {
        let mut v: serde_json::Value = serde_json::from_str(&Scenario::default().to_json()).unwrap();
        v["topology"]["client"]["capacity"] = capacity;
        v
    };
    let client = |s: &Scenario| s.topology.clone().client_mut().unwrap().capacity.clone();
    for (typed, bytes) in [("64MiB", 64 << 20), ("1.5 GiB", 3 << 29), ("512KB", 512_000), ("65536B", 65_536)] {
        let s = Scenario::from_value(doc(typed.into())).unwrap();
        assert_eq!(client(&s).bytes(), Some(bytes), "{typed}");
        // A link keeps the text it was given.
        assert!(s.to_json().contains(&format!(r#""capacity":"{typed}""#)), "{typed}: {}", s.to_json());
        assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
    }
    assert_eq!(client(&Scenario::from_value(doc(16384.into())).unwrap()), CacheSize::Blocks(16384));
    for (bad, says) in [
        (serde_json::json!("12 parsecs"), "unknown unit \"parsecs\""),
        (serde_json::json!("7"), "a capacity in bytes needs a unit"),
        (serde_json::json!(-3), "must be 0 or more (got -3)"),
        (serde_json::json!(2.5), "must be a whole number of blocks, or bytes with a unit (got 2.5)"),
        (serde_json::json!(true), "must be a number of blocks, or bytes with a unit"),
        (serde_json::json!("2PiB"), "1 PiB"),
    ] {
        let e = Scenario::from_value(doc(bad.clone())).unwrap_err();
        assert_eq!(e.path, "topology.client.capacity", "{bad}");
        assert!(e.message.contains(says), "{bad}: {}", e.message);
    }
    assert_eq!(CacheSize::from_bytes(3 << 29).bytes(), Some(3 << 29));
    assert_eq!(serde_json::to_string(&CacheSize::from_bytes(3 << 29)).unwrap(), r#""1536MiB""#);
    assert_eq!(serde_json::to_string(&CacheSize::from_bytes(1_000_000)).unwrap(), r#""1000000B""#);
}

#[test]
fn bytes_where_requests_carry_no_sizes_are_whole_blocks() {
    // Paper 000's default in bytes: 64 MiB of 4 KiB blocks are its 16,384 blocks, and it runs
    // to the very same numbers.
    let mut s = Scenario::default();
    if let Source::Workload { workload, .. } = &mut s.source {
        *workload = crate::workload::WorkloadConfig::Random {
            blocks: 4096,
            request_blocks: 1,
            warmup_requests: None,
            measured_requests: Some(20_000),
        };
    }
    s.topology.client_mut().unwrap().capacity = 1024.into();
    s.topology.array_mut().unwrap().capacity = 1024.into();
    let mut bytes = s.clone();
    bytes.topology.client_mut().unwrap().capacity = CacheSize::parse_bytes("4MiB").unwrap();
    bytes.topology.array_mut().unwrap().capacity = CacheSize::parse_bytes("4200KiB").unwrap(); // 1,050 blocks
    let mut blocks = s.clone();
    blocks.topology.array_mut().unwrap().capacity = 1050.into();
    let (a, b) = (crate::Run::new(bytes).unwrap().run_to_end(), crate::Run::new(blocks).unwrap().run_to_end());
    assert_eq!(a, b);
    assert!(a.bytes.is_none(), "no sizes: no byte totals");
    // Less than a block, or more blocks than a cache may hold: refused, naming the field.
    let mut small = s.clone();
    small.topology.client_mut().unwrap().capacity = CacheSize::parse_bytes("1KiB").unwrap();
    let e = small.validate().unwrap_err();
    assert_eq!(e.path, "topology.client.capacity");
    assert!(e.message.starts_with("1KiB holds no block of 4096 bytes"), "{e}");
    let mut big = s;
    big.topology.array_mut().unwrap().capacity = CacheSize::parse_bytes("1PiB").unwrap();
    let e = big.validate().unwrap_err();
    assert_eq!(e.path, "topology.array.capacity");
    assert!(e.message.contains("is 274877906944 blocks of 4096 bytes; at most 33554432"), "{e}");
}

/// A two-level scenario over a trace read as objects (sizes kept), the client in bytes.
fn sized_two_levels(client_policy: &str) -> serde_json::Value {
    serde_json::json!({"version": 5, "seed": 1, "topology": {"kind": "two-level",
        "client": {"capacity": "1MiB", "policy": {"kind": client_policy}},
        "array": {"capacity": 4000, "policy": {"kind": "lru"}},
        "link": {"preset": "fc-1g"}, "disk": {"kind": "constant", "serviceMs": 10}},
        "protocol": {"kind": "demote"},
        "source": {"kind": "trace", "name": "t.bin", "objectMode": true}})
}

#[test]
fn a_sized_run_refuses_what_counts_blocks_naming_the_field() {
    let issue = |v: serde_json::Value| {
        let checked = Scenario::check(v);
        let i = checked.issues.first().expect("refused").clone();
        (i.at, i.message)
    };
    assert!(Scenario::check(sized_two_levels("gdsf")).issues.is_empty());
    assert!(Scenario::check(sized_two_levels("min")).issues.is_empty(), "MIN over a client's own stream");
    for kind in ["arc", "s3-fifo"] {
        assert!(Scenario::check(sized_two_levels(kind)).issues.is_empty(), "{kind} in its byte version");
    }
    let (at, m) = issue(sized_two_levels("lirs"));
    assert_eq!(at, "topology.client.policy");
    assert!(m.contains("lirs does not take a capacity in bytes in a hierarchy"), "{m}");
    let mut v = sized_two_levels("lru");
    v["topology"]["client"]["co"] = true.into();
    assert_eq!(issue(v).0, "topology.client.co");
    let mut v = sized_two_levels("lru");
    v["topology"]["client"]["admission"] = serde_json::json!({"kind": "tinylfu"});
    let (at, m) = issue(v);
    assert_eq!(at, "topology.client.admission");
    assert!(m.contains("(probabilistic, size-below and AdaptSize admission take one)"), "{m}");
    for kind in ["probabilistic", "size-below", "adaptsize"] {
        let mut v = sized_two_levels("lru");
        v["topology"]["client"]["admission"] = serde_json::json!({ "kind": kind });
        assert!(Scenario::check(v).issues.is_empty(), "{kind}");
    }
    // The size filters stand only in front of a cache in bytes over sized requests.
    let mut v = sized_two_levels("lru");
    v["topology"]["array"]["admission"] = serde_json::json!({"kind": "adaptsize"});
    let (at, m) = issue(v);
    assert_eq!(at, "topology.array.admission");
    assert!(m.ends_with("a cache in bytes (give the cache's capacity in bytes, 128MiB)"), "{m}");
    let mut v = sized_two_levels("lru");
    v["source"]["objectMode"] = false.into();
    v["topology"]["client"]["capacity"] = 100.into();
    v["topology"]["client"]["admission"] = serde_json::json!({"kind": "size-below", "bytes": 4096});
    let (at, m) = issue(v);
    assert_eq!(at, "topology.client.admission");
    assert!(m.contains("sizes come only with a trace read as objects"), "{m}");
    let mut v = sized_two_levels("lru");
    v["protocol"] = serde_json::json!({"kind": "ac-cc"});
    assert_eq!(issue(v).0, "topology.client.capacity");
    let mut v = sized_two_levels("lru");
    v["topology"]["disk"] = serde_json::json!({"kind": "mechanical"});
    let (at, m) = issue(v);
    assert_eq!(at, "topology.disk");
    assert!(m.contains("\"ignoreSizes\": true"), "{m}");
    let mut v = sized_two_levels("lru");
    v["topology"]["client"]["prefetch"] = serde_json::json!({"kind": "lookahead"});
    assert_eq!(issue(v).0, "topology.client.prefetch");
    // Sizes ignored: every object one block, so bytes are whole blocks and all of it runs.
    let mut v = sized_two_levels("lirs");
    v["source"]["ignoreSizes"] = true.into();
    v["topology"]["disk"] = serde_json::json!({"kind": "mechanical"});
    assert!(Scenario::check(v).issues.is_empty());
    // Read as blocks there are no object sizes to ignore.
    let mut v = sized_two_levels("lru");
    v["source"]["objectMode"] = false.into();
    v["source"]["ignoreSizes"] = true.into();
    assert_eq!(issue(v).0, "source.ignoreSizes");
}

#[test]
fn a_version_4_trace_read_as_objects_keeps_one_block_each() {
    let mut v = sized_two_levels("lru");
    v["version"] = 4.into();
    v["topology"]["client"]["capacity"] = 100.into();
    let checked = Scenario::check(v.clone());
    assert_eq!(checked.migrated_from, Some(4));
    let s = checked.scenario.unwrap();
    assert!(s.trace().unwrap().ignore_sizes && !s.sized());
    assert!(s.to_json().contains(r#""ignoreSizes":true"#));
    // Read as blocks, nothing changes (there is nothing to ignore).
    v["source"]["objectMode"] = false.into();
    let s = Scenario::from_value(v).unwrap();
    assert!(!s.trace().unwrap().ignore_sizes && !s.to_json().contains("ignoreSizes"));
    // A version-5 document reads as written: sizes kept.
    assert!(Scenario::from_value(sized_two_levels("lru")).unwrap().sized());
}

#[test]
fn a_column_map_goes_with_the_columns_format_and_is_checked_at_its_field() {
    let issue = |v: serde_json::Value| {
        let checked = Scenario::check(v);
        let i = checked.issues.first().expect("refused").clone();
        (i.at, i.message)
    };
    let mut v = sized_two_levels("lru");
    v["source"]["format"] = "columns".into();
    let (at, m) = issue(v.clone());
    assert_eq!(at, "source.columns");
    assert_eq!(m, "the columns format reads through a column map: say which column is the key");
    v["source"]["columns"] = serde_json::json!({"key": 5, "size": 4, "time": 2, "header": true});
    let s = Scenario::from_value(v.clone()).unwrap();
    let opts = s.trace().unwrap().options(4096);
    assert_eq!(opts.columns.map(|c| (c.key, c.size, c.header)), Some((5, Some(4), true)));
    assert!(s.to_json().contains(r#""columns":{"header":true,"key":5,"size":4,"time":2}"#), "{}", s.to_json());
    v["source"]["columns"]["time"] = 5.into();
    let (at, m) = issue(v.clone());
    assert_eq!(at, "source.columns.time");
    assert_eq!(m, "column 5 is already the key");
    v["source"]["columns"] = serde_json::json!({"key": 1, "colour": 2});
    assert_eq!(issue(v.clone()).0, "source.columns.colour");
    v["source"]["columns"] = serde_json::json!({"key": 1});
    v["source"]["format"] = "msr".into();
    assert_eq!(issue(v).1, "a column map goes with format \"columns\" only");
}
