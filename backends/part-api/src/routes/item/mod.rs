pub mod recommendations;
