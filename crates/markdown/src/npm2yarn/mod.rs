//! ```` ```bash npm2yarn ```` blocks as Docusaurus's npm2yarn plugin shows them: one tab per
//! package manager, the npm command converted by the rules of `npm-to-yarn` (the library the
//! plugin uses): `npm install x` is `yarn add x`, `pnpm add x`, `bun add x`; `npm run build`
//! is `yarn build`; a command it cannot convert is kept with a comment saying so.

/// The package managers a block is converted to, after npm: their tab value and label.
pub const MANAGERS: &[(&str, &str)] = &[("yarn", "Yarn"), ("pnpm", "pnpm"), ("bun", "Bun")];

/// The label of a tab: npm's own, or a converter's.
pub fn label(value: &str) -> &str {
    MANAGERS
        .iter()
        .find(|(v, _)| *v == value)
        .map_or(value, |(_, l)| l)
}

/// The tabs of a block: `npm` with the code as written, then each of `converters` (names of
/// [`MANAGERS`]) with the code converted.
pub fn tabs(code: &str, converters: &[String]) -> Vec<(String, String)> {
    let mut out = vec![("npm".to_string(), code.to_string())];
    out.extend(converters.iter().map(|c| (c.clone(), convert(code, c))));
    out
}

/// `code` for package manager `to` (`yarn`, `pnpm` or `bun`).
pub fn convert(code: &str, to: &str) -> String {
    if let Some(at) = code.find("npx") {
        let executor = match to {
            "yarn" => "yarn dlx",
            "pnpm" => "pnpm dlx",
            _ => "bun x",
        };
        return format!("{}{executor}{}", &code[..at], &code[at + 3..]);
    }
    // Each `npm` and the rest of its command, up to `&` or the end of the line.
    let mut out = String::with_capacity(code.len() + 16);
    let mut rest = code;
    while let Some(at) = rest.find("npm") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 3..];
        let command_len = if after.starts_with(' ') {
            after.find(['&', '\n', '\r']).unwrap_or(after.len())
        } else {
            0
        };
        out.push_str(&convert_one(after[..command_len].trim(), to));
        rest = &after[command_len..];
    }
    out.push_str(rest);
    out
}

const CANNOT: &str = "\n# couldn't auto-convert command";

fn convert_one(command: &str, to: &str) -> String {
    let mut args: Vec<String> = command.split_ascii_whitespace().map(String::from).collect();
    if to != "pnpm" {
        if let Some(i) = args.iter().position(|a| a == "--") {
            args.remove(i);
        }
    }
    let converted = match to {
        "yarn" => yarn(args),
        "pnpm" => pnpm(args),
        _ => bun(args),
    };
    match converted {
        Some((tool, args)) => {
            let args: Vec<String> = args.into_iter().filter(|a| !a.is_empty()).collect();
            let line = format!("{tool} {}", args.join(" "));
            // As the library does for Bun: its first `=` becomes a space (`--depth=1`).
            if to == "bun" {
                line.replacen('=', " ", 1)
            } else {
                line
            }
        }
        None if to == "yarn" => format!("yarn {command}{CANNOT}"),
        None => format!("npm {command}{CANNOT}"),
    }
}

const YARN_UNCHANGED: &[&str] = &[
    "test", "login", "logout", "link", "unlink", "publish", "cache", "start", "stop",
];
const YARN_COMMANDS: &[&str] = &[
    "init",
    "run",
    "add",
    "audit",
    "autoclean",
    "bin",
    "check",
    "config",
    "create",
    "dedupe",
    "generate-lock-entry",
    "global",
    "help",
    "import",
    "info",
    "install",
    "licenses",
    "list",
    "lockfile",
    "outdated",
    "owner",
    "pack",
    "policies",
    "prune",
    "remove",
    "self-update",
    "tag",
    "team",
    "unlink",
    "upgrade",
    "upgrade-interactive",
    "version",
    "versions",
    "why",
    "workspace",
    "workspaces",
];

fn yarn_install_args(mut args: Vec<String>) -> Vec<String> {
    if args.iter().any(|a| a == "--global" || a == "-g") {
        args.insert(0, "global".into());
    }
    args.into_iter()
        .map(|a| match a.as_str() {
            "--save-dev" | "-D" => "--dev".into(),
            "--save-prod" | "-P" => "--production".into(),
            "--no-package-lock" => "--no-lockfile".into(),
            "--save-optional" | "-O" => "--optional".into(),
            "--save-exact" | "-E" => "--exact".into(),
            "--save" | "-S" | "--global" | "-g" => String::new(),
            _ => a,
        })
        .collect()
}

fn yarn(mut args: Vec<String>) -> Option<(&'static str, Vec<String>)> {
    let first = args.first()?.clone();
    if YARN_UNCHANGED.contains(&first.as_str()) {
        return Some(("yarn", args));
    }
    let args = match first.as_str() {
        "install" | "i" if args.len() == 1 => vec!["install".into()],
        "install" | "i" => {
            args[0] = "add".into();
            yarn_install_args(args)
        }
        "uninstall" | "remove" | "un" | "r" | "rm" => {
            args[0] = "remove".into();
            yarn_install_args(args)
        }
        "version" => args
            .into_iter()
            .map(|a| match a.as_str() {
                "major" | "minor" | "patch" => format!("--{a}"),
                _ => a,
            })
            .collect(),
        "rb" | "rebuild" => {
            args[0] = "add".into();
            args.push("--force".into());
            args
        }
        "run" | "exec" => {
            args[0] = "run".into();
            let script = args.get(1).map(String::as_str).unwrap_or("");
            if !script.is_empty()
                && !YARN_UNCHANGED.contains(&script)
                && !YARN_COMMANDS.contains(&script)
            {
                args.remove(0);
            }
            args
        }
        "ls" | "list" => {
            args[0] = "list".into();
            let packages: Vec<String> = args[1..]
                .iter()
                .take_while(|a| !a.starts_with('-'))
                .cloned()
                .collect();
            if !packages.is_empty() {
                let pattern = format!("\"{}\"", packages.join("|"));
                args.splice(1..1 + packages.len(), ["--pattern".to_string(), pattern]);
            }
            args
        }
        "init" => init(args),
        _ => return None,
    };
    Some(("yarn", args))
}

/// `npm init x` is `create x`; `--scope` goes.
fn init(mut args: Vec<String>) -> Vec<String> {
    if args.get(1).is_some_and(|a| !a.starts_with('-')) {
        args[0] = "create".into();
    }
    args.retain(|a| a != "--scope");
    args
}

/// pnpm names the packages of `rebuild` and `unlink` with `--filter`.
fn pnpm_filter(args: Vec<String>) -> Vec<String> {
    let (named, mut kept): (Vec<String>, Vec<String>) = (
        args[1..]
            .iter()
            .filter(|a| !a.starts_with('-'))
            .cloned()
            .collect(),
        std::iter::once(args[0].clone())
            .chain(args[1..].iter().filter(|a| a.starts_with('-')).cloned())
            .collect(),
    );
    if named.is_empty() {
        return args;
    }
    kept.push("--filter".into());
    kept.push(named.join(" "));
    kept
}

fn pnpm(mut args: Vec<String>) -> Option<(&'static str, Vec<String>)> {
    let first = args.first()?.clone();
    let save_args = |args: Vec<String>| -> Vec<String> {
        args.into_iter()
            .map(|a| match a.as_str() {
                "--save" | "-S" => String::new(),
                "--no-package-lock" => "--frozen-lockfile".into(),
                _ => a,
            })
            .collect()
    };
    let args = match first.as_str() {
        "install" | "i" => {
            if args.iter().filter(|a| !a.starts_with('-')).count() > 1 {
                args[0] = "add".into();
            }
            save_args(args)
        }
        "uninstall" | "un" | "remove" | "r" | "rm" => {
            args[0] = "remove".into();
            save_args(args)
        }
        "rb" | "rebuild" => {
            args[0] = "rebuild".into();
            pnpm_filter(args)
        }
        "unlink" => pnpm_filter(args),
        "ls" | "list" => args
            .into_iter()
            .map(|a| match a.as_str() {
                "--production" => "--prod".into(),
                "--development" => "--dev".into(),
                _ => match a.strip_prefix("--depth=") {
                    Some(d) => format!("--depth {d}"),
                    None => a,
                },
            })
            .collect(),
        "init" => init(args),
        "run" | "exec" | "link" | "start" | "outdated" | "pack" => args,
        "ln" => {
            args[0] = "link".into();
            args
        }
        "t" | "test" | "tst" => {
            args[0] = "test".into();
            args
        }
        _ => return None,
    };
    Some(("pnpm", args))
}

fn bun_install_args(args: Vec<String>) -> Vec<String> {
    args.into_iter()
        .map(|a| match a.as_str() {
            "--save-dev" | "--development" | "-D" => "--dev".into(),
            "--save-prod" | "-P" => "--production".into(),
            "--no-package-lock" => "--no-save".into(),
            "--save-optional" | "-O" => "--optional".into(),
            "--save-exact" | "-E" => "--exact".into(),
            "--save" | "-S" => String::new(),
            "--global" | "-g" => "--global".into(),
            _ => a,
        })
        .collect()
}

fn bun(mut args: Vec<String>) -> Option<(&'static str, Vec<String>)> {
    let first = args.first()?.clone();
    let mut tool = "bun";
    let args = match first.as_str() {
        "install" | "i" if args.len() == 1 => vec!["install".into()],
        "install" | "i" => {
            args[0] = "add".into();
            bun_install_args(args)
        }
        "uninstall" | "un" | "remove" | "r" | "rm" => {
            args[0] = "remove".into();
            bun_install_args(args)
        }
        "cache" if args.get(1).map(String::as_str) == Some("clean") => {
            vec!["pm".into(), "cache".into(), "rm".into()]
        }
        "rebuild" | "rb" => {
            args[0] = "add".into();
            args.push("--force".into());
            args
        }
        "run" | "stop" | "start" | "unlink" => args,
        "list" | "ls" => {
            let mut args = bun_install_args(args);
            args[0] = "ls".into();
            args.insert(0, "pm".into());
            args
        }
        "init" | "create" => match args.get(1).cloned() {
            Some(name) if name.starts_with('@') => {
                tool = "bunx";
                args[1] = name.replacen('/', "/create-", 1);
                args.split_off(1)
            }
            Some(name) if !name.starts_with('-') => {
                tool = "bunx";
                args[1] = format!("create-{name}");
                args.split_off(1)
            }
            Some(_) => {
                args[0] = "init".into();
                args
            }
            None => args,
        },
        "link" | "ln" => {
            let mut args = bun_install_args(args);
            args[0] = "link".into();
            args
        }
        "test" | "t" | "tst" => vec!["run".into(), "test".into()]
            .into_iter()
            .chain(args.into_iter().skip(1))
            .collect(),
        "exec" => {
            tool = "bunx";
            args.split_off(1)
        }
        _ => return None,
    };
    Some((tool, args))
}

#[cfg(test)]
mod tests;
