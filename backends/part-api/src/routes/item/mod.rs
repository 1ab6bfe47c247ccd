pub mod model;
pub mod recommendations;
pub mod variants;
