pub mod alternatives;
pub mod compare;
pub mod detail;
pub mod download;
pub mod footprint_svg;
pub mod symbol_svg;
