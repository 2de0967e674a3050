// The form's schema (zod, ./schema.ts) against the engine's own scenario types, generated from
// the Rust serde types (web/generated/engine.ts): `tsc` fails here when a policy, protocol,
// workload, field or enum value exists on one side of the wasm boundary and not on the other,
// or when a field's type differs. Optionality is set aside: serde fills a default the engine's
// type shows as required, while the document (and so the schema) may leave it out.
import type { z } from 'zod';
import type * as Engine from '../generated/engine';
import type * as S from './schema';

/** The shape without optionality, `undefined` or `null`, all the way down (tuples and records kept). */
type Shape<T> = T extends readonly unknown[]
  ? { [K in keyof T]: Shape<NonNullable<T[K]>> }
  : T extends object
    ? { [K in keyof T]-?: Shape<NonNullable<T[K]>> }
    : T;
/** Whether each is assignable to the other: with every field required, neither may have a field, variant or value the other lacks. */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Flattens intersections (`{ kind: 'trace' } & TraceSource`) into one object per union member. */
type Flat<T> = T extends object ? { [K in keyof T]: T[K] } : T;
type Same<A, B> = Mutual<Shape<Flat<A>>, Shape<Flat<B>>>;

/** Compiles only when its argument is `true`. */
function same<T extends true>(): T | undefined {
  return undefined;
}

same<Same<z.input<typeof S.policySchema>, Engine.PolicyConfig>>();
same<Same<z.input<typeof S.cacheSchema>, Engine.CacheConfig>>();
same<Same<z.input<typeof S.linkSchema>, Engine.LinkConfig>>();
same<Same<z.input<typeof S.diskSchema>, Engine.DiskConfig>>();
same<Same<z.input<typeof S.protocolSchema>, Engine.Protocol>>();
same<Same<z.input<typeof S.arrivalsSchema>, Engine.Arrivals>>();
same<Same<z.input<typeof S.sharingSchema>, Engine.Sharing>>();
same<Same<z.input<typeof S.generatorSchema>, Exclude<Engine.WorkloadConfig, { kind: 'oltp' | 'tpch' | 'phases' }>>>();
same<Same<z.input<typeof S.workloadSchema>, Engine.WorkloadConfig>>();
same<Same<z.input<typeof S.treeCacheSchema>, Engine.TreeCache>>();
same<Same<z.input<typeof S.topologySchema>, Engine.Topology>>();
same<Same<z.input<typeof S.traceClientsSchema>, Engine.TraceClients>>();
same<Same<z.input<typeof S.sourceSchema>, Engine.Source>>();
same<Same<z.input<typeof S.scenarioSchema>, Engine.Scenario>>();

// The policy checks are built from the engine's catalogue: it must list every kind the engine's
// type has, each with exactly that variant's parameters.
type Kind = Engine.PolicyConfig['kind'];
type CatalogueKinds = (typeof Engine.POLICY_CATALOGUE)[number]['kind'];
type CatalogueParams = {
  [K in Kind]: Extract<(typeof Engine.POLICY_CATALOGUE)[number], { kind: K }>['params'][number]['name'];
};
type EngineParams = { [K in Kind]: Exclude<keyof Extract<Engine.PolicyConfig, { kind: K }>, 'kind'> };
same<Mutual<CatalogueKinds, Kind>>();
same<Mutual<CatalogueParams, EngineParams>>();

// The comparison catches what it is for: a policy missing on one side, a field one side lacks.
// @ts-expect-error a policy the form would not know
same<Same<z.input<typeof S.policySchema>, Exclude<Engine.PolicyConfig, { kind: 'lecar' }>>>();
// @ts-expect-error a field the engine has and the form lacks
same<Same<z.input<typeof S.cacheSchema>, Engine.CacheConfig & { readAhead: boolean }>>();
// @ts-expect-error a value the form allows and the engine refuses
same<Same<z.input<typeof S.protocolSchema>, Exclude<Engine.Protocol, { kind: 'mc2' }>>>();
// @ts-expect-error a parameter the catalogue leaves out
same<Mutual<CatalogueParams, Omit<EngineParams, 'lfu'> & { lfu: 'agingPeriod' | 'halfLife' }>>();
