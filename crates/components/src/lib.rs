//! Site components in React: the `.jsx`/`.tsx`/`.js`/`.ts` files and packages a site's pages
//! import, rendered to HTML at build time and hydrated in the browser as islands.
//!
//! One direction: [`resolve`] finds a module, [`transform`] (oxc) turns TypeScript and JSX into
//! JavaScript, [`esm`] rewrites imports and exports for the registry both sides run
//! (`web/src/islands/registry.ts`), [`bundle`] gathers every file the components reach (and
//! their stylesheets, [`css`]); [`runtime`] runs the app's server script and the modules in
//! QuickJS; [`props`] and [`tree`] turn a use's attributes and MDX children into the JSON the
//! server and the browser both build React elements from; [`islands`] puts it together.

pub mod bundle;
pub mod cache;
pub mod css;
pub mod esm;
pub mod islands;
pub mod props;
pub mod resolve;
pub mod runtime;
pub mod text;
pub mod transform;
pub mod tree;

pub use cache::{AnyRoute, RenderCache};
pub use islands::{Components, RenderedIsland, UseError};
pub use runtime::Limits;

use sha2::{Digest, Sha256};

/// The React major version of the app (`web/package.json`), which site components share.
pub const REACT_MAJOR: u64 = 19;

/// Hex SHA-256 of `bytes`, for content-hashed file names.
pub fn hash_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    /// Site components run on the app's React: the major version checked against a site's
    /// `package.json` must be the one `web/package.json` installs.
    #[test]
    fn react_major_is_the_apps() {
        let manifest = include_str!("../../../web/package.json");
        let json: serde_json::Value = serde_json::from_str(manifest).unwrap();
        let spec = json["dependencies"]["react"].as_str().unwrap();
        let major: u64 = spec
            .trim_start_matches('^')
            .split('.')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(major, super::REACT_MAJOR);
    }
}
