//! The search request's text inputs (`backends/search/src/request.rs`): the `a|b` keyword list
//! and its rules, range filters (`capacitance >= 1nF and <= 10uF`, `x: 1..2`), sort orders,
//! the identifier key of a keyword, and unit keywords (`10uF`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use search::{RangeFilter, SortOrder};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let keywords = search::split_keywords(text);
    let _ = search::validate_keywords(&keywords);
    for keyword in &keywords {
        let _ = search::identifier_key(keyword);
        let _ = units::normalize_keyword(keyword);
        let _ = units::keyword_quantity(keyword);
    }
    let _ = RangeFilter::parse(text);
    let _ = SortOrder::parse(text);
    let _ = search::parameter_key(text);
});
