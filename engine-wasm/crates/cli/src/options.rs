//! What the options several commands share parse to: lists of policies and of cache sizes,
//! the default sizes of a curve, how a request of several blocks is served. Below every
//! command's module, so that none depends on another for its options.

use tiersim_core::hierarchy::MultiBlock;
use tiersim_core::policy::PolicyConfig;

/// `--policies`: names separated by commas (`lru,arc`), or JSON policies separated by
/// semicolons; errors name the policy.
pub fn parse_policies(text: &str) -> Result<Vec<PolicyConfig>, String> {
    let sep = if text.trim_start().starts_with('{') { ';' } else { ',' };
    text.split(sep)
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            let json = if p.starts_with('{') { p.to_string() } else { format!(r#"{{"kind":"{p}"}}"#) };
            PolicyConfig::from_json(&json).map_err(|e| format!("--policies: {p}: {e}"))
        })
        .collect::<Result<Vec<_>, _>>()
        .and_then(|v| if v.is_empty() { Err("--policies: no policy named".into()) } else { Ok(v) })
}

/// `--sizes`: positive block counts separated by commas.
pub fn parse_sizes(text: &str) -> Result<Vec<u64>, String> {
    let sizes = text
        .split(',')
        .map(|s| {
            s.trim()
                .parse::<u64>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or(format!("--sizes: \"{s}\" is not a positive integer"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(sizes)
}

/// `points` sizes from 1 % to 100 % of `blocks`, geometric, distinct, at least 1.
pub fn default_sizes(blocks: u64, points: u32) -> Vec<u64> {
    let (lo, hi) = ((blocks as f64 / 100.0).max(1.0), blocks as f64);
    let mut out: Vec<u64> =
        (0..points).map(|i| (lo * (hi / lo).powf(i as f64 / (points - 1) as f64)).round().max(1.0) as u64).collect();
    out.dedup();
    out
}

/// `--multi-block`: `per-block` or `atomic` ([`MultiBlock`]).
pub fn parse_multi_block(s: &str) -> Result<MultiBlock, String> {
    match s {
        "per-block" => Ok(MultiBlock::PerBlock),
        "atomic" => Ok(MultiBlock::Atomic),
        _ => Err(format!("expected per-block or atomic (got \"{s}\")")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_policies_and_sizes_with_clear_errors() {
        assert_eq!(parse_policies("lru, arc").unwrap(), vec![PolicyConfig::Lru, PolicyConfig::Arc]);
        let p = parse_policies(r#"{"kind":"slru","protectedShare":0.6};{"kind":"min"}"#).unwrap();
        assert_eq!(p, vec![PolicyConfig::Slru { protected_share: 0.6 }, PolicyConfig::Min]);
        assert!(parse_policies("lru,belady").unwrap_err().contains("belady"));
        assert!(parse_sizes("10,x").unwrap_err().contains("\"x\""));
        assert!(parse_sizes("0").is_err());
        assert_eq!(default_sizes(1000, 3), vec![10, 100, 1000]);
    }

    #[test]
    fn parses_the_multi_block_modes() {
        assert_eq!(parse_multi_block("per-block"), Ok(MultiBlock::PerBlock));
        assert_eq!(parse_multi_block("atomic"), Ok(MultiBlock::Atomic));
        assert!(parse_multi_block("whole").unwrap_err().contains("whole"));
    }
}
