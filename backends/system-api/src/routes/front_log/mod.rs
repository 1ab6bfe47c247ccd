//! The front-end log (`/tool/api/front/log`, spec §7): clients post, operators search.

pub mod create;
pub mod page;
