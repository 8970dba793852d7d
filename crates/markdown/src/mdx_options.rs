//! How markdown-rs reads a page: MDX with GFM's extensions. The fast path's tests compare
//! against the same reading.

use markdown::{Constructs, ParseOptions};

pub(crate) fn parse_options() -> ParseOptions {
    ParseOptions {
        constructs: Constructs {
            gfm_autolink_literal: true,
            gfm_footnote_definition: true,
            gfm_label_start_footnote: true,
            gfm_strikethrough: true,
            gfm_table: true,
            gfm_task_list_item: true,
            ..Constructs::mdx()
        },
        // Any `import`/`export` block is accepted: such lines are dropped, never run.
        mdx_esm_parse: Some(Box::new(|_| markdown::MdxSignal::Ok)),
        ..ParseOptions::mdx()
    }
}
