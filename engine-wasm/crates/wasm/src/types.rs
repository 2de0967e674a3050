//! The engine's types as the bindings' TypeScript declarations name them, and the two ways a
//! value crosses. Every type is declared in `web/generated/engine.ts` from the Rust type of the
//! same name (ts-rs, `tiersim typescript`); the declarations wasm-bindgen writes import them, so
//! a call's arguments and result are checked by the page's type check.
//!
//! In: a JavaScript value is read as `JSON.stringify` writes it — keys holding `undefined` are
//! absent, `NaN` (an empty number field) is `null` — then by serde, exactly as a document read
//! from a link or a file. Out: serde-wasm-bindgen writes plain objects, maps as objects and
//! 64-bit counts as numbers (every count stays below 2^53); a sample plan's 64-bit hash key
//! crosses as a `bigint`.

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::Fail;

#[wasm_bindgen(typescript_custom_section)]
const IMPORTS: &str = r#"import type {
  CapacityFacts, Catalogue, Checked, Columns, ColumnsPreview, DepthMode, Issue, ItemList, LinkConfig, NamedScenario, PolicyConfig, CacheConfig, MiniReport, Report, SamplePlan,
  San, Scenario, ShapeCheck, Topology, SizePair, SourceFacts, SpaceEntry, StartText, Tally, TeachInput, TeachItem, TeachStep,
  Check, Expected, Verdict, ProfileReport, TraceAssignment, TraceSummary, UpsideReport, WorkloadConfig, WorkloadFacts,
} from '../generated/engine';"#;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(typescript_type = "Scenario")]
    pub type ScenarioJs;
    #[wasm_bindgen(typescript_type = "Columns | undefined")]
    pub type ColumnsJs;
    #[wasm_bindgen(typescript_type = "ColumnsPreview")]
    pub type ColumnsPreviewJs;
    /// A document of any version, or anything claiming to be one (a link's, a file's).
    #[wasm_bindgen(typescript_type = "unknown")]
    pub type DocumentJs;
    #[wasm_bindgen(typescript_type = "Checked")]
    pub type CheckedJs;
    #[wasm_bindgen(typescript_type = "ShapeCheck")]
    pub type ShapeCheckJs;
    #[wasm_bindgen(typescript_type = "Topology")]
    pub type TopologyJs;
    /// A cache's capacity: blocks, or bytes with a unit.
    #[wasm_bindgen(typescript_type = "number | string")]
    pub type CapacityJs;
    #[wasm_bindgen(typescript_type = "CapacityFacts")]
    pub type CapacityFactsJs;
    #[wasm_bindgen(typescript_type = "Catalogue")]
    pub type CatalogueJs;
    #[wasm_bindgen(typescript_type = "WorkloadConfig")]
    pub type WorkloadConfigJs;
    #[wasm_bindgen(typescript_type = "WorkloadFacts")]
    pub type WorkloadFactsJs;
    #[wasm_bindgen(typescript_type = "SourceFacts | undefined")]
    pub type SourceFactsJs;
    #[wasm_bindgen(typescript_type = "TraceAssignment | undefined")]
    pub type TraceAssignmentJs;
    #[wasm_bindgen(typescript_type = "Issue | undefined")]
    pub type IssueJs;
    #[wasm_bindgen(typescript_type = "LinkConfig")]
    pub type LinkConfigJs;
    #[wasm_bindgen(typescript_type = "CacheConfig")]
    pub type CacheConfigJs;
    #[wasm_bindgen(typescript_type = "NamedScenario[]")]
    pub type NamedScenariosJs;
    #[wasm_bindgen(typescript_type = "SpaceEntry[]")]
    pub type SpaceEntriesJs;
    #[wasm_bindgen(typescript_type = "San[]")]
    pub type SansJs;
    #[wasm_bindgen(typescript_type = "ItemList")]
    pub type ItemListJs;
    #[wasm_bindgen(typescript_type = "StartText[]")]
    pub type StartTextsJs;
    #[wasm_bindgen(typescript_type = "TeachInput")]
    pub type TeachInputJs;
    #[wasm_bindgen(typescript_type = "TeachItem[]")]
    pub type TeachItemsJs;
    #[wasm_bindgen(typescript_type = "Record<string, number[]>")]
    pub type StartJs;
    #[wasm_bindgen(typescript_type = "TeachStep[]")]
    pub type TeachStepsJs;
    #[wasm_bindgen(typescript_type = "Report")]
    pub type ReportJs;
    #[wasm_bindgen(typescript_type = "DepthMode")]
    pub type DepthModeJs;
    #[wasm_bindgen(typescript_type = "SizePair[]")]
    pub type SizePairsJs;
    #[wasm_bindgen(typescript_type = "UpsideReport")]
    pub type UpsideReportJs;
    #[wasm_bindgen(typescript_type = "TraceSummary")]
    pub type TraceSummaryJs;
    #[wasm_bindgen(typescript_type = "SamplePlan")]
    pub type SamplePlanJs;
    #[wasm_bindgen(typescript_type = "Tally")]
    pub type TallyJs;
    #[wasm_bindgen(typescript_type = "MiniReport[]")]
    pub type MiniReportsJs;
    #[wasm_bindgen(typescript_type = "ProfileReport")]
    pub type ProfileReportJs;
    #[wasm_bindgen(typescript_type = "ByteReport[]")]
    pub type ByteReportsJs;
    #[wasm_bindgen(typescript_type = "PolicyConfig")]
    pub type PolicyConfigJs;
    #[wasm_bindgen(typescript_type = "PolicyConfig[]")]
    pub type PolicyConfigsJs;
    #[wasm_bindgen(typescript_type = "number[]")]
    pub type NumbersJs;
    #[wasm_bindgen(typescript_type = "Check[]")]
    pub type ChecksJs;
    #[wasm_bindgen(typescript_type = "{ expected: Expected; ours: number }")]
    pub type JudgedJs;
    #[wasm_bindgen(typescript_type = "Verdict")]
    pub type VerdictJs;
}

/// Reads a value as `JSON.stringify` writes it (see the module's doc); `what` names the argument
/// in errors.
pub fn read<T: DeserializeOwned>(value: &JsValue, what: &str) -> Result<T, Fail> {
    let text = json_text(value, what)?;
    serde_json::from_str(&text).map_err(|e| Fail::at(what, e))
}

/// A document as JSON, for [`tiersim_core::Scenario::check`].
pub fn document(value: &JsValue) -> Result<serde_json::Value, Fail> {
    read(value, "scenario")
}

fn json_text(value: &JsValue, what: &str) -> Result<String, Fail> {
    match js_sys::JSON::stringify(value) {
        Ok(s) => s.as_string().ok_or_else(|| Fail::at(what, "nothing to read (undefined)")),
        Err(_) => Err(Fail::at(what, "not a plain value (a cycle, or a bigint)")),
    }
}

/// Writes `value` as plain objects, typed as `J` for the page.
pub fn write<T: Serialize + ?Sized, J: JsCast>(value: &T) -> Result<J, Fail> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map(JsCast::unchecked_into)
        .map_err(|e| Fail::new(format!("could not encode the engine's answer: {e}")))
}

/// Writes `value` with its 64-bit integers as `bigint`s (hash keys, which numbers would round).
#[cfg(feature = "engine")]
pub fn write_exact<T: Serialize, J: JsCast>(value: &T) -> Result<J, Fail> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::new().serialize_large_number_types_as_bigints(true))
        .map(JsCast::unchecked_into)
        .map_err(|e| Fail::new(format!("could not encode the engine's answer: {e}")))
}

/// Reads what [`write_exact`] wrote.
#[cfg(feature = "engine")]
pub fn read_exact<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, Fail> {
    serde_wasm_bindgen::from_value(value).map_err(|e| Fail::at(what, e))
}
