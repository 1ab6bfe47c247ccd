//! KiCad VRML models (`.wrl`) to GLB (`backends/mesh`): the reader and the GLB writer.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = mesh::vrml_to_glb(text);
});
