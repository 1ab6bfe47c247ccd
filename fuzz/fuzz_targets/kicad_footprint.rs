//! KiCad footprints (`.kicad_mod`): the S-expression reader and the footprint reader.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(footprint) = kicad::Footprint::parse(text) {
        let _ = footprint.mounting();
        let _ = footprint.tag_list();
        let _ = footprint.pad_numbers();
        let _ = footprint.reference();
    }
});
