//! Readers for KiCad's library files and SVG drawings of what they contain. Pure: every function
//! takes text and returns values; reading files is the caller's business.
//!
//! - [`SymbolLibrary::parse`] reads a `.kicad_sym` library; [`SymbolLibrary::resolve`] flattens
//!   `extends` aliases; [`render_symbol_svg`] draws one unit.
//! - [`Footprint::parse`] reads a `.kicad_mod` footprint; [`render_footprint_svg`] draws it.
//! - [`sexpr::parse`] is the S-expression reader underneath, for other KiCad documents.

mod footprint;
pub mod geometry;
mod render_footprint;
mod render_symbol;
pub mod sexpr;
mod svg;
mod symbol;

pub use footprint::{
    Drill, Footprint, FootprintGraphic, FootprintText, Model3d, Mounting, Pad, PadKind, PadShape,
    Shape,
};
pub use geometry::{BoundingBox, Point};
pub use render_footprint::render_footprint_svg;
pub use render_symbol::{render_symbol_svg, render_symbol_svg_with_value};
pub use symbol::{
    Fill, Pin, Property, Stroke, Symbol, SymbolGraphic, SymbolLibrary, SymbolUnit, TextStyle,
    DEFAULT_PIN_NAME_OFFSET, DEFAULT_TEXT_SIZE,
};

/// Why a KiCad file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KicadError {
    /// The text is not a well-formed S-expression.
    #[error("syntax error on line {line}: {message}")]
    Syntax { line: usize, message: String },
    /// Well-formed, but not what a KiCad library file holds.
    #[error("{context}: {message}")]
    Format { context: String, message: String },
}
