pub mod slider_challenge;
pub mod slider_verify;
