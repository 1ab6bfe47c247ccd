//! KiCad symbol libraries (`.kicad_sym`): the S-expression reader, the library reader and the
//! resolution of `extends` aliases.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = kicad::sexpr::parse(text);
    if let Ok(library) = kicad::SymbolLibrary::parse(text) {
        if let Ok(symbols) = library.resolved_symbols() {
            for symbol in &symbols {
                let _ = symbol.unit_count();
                let _ = symbol.pins().count();
                let _ = symbol.keywords();
                let _ = symbol.footprint_filters();
            }
        }
    }
});
