//! What a caller chooses about a build.

use crate::frontend::Frontend;

#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    pub frontend: Frontend,
    /// Adds the live reload script (serve mode only).
    pub live_reload: bool,
    /// When pages change, keep the last search index and leave the new one to
    /// [`Builder::refresh_search`], so a rebuild is not held up by indexing (serve mode).
    pub defer_search: bool,
    /// Likewise for `llms.txt` and `llms-full.txt`: when pages change, keep the last ones and
    /// leave the new ones to [`Builder::refresh_llms`] (serve mode).
    pub defer_llms: bool,
    /// Leave the search index out of the output altogether, for the caller to make with
    /// [`Builder::refresh_search`] while it writes the pages (`docsite build`).
    pub index_later: bool,
    /// No rebuild follows (`docsite build`): the builder drops what it keeps for a rebuild
    /// (its caches; a versioned site's versions, each as soon as it is built, with their last
    /// output) and keeps only each page's text and data for [`Builder::refresh_search`].
    pub once: bool,
    /// How many bytes of twins a build that streams its pages keeps for `llms-full.txt`;
    /// it reads the others back from the written output. `None`: 32 MiB.
    pub held_twins_max: Option<usize>,
}
