//! The web page: its entry point (called when `index.html` loads the module), the address
//! bar (what it asks for at the start, and following the app's state), and the test hook
//! `window.loadlab`:
//!
//! - `ready`: true once the first frame is drawn;
//! - `report()`: what `loadlab eval --link <link()> --json` prints;
//! - `link()`: the current share link;
//! - `open(text)`: opens a link or `lesson=NAME&step=K`, as the address would;
//! - `state()`: JSON of what the page shows (`step`, `lesson`, `lesson_step` and
//!   `lesson_steps`: where a lesson is and how many steps it has, `hidden`: a question's
//!   answer is hidden, `embedded`, `busy`: a job runs, `ready_ms`: the first
//!   frame, `slice_max_ms`: the longest time background work held the page, `alt`: the
//!   canvas's alt text, the picture's description; `column`: the stage is a phone's column,
//!   `drawer`: where the stage's drawer is, `[left, top, right, bottom]` in points, or null;
//!   `points`: the page's room `[width, height]` in points; `ppp`: device pixels per point);
//! - `view(name)` (`workspace`, `map`, `compare`), `mapPoints(n)` (an n × n map),
//!   `mapAxes(x, y)` (the front model's map axes, as `loadlab map`'s `--x` and `--y`) and
//!   `cancel()` (the status bar's Cancel), for the timing and Cancel tests; `map()`: the Map
//!   view's JSON once every cell is in (what `loadlab map … --json` prints), else "".

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::platform::address::{self, Target};
use crate::platform::clock::{Duration, Instant};
use crate::ui::app::LoadlabApp;
use crate::ui::commands::{Cmd, View};

/// The id of the page's canvas (`index.html`).
const CANVAS: &str = "loadlab_canvas";

/// Changes closer together than this make one entry in the browser's history (a slider
/// drag is one step back, not sixty).
const GROUP: Duration = Duration::from_millis(1000);

/// What the page asks the app to do at its next frame.
enum Ask {
    /// Open an address fragment (from `open()`, Back and Forward, or an edited address).
    Open(String),
    /// Show a view.
    View(String),
    /// Set the map's points per axis.
    MapPoints(usize),
    /// Set the front model's map axes.
    MapAxes(String, String),
    /// Cancel the running jobs.
    Cancel,
}

/// What the page's callbacks and the app share.
#[derive(Default)]
struct Hook {
    /// The current share link.
    link: String,
    /// `state()`'s JSON.
    state: String,
    /// `map()`'s JSON.
    map: String,
    asks: Vec<Ask>,
    ctx: Option<egui::Context>,
}

type Shared = Rc<RefCell<Hook>>;

/// Starts the app on the page's canvas.
#[wasm_bindgen(start)]
pub fn start() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let address = address::parse(
        &location.search().unwrap_or_default(),
        &location.hash().unwrap_or_default(),
    );
    let hook: Shared = Rc::default();
    install_hook(&window, &hook);
    claim_shortcuts(&window);
    wasm_bindgen_futures::spawn_local(async move {
        let Some(document) = window.document() else {
            return;
        };
        let Some(canvas) = document
            .get_element_by_id(CANVAS)
            .and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            return;
        };
        without_multisampling(&canvas);
        let h = Rc::clone(&hook);
        let started = eframe::WebRunner::new()
            .start(
                canvas,
                eframe::WebOptions::default(),
                Box::new(move |cc| {
                    h.borrow_mut().ctx = Some(cc.egui_ctx.clone());
                    Ok(Box::new(Page::new(LoadlabApp::new(cc, None), &address, h)))
                }),
            )
            .await;
        if let Some(loading) = document.get_element_by_id("loading") {
            match started {
                Ok(()) => loading.remove(),
                Err(e) => loading.set_text_content(Some(&format!(
                    "loadlab could not start: {}",
                    e.as_string().unwrap_or_else(|| format!("{e:?}"))
                ))),
            }
        }
    });
}

/// Cancels the browser's own action for the app's function-key and Ctrl shortcuts
/// ([`crate::ui::commands::claims_browser_key`]): F5 is presenter mode, not a reload. The
/// listener runs first (capture) and leaves the event to go on to the app.
fn claim_shortcuts(window: &web_sys::Window) {
    let keydown = Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(|e: web_sys::KeyboardEvent| {
        let modifiers = egui::Modifiers {
            alt: e.alt_key(),
            ctrl: e.ctrl_key(),
            shift: e.shift_key(),
            mac_cmd: e.meta_key(),
            command: e.ctrl_key() || e.meta_key(),
        };
        if crate::ui::commands::claims_browser_key(&e.key(), modifiers) {
            e.prevent_default();
        }
    });
    let _ = window.add_event_listener_with_callback_and_bool(
        "keydown",
        keydown.as_ref().unchecked_ref(),
        true,
    );
    keydown.forget();
}

/// Sets `window.loadlab` and follows Back, Forward and edits of the address.
fn install_hook(window: &web_sys::Window, hook: &Shared) {
    let obj = js_sys::Object::new();
    let set = |name: &str, value: &JsValue| {
        let _ = js_sys::Reflect::set(&obj, &JsValue::from_str(name), value);
    };
    set("ready", &JsValue::FALSE);
    // The getters: each reads one string of the hook's state.
    let getter = |name: &str, read: fn(&Hook) -> String| {
        let h = Rc::clone(hook);
        let get = Closure::<dyn Fn() -> String>::new(move || read(&h.borrow()));
        set(name, get.as_ref());
        get.forget();
    };
    getter("report", |h| report(&h.link));
    getter("link", |h| h.link.clone());
    getter("state", |h| h.state.clone());
    getter("map", |h| h.map.clone());
    let h = Rc::clone(hook);
    let open = Closure::<dyn Fn(String)>::new(move |text: String| ask(&h, Ask::Open(text)));
    set("open", open.as_ref());
    open.forget();
    let h = Rc::clone(hook);
    let view = Closure::<dyn Fn(String)>::new(move |name: String| ask(&h, Ask::View(name)));
    set("view", view.as_ref());
    view.forget();
    let h = Rc::clone(hook);
    let points = Closure::<dyn Fn(u32)>::new(move |n: u32| ask(&h, Ask::MapPoints(n as usize)));
    set("mapPoints", points.as_ref());
    points.forget();
    let h = Rc::clone(hook);
    let axes = Closure::<dyn Fn(String, String)>::new(move |x, y| ask(&h, Ask::MapAxes(x, y)));
    set("mapAxes", axes.as_ref());
    axes.forget();
    let h = Rc::clone(hook);
    let cancel = Closure::<dyn Fn()>::new(move || ask(&h, Ask::Cancel));
    set("cancel", cancel.as_ref());
    cancel.forget();
    let _ = js_sys::Reflect::set(window, &JsValue::from_str("loadlab"), &obj);
    let h = Rc::clone(hook);
    let moved = Closure::<dyn Fn()>::new(move || {
        if let Some(hash) = web_sys::window().and_then(|w| w.location().hash().ok()) {
            ask(&h, Ask::Open(hash));
        }
    });
    for event in ["popstate", "hashchange"] {
        let _ = window.add_event_listener_with_callback(event, moved.as_ref().unchecked_ref());
    }
    moved.forget();
}

/// Creates the canvas's WebGL 2 context without multisampling, before eframe asks for it (a
/// canvas keeps the context first made, whatever a later request asks). egui anti-aliases its
/// shapes itself, as on the desktop (whose window has no multisampling); WebGL's default is a
/// 4x multisampled drawing buffer, which a browser that renders WebGL in software pays for in
/// every frame: measured in headless Chromium (SwiftShader) at 1280 × 720, a frame took
/// 130 ms with it and 60 ms without, and while a map's web workers kept both cores busy,
/// 300-550 ms with it and 100-180 ms without.
fn without_multisampling(canvas: &web_sys::HtmlCanvasElement) {
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"antialias".into(), &JsValue::FALSE);
    let _ = canvas.get_context_with_context_options("webgl2", &options);
}

/// Queues `what` for the next frame.
fn ask(hook: &Shared, what: Ask) {
    let mut h = hook.borrow_mut();
    h.asks.push(what);
    if let Some(ctx) = &h.ctx {
        ctx.request_repaint();
    }
}

/// What `loadlab eval --link LINK --json` prints (or its `error:` line).
fn report(link: &str) -> String {
    use clap::Parser;
    let args = ["loadlab", "eval", "--link", link, "--json"];
    let out = match crate::cli::Cli::try_parse_from(args) {
        Ok(crate::cli::Cli {
            command: Some(cmd), ..
        }) => crate::cli::execute(&cmd).map_err(|e| e.to_string()),
        Ok(_) => Err("no command".into()),
        Err(e) => Err(e.to_string()),
    };
    out.unwrap_or_else(|e| format!("error: {e}"))
}

/// The app, with the page around it.
struct Page {
    app: LoadlabApp,
    hook: Shared,
    /// The fragment the address bar shows.
    shown: String,
    /// When the address last changed.
    changed: Option<Instant>,
    /// When the first frame was drawn (ms since the page began to load).
    ready_ms: Option<f64>,
    embedded: bool,
    /// The longest time background work held the page without a pause, in ms.
    slice_max_ms: f64,
    /// The canvas's alt text: the picture's description (Describe the picture), so a screen
    /// reader that sees only the page reads what the picture shows.
    alt: String,
    /// The request of the map `map()` gives.
    map_shown: Option<crate::report::map::MapRequest>,
}

impl Page {
    fn new(mut app: LoadlabApp, address: &address::Address, hook: Shared) -> Page {
        if address.embed {
            app.embed();
        }
        let mut page = Page {
            app,
            hook,
            shown: String::new(),
            changed: None,
            ready_ms: None,
            embedded: address.embed,
            slice_max_ms: 0.0,
            alt: String::new(),
            map_shown: None,
        };
        page.open(&address.target);
        page
    }

    /// Opens what an address names; a wrong address is said in the status bar.
    fn open(&mut self, target: &Target) {
        let playing = self
            .app
            .lesson_player()
            .map(|p| (p.lesson().name.clone(), p.index()));
        let playing = playing.as_ref().map(|(n, i)| (n.as_str(), *i));
        match address::commands(target, playing) {
            Ok(cmds) => {
                // (A lesson the last session left at this step gives no command.)
                if !cmds.is_empty() || *target != Target::Nothing {
                    self.app.skip_welcome();
                }
                for c in cmds {
                    self.app.send(c);
                }
            }
            Err(e) => self.app.show_error(format!("The page's address: {e}")),
        }
    }

    /// Shows the app's state in the address bar.
    fn follow(&mut self) {
        let shared = self.app.link();
        let link = shared.encode();
        let lesson = self
            .app
            .teach()
            .player()
            .map(|p| (p.lesson().name.clone(), p.index()));
        let fragment = address::fragment(&link, lesson.as_ref().map(|(n, i)| (n.as_str(), *i)));
        self.hook.borrow_mut().link = link;
        self.publish_state(shared.step);
        if fragment == self.shown {
            return;
        }
        let Ok(history) = web_sys::window().map_or(Err(JsValue::NULL), |w| w.history()) else {
            return;
        };
        let now = Instant::now();
        let grouped =
            self.shown.is_empty() || self.changed.is_some_and(|t| now.duration_since(t) < GROUP);
        let _ = if grouped {
            history.replace_state_with_url(&JsValue::NULL, "", Some(&fragment))
        } else {
            history.push_state_with_url(&JsValue::NULL, "", Some(&fragment))
        };
        self.changed = Some(now);
        self.shown = fragment;
    }
}

impl Page {
    /// Carries out what the page asked for since the last frame.
    fn asked(&mut self) {
        let asks = std::mem::take(&mut self.hook.borrow_mut().asks);
        for a in asks {
            match a {
                Ask::Open(text) => {
                    let text = format!("#{}", text.trim_start_matches('#'));
                    if text != self.shown {
                        self.open(&address::parse("", &text).target);
                    }
                }
                Ask::View(name) => match name.as_str() {
                    "workspace" => self.app.send(Cmd::View(View::Workspace)),
                    "map" => self.app.send(Cmd::View(View::Map)),
                    "compare" => self.app.send(Cmd::View(View::Compare)),
                    _ => self.app.show_error(format!("no view {name:?}")),
                },
                Ask::MapPoints(n) => self.app.map_view().set_points(n),
                Ask::MapAxes(x, y) => {
                    if let Err(e) = self.app.set_map_axes(&x, &y) {
                        self.app.show_error(format!("mapAxes: {e}"));
                    }
                }
                Ask::Cancel => self.app.send(Cmd::CancelJobs),
            }
        }
    }

    /// `state()`'s JSON.
    fn publish_state(&mut self, step: usize) {
        self.slice_max_ms = self
            .slice_max_ms
            .max(crate::platform::work::longest_slice_ms());
        let player = self.app.teach().player();
        let lesson = player.map(|p| p.lesson().name.clone());
        let lesson_step = player.map(|p| p.index() + 1);
        let lesson_steps = player.map(|p| p.lesson().steps.len());
        let (hidden, column, points, ppp) =
            self.hook
                .borrow()
                .ctx
                .as_ref()
                .map_or((false, false, [0.0; 2], 0.0), |c| {
                    let hidden = crate::ui::frame::secret(c).is_some();
                    let room = c.content_rect().size();
                    let column = crate::ui::frame::in_column(c);
                    (hidden, column, [room.x, room.y], c.pixels_per_point())
                });
        let drawer = self
            .app
            .drawer_rect()
            .map(|r| [r.left(), r.top(), r.right(), r.bottom()]);
        let state = serde_json::json!({
            "step": step,
            "lesson": lesson,
            "lesson_step": lesson_step,
            "lesson_steps": lesson_steps,
            "hidden": hidden,
            "embedded": self.embedded,
            "busy": self.app.busy(),
            "ready_ms": self.ready_ms,
            "slice_max_ms": self.slice_max_ms,
            "alt": self.alt,
            "column": column,
            "drawer": drawer,
            "points": points,
            "ppp": ppp,
        });
        self.hook.borrow_mut().state = state.to_string();
        self.publish_map();
    }

    /// `map()`'s JSON, written once per finished map.
    fn publish_map(&mut self) {
        let view = self.app.map_view();
        let finished = if view.busy() { None } else { view.finished() };
        let Some((request, plan, grid)) = finished else {
            self.map_shown = None;
            self.hook.borrow_mut().map.clear();
            return;
        };
        if self.map_shown.as_ref() != Some(request) {
            self.map_shown = Some(request.clone());
            self.hook.borrow_mut().map = plan.json(grid).to_string();
        }
    }
}

impl Page {
    /// Sets the canvas's `aria-label` to the description of the picture drawn in this frame
    /// when it changed (with the plots in front it told an earlier step's picture).
    fn describe_canvas(&mut self, ctx: &egui::Context) {
        let text = crate::ui::widgets::describe::this_frame(ctx)
            .unwrap_or_else(|| crate::ui::widgets::describe::NOTHING_DRAWN.to_owned());
        if text == self.alt {
            return;
        }
        if let Some(canvas) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(CANVAS))
        {
            let _ = canvas.set_attribute("aria-label", &text);
        }
        self.alt = text;
    }
}

/// Milliseconds since the page began to load.
fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

impl eframe::App for Page {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        self.asked();
        eframe::App::ui(&mut self.app, ui, frame);
        let first = self.ready_ms.is_none();
        if first {
            self.ready_ms = Some(now_ms());
        }
        self.describe_canvas(ui.ctx());
        self.follow();
        if first
            && let Some(obj) = web_sys::window()
                .and_then(|w| js_sys::Reflect::get(&w, &JsValue::from_str("loadlab")).ok())
        {
            let _ = js_sys::Reflect::set(&obj, &JsValue::from_str("ready"), &JsValue::TRUE);
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::App::save(&mut self.app, storage);
    }

    /// Every two seconds of use, not eframe's thirty: eframe 0.37 listens for
    /// "onbeforeunload", an event name the browser never fires, so a page closed or reloaded
    /// is never saved on the way out, and a reply or move made in the last half-minute was
    /// lost. (Saving writes a few kilobytes to local storage.)
    fn auto_save_interval(&self) -> std::time::Duration {
        std::time::Duration::from_secs(2)
    }
}
