//! Feeds arbitrary text to every public entry point of `units`: none may panic, and what parses
//! must be finite and ordered.
#![no_main]

use libfuzzer_sys::fuzz_target;
use units::{canonical_display, extract_params, normalize_keyword, parse_param, parse_quantity, parse_thread, Dimension};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for hint in [None, Some(Dimension::Resistance), Some(Dimension::Temperature), Some(Dimension::Capacitance)] {
        if let Ok(values) = parse_param(text, hint) {
            for value in values {
                for bound in [value.min, value.typ, value.max].into_iter().flatten() {
                    assert!(bound.is_finite(), "{text:?}: {value:?}");
                }
                if let (Some(min), Some(max)) = (value.min, value.max) {
                    assert!(min <= max, "{text:?}: {value:?}");
                }
            }
        }
    }
    // Beyond ±1e250 a display unit (ppm, degrees) can overflow f64; see the property tests.
    if let Ok(quantity) = parse_quantity(text).map_err(|_| ()).and_then(|q| if q.value.abs() < 1e250 { Ok(q) } else { Err(()) }) {
        let shown = canonical_display(quantity);
        assert!(parse_quantity(&shown).is_ok(), "{text:?} displayed as {shown:?} does not parse");
    }
    let _ = extract_params(text);
    let _ = parse_thread(text);
    let _ = normalize_keyword(text);
});
