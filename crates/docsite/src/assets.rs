//! The built reading app: from `--web-dist` when given, else embedded in the binary at compile
//! time (in debug builds rust-embed reads `web/dist` from disk instead).

use docsite_engine::frontend::Frontend;
use std::path::Path;

#[derive(rust_embed::RustEmbed)]
#[folder = "$CARGO_MANIFEST_DIR/../../web/dist"]
#[allow_missing = true]
struct WebDist;

pub fn frontend(web_dist: Option<&Path>) -> std::io::Result<Frontend> {
    let files = match web_dist {
        Some(dir) => read_dir(dir)?,
        None => WebDist::iter()
            .filter_map(|name| WebDist::get(&name).map(|f| (name.to_string(), f.data.into_owned())))
            .collect(),
    };
    Ok(Frontend::from_files(files))
}

fn read_dir(dir: &Path) -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path
                    .strip_prefix(dir)
                    .unwrap_or(&path)
                    .to_string_lossy()
                    .replace('\\', "/");
                files.push((rel, std::fs::read(&path)?));
            }
        }
    }
    Ok(files)
}
