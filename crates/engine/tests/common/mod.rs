//! Helpers shared by the integration tests (from the workspace's test-support crate).

#![allow(unused_imports)] // each test file uses some of them

pub use docsite_test_support::{copy_fixture, fixture};
