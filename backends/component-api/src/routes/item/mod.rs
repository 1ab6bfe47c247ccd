pub mod alternatives;
pub mod compare;
pub mod detail;
pub mod download;
pub mod footprint_svg;
pub mod recommendations;
pub mod symbol_svg;
