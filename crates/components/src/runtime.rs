//! The embedded JavaScript engine (QuickJS, through rquickjs) that renders site components:
//! the app's server script (`web/dist/.islands/server.js`: React's `renderToString` and the
//! shims) evaluated once, the site's modules defined in it, then one call per island. A time
//! limit (an interrupt handler) and a memory limit stop a component that runs away.

use rquickjs::context::EvalOptions;
use rquickjs::{CaughtError, Context, Function, Object, Runtime};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How much a build's component rendering may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub time: Duration,
    pub memory_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time: Duration::from_secs(60),
            memory_bytes: 512 << 20,
        }
    }
}

/// An error thrown by JavaScript: its message, the stack of calls and, for an error thrown
/// while React rendered, React's component stack (`\n    in Inner\n    in Broken`…, the
/// innermost first; see `web/src/islands/server.ts`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ScriptError {
    pub message: String,
    pub stack: String,
    pub components: String,
}

/// The name the app's server script runs under, as stacks show it.
pub const SERVER_SCRIPT_NAME: &str = "docsite-islands-server.js";

pub struct Engine {
    // Field order: the context must go before its runtime.
    context: Context,
    _runtime: Runtime,
    deadline: Arc<Mutex<Instant>>,
    limits: Limits,
    /// Each module defined in it: id → the hash of its definition.
    defined: HashMap<String, String>,
}

impl Engine {
    /// Loads the server script and defines `modules` (module id → a `define` argument).
    pub fn new(
        server_script: &str,
        modules: &[(String, String)],
        limits: Limits,
    ) -> Result<Self, ScriptError> {
        let runtime = Runtime::new().map_err(plain)?;
        runtime.set_memory_limit(limits.memory_bytes);
        runtime.set_max_stack_size(4 << 20);
        let deadline = Arc::new(Mutex::new(Instant::now() + limits.time));
        let watch = deadline.clone();
        runtime.set_interrupt_handler(Some(Box::new(move || {
            Instant::now() > *watch.lock().expect("deadline lock")
        })));
        let context = Context::full(&runtime).map_err(plain)?;
        let mut engine = Engine {
            context,
            _runtime: runtime,
            deadline,
            limits,
            defined: HashMap::new(),
        };
        engine.eval(SERVER_SCRIPT_NAME, server_script)?;
        engine.define_missing(modules)?;
        Ok(engine)
    }

    /// Defines the modules it lacks; false, and nothing defined, when it holds one of them
    /// with other code (the registry keeps the first definition of a module).
    pub fn define_missing(&mut self, modules: &[(String, String)]) -> Result<bool, ScriptError> {
        let hashes: Vec<String> = modules
            .iter()
            .map(|(_, definition)| crate::hash_hex(definition.as_bytes()))
            .collect();
        let differs = modules
            .iter()
            .zip(&hashes)
            .any(|((id, _), hash)| self.defined.get(id).is_some_and(|h| h != hash));
        if differs {
            return Ok(false);
        }
        for ((id, definition), hash) in modules.iter().zip(hashes) {
            if self.defined.contains_key(id) {
                continue;
            }
            let code = format!("globalThis.__docsiteServer.define({definition});");
            self.eval(id, &code)?;
            self.defined.insert(id.clone(), hash);
        }
        Ok(true)
    }

    fn eval(&self, filename: &str, code: &str) -> Result<(), ScriptError> {
        self.context.with(|ctx| {
            let mut options = EvalOptions::default();
            options.global = true;
            options.strict = false;
            options.filename = Some(filename.to_string());
            let result: rquickjs::Result<()> = ctx.eval_with_options(code, options);
            CaughtError::catch(&ctx, result).map_err(|e| self.caught(e))
        })
    }

    /// Renders one island from its JSON data; the time limit counts from the engine's start.
    pub fn render(&self, data: &str) -> Result<String, ScriptError> {
        self.context.with(|ctx| {
            let run = || -> rquickjs::Result<String> {
                let server: Object = ctx.globals().get("__docsiteServer")?;
                let render: Function = server.get("render")?;
                render.call((data,))
            };
            CaughtError::catch(&ctx, run()).map_err(|e| self.caught(e))
        })
    }

    /// Whether the last render read the page's route (`useLocation`).
    pub fn route_read(&self) -> bool {
        self.context.with(|ctx| {
            let read = || -> rquickjs::Result<bool> {
                let server: Object = ctx.globals().get("__docsiteServer")?;
                let read: Function = server.get("routeRead")?;
                read.call(())
            };
            // An older server script without the function: count the route as read.
            read().unwrap_or(true)
        })
    }

    /// Starts the time limit again (a new build with the same engine).
    pub fn restart_clock(&self) {
        *self.deadline.lock().expect("deadline lock") = Instant::now() + self.limits.time;
    }

    fn caught(&self, e: CaughtError) -> ScriptError {
        let timed_out = Instant::now() > *self.deadline.lock().expect("deadline lock");
        match e {
            _ if timed_out => ScriptError {
                message: format!(
                    "site components ran past the time limit of {} s (`components.timeLimitSeconds` in site.yaml)",
                    self.limits.time.as_secs()
                ),
                ..Default::default()
            },
            CaughtError::Exception(ex) => {
                let message = ex.message().unwrap_or_default();
                let message = if message.contains("out of memory") {
                    format!(
                        "site components ran out of memory (limit {} MiB, `components.memoryLimitMb` in site.yaml)",
                        self.limits.memory_bytes >> 20
                    )
                } else {
                    message
                };
                ScriptError {
                    message,
                    stack: ex.stack().unwrap_or_default(),
                    components: ex
                        .as_object()
                        .get::<_, Option<String>>("componentStack")
                        .ok()
                        .flatten()
                        .unwrap_or_default(),
                }
            }
            CaughtError::Value(v) => ScriptError {
                message: format!("a component threw {v:?}"),
                ..Default::default()
            },
            CaughtError::Error(rquickjs::Error::Allocation) => ScriptError {
                message: format!(
                    "site components ran out of memory (limit {} MiB, `components.memoryLimitMb` in site.yaml)",
                    self.limits.memory_bytes >> 20
                ),
                ..Default::default()
            },
            CaughtError::Error(e) => plain(e),
        }
    }
}

fn plain(e: rquickjs::Error) -> ScriptError {
    ScriptError {
        message: e.to_string(),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::{Engine, Limits};

    /// A server script whose registry keeps the first definition of a module, as the app's
    /// does, and whose render lists the modules defined.
    const SCRIPT: &str = "const defs = {}; globalThis.__docsiteServer = { \
        define(m) { for (const k in m) if (!(k in defs)) defs[k] = m[k]; }, \
        render() { return JSON.stringify(defs); } };";

    fn modules(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(id, def)| (id.to_string(), format!("{{\"{id}\": {def}}}")))
            .collect()
    }

    #[test]
    fn an_engine_takes_new_modules_but_not_other_code_for_its_own() {
        let mut engine = Engine::new(SCRIPT, &modules(&[("a", "1")]), Limits::default()).unwrap();
        assert_eq!(
            engine.define_missing(&modules(&[("a", "1"), ("b", "2")])),
            Ok(true)
        );
        assert_eq!(engine.render("{}").unwrap(), r#"{"a":1,"b":2}"#);
        assert_eq!(
            engine.define_missing(&modules(&[("c", "3"), ("a", "9")])),
            Ok(false),
            "`a` has other code: the engine cannot render it"
        );
        assert_eq!(
            engine.render("{}").unwrap(),
            r#"{"a":1,"b":2}"#,
            "nothing defined"
        );
    }
}
