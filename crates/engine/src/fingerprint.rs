//! Hashes that tell the incremental caches whether an input changed.

use std::hash::{Hash, Hasher};

/// A stable-within-one-process hash of any hashable value.
pub(crate) fn hash_of(value: impl Hash) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}
