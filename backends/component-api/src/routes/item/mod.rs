pub mod alternatives;
pub mod footprint_svg;
pub mod recommendations;
pub mod symbol_svg;
