//! The reading app's types are generated from the model, so the two halves cannot drift. This
//! test writes the TypeScript of every contract type and fails when the committed file
//! differs; `UPDATE_CONTRACT=1 cargo test -p docsite-core --test typescript_contract` rewrites it.

use docsite_core::model::{
    Card, CardProps, Category, Crumb, ExternalVersion, Footer, FooterLink, HtmlItem, LastUpdated,
    Link, Logo, NavLink, NavbarItem, PageData, PageEntry, SidebarItem, SiteData, TocItem,
    VersionEntry, VersionMenu, VersionMeta,
};
use std::path::PathBuf;
use ts_rs::{Config, TS};

const HEADER: &str = "// Generated from crates/core/src/model.rs by the `typescript_contract` test: do not edit.\n// Change the Rust structs, then run\n//   UPDATE_CONTRACT=1 cargo test -p docsite-core --test typescript_contract\n\n/* eslint-disable */\n\nexport type CustomProps = Record<string, unknown>;\n";

fn contract() -> String {
    let cfg = Config::default();
    let decls = [
        SidebarItem::decl(&cfg),
        Category::decl(&cfg),
        Link::decl(&cfg),
        HtmlItem::decl(&cfg),
        NavbarItem::decl(&cfg),
        VersionMeta::decl(&cfg),
        VersionEntry::decl(&cfg),
        ExternalVersion::decl(&cfg),
        VersionMenu::decl(&cfg),
        FooterLink::decl(&cfg),
        Footer::decl(&cfg),
        Logo::decl(&cfg),
        SiteData::decl(&cfg),
        TocItem::decl(&cfg),
        NavLink::decl(&cfg),
        Crumb::decl(&cfg),
        Card::decl(&cfg),
        CardProps::decl(&cfg),
        LastUpdated::decl(&cfg),
        PageData::decl(&cfg),
        PageEntry::decl(&cfg),
    ];
    let mut out = HEADER.to_string();
    for decl in decls {
        out.push_str("\nexport ");
        out.push_str(&decl);
        out.push('\n');
    }
    out
}

fn committed_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/src/contract.generated.ts")
}

#[test]
fn generated_typescript_matches_the_committed_file() {
    let path = committed_path();
    let fresh = contract();
    if std::env::var_os("UPDATE_CONTRACT").is_some() {
        std::fs::write(&path, &fresh).expect("write the contract");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "web/src/contract.generated.ts is out of date with crates/core/src/model.rs; regenerate it with\n  UPDATE_CONTRACT=1 cargo test -p docsite-core --test typescript_contract"
    );
}

#[test]
fn optional_fields_are_optional_in_typescript() {
    let ts = contract();
    // Fields the engine leaves out when empty must be optional, or the app would trust them.
    assert!(ts.contains("itemsOmitted?: boolean"), "{ts}");
    assert!(ts.contains("sidebar?: string"), "{ts}");
    // A field that is always present (null when inlined) stays required.
    assert!(ts.contains("html: string | null"), "{ts}");
}
