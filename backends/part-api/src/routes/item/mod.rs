pub mod model;
pub mod recommendations;
