//! The unit parser (`backends/units`): quantities, parameters with ranges and conditions,
//! metric threads, parameters found in free text, and the display of whatever was read.
#![no_main]

use libfuzzer_sys::fuzz_target;
use units::Dimension;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(quantity) = units::parse_quantity(text) {
        let _ = units::canonical_display(quantity);
    }
    // A hint picked by the first byte, so every dimension's rules are reached.
    let hint = data
        .first()
        .map(|byte| Dimension::ALL[usize::from(*byte) % Dimension::ALL.len()]);
    if let Some(dimension) = hint {
        let _ = units::parse_quantity_as(text, dimension);
    }
    for values in [units::parse_param(text, None), units::parse_param(text, hint)]
        .into_iter()
        .flatten()
    {
        for value in &values {
            let _ = units::display_param(value);
            let _ = units::display_value(value);
        }
    }
    if let Ok(thread) = units::parse_thread(text) {
        let _ = thread.characteristic_length();
    }
    for (_, value) in units::extract_params(text) {
        let _ = units::display_param(&value);
    }
    let _ = units::normalize_keyword(text);
    let _ = units::keyword_quantity(text);
});
