//! The benchmark workload shared by `examples/bench.rs` and component-api's `search_bench`, so both
//! measure the same queries: part-number prefixes and full part numbers sampled from the items,
//! description words, Chinese category words, values (keyword + notAnalyzerKeyWords) and
//! two-keyword combinations, plus suggestion prefixes of 1–6 characters.

use crate::SearchDocument;

/// One benchmark query: its kind (for per-kind figures) and its keywords.
pub type Query = (&'static str, Vec<String>);

/// The query mix over `base` (about 900 queries for a large base).
pub fn queries(base: &[SearchDocument]) -> Vec<Query> {
    let mut out = Vec::new();
    let step = (base.len() / 200).max(1);
    for (i, document) in base.iter().step_by(step).enumerate() {
        let pn = &document.part_number;
        let cut = pn
            .char_indices()
            .nth(3 + i % 5)
            .map_or(pn.len(), |(at, _)| at);
        out.push(("part-number prefix", vec![pn[..cut].to_string()]));
        out.push(("exact part number", vec![pn.clone()]));
        if let Some(word) = document
            .description
            .split(|c: char| !c.is_alphanumeric())
            .find(|w| w.len() > 4)
        {
            out.push(("description word", vec![word.to_string()]));
        }
    }
    for word in [
        "运放",
        "运算放大器",
        "稳压器",
        "二极管",
        "三极管",
        "单片机",
        "电容",
        "电阻",
        "比较器",
        "定时器",
        "钽电容",
        "场效应管",
        "晶振",
        "存储器",
        "收发器",
    ] {
        for _ in 0..10 {
            out.push(("chinese word", vec![word.to_string()]));
        }
    }
    for value in [
        "10uF", "100nF", "3.3V", "1A", "16MHz", "10kΩ", "4.7uH", "0.1μF", "5V", "100mA",
    ] {
        for _ in 0..10 {
            out.push(("value keyword", vec![value.to_string()]));
        }
    }
    for (a, b) in [
        ("运放", "SOIC-8"),
        ("LDO", "3.3V"),
        ("STM32", "LQFP-48"),
        ("MOSFET", "SOT-23"),
        ("10uF", "0603"),
    ] {
        for _ in 0..10 {
            out.push(("two keywords", vec![a.to_string(), b.to_string()]));
        }
    }
    out
}

/// Suggestion prefixes: 1–6 leading characters of sampled part numbers, and common words.
pub fn suggestion_prefixes(base: &[SearchDocument]) -> Vec<String> {
    let mut out = Vec::new();
    let step = (base.len() / 300).max(1);
    for (i, document) in base.iter().step_by(step).enumerate() {
        out.push(document.part_number.chars().take(1 + i % 6).collect());
    }
    for word in [
        "运", "运放", "稳", "电", "二极", "单片", "st", "lm", "a", "t",
    ] {
        for _ in 0..10 {
            out.push(word.to_string());
        }
    }
    out
}
