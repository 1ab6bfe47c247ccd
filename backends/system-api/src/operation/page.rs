//! Paging of the operator lists: the kernel's (`kernel::paging`).

pub use kernel::paging::{PageResult, Paging, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX};
