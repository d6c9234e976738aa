//! Files in the browser: what the user picks or drops is read into memory and held under a
//! path of its own (`/picked/NAME`, `/dropped/NAME`) that the app opens like any path; what
//! the app writes becomes a download named after the path's file name.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use wasm_bindgen::JsCast;

use super::{Ask, Choice, base_name};

thread_local! {
    /// Files read into memory, by the path the app knows them under.
    static HELD: RefCell<HashMap<PathBuf, Vec<u8>>> = RefCell::new(HashMap::new());
    /// Dropped files read and not yet handed to the app.
    static READY: RefCell<Vec<PathBuf>> = const { RefCell::new(Vec::new()) };
}

/// A path typed by hand names no file on a page: opening by path fails and saving goes to
/// the downloads whatever the path says, so the "… by path…" entries are not offered.
pub const TYPED_PATHS: bool = false;

/// A page reads no folder: the gradebook of a folder is the desktop's (and `loadlab grade`'s).
pub const FOLDERS: bool = false;

/// Keeps `bytes` under `/<folder>/<name>`; that path.
fn hold(folder: &str, name: &str, bytes: Vec<u8>) -> PathBuf {
    let path = PathBuf::from(format!("/{folder}")).join(base_name(Path::new(name)));
    HELD.with_borrow_mut(|h| h.insert(path.clone(), bytes));
    path
}

/// Opening: the browser's file picker (the file is read, then `done` gets its path). Saving:
/// no question — the file is downloaded under the suggested name when it is written.
pub fn choose(ask: Ask, done: impl FnOnce(Choice) + Send + 'static) {
    if let Some(name) = ask.save {
        done(Choice::Chosen(PathBuf::from(name)));
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let picked = rfd::AsyncFileDialog::new()
            .set_title(ask.title)
            .add_filter(ask.what, &[ask.ext])
            .pick_file()
            .await;
        done(match picked {
            Some(file) => {
                let bytes = file.read().await;
                Choice::Chosen(hold("picked", &file.file_name(), bytes))
            }
            None => Choice::Cancelled,
        });
    });
}

/// The bytes of a picked or dropped file.
pub fn held(path: &Path) -> Option<Vec<u8>> {
    HELD.with_borrow(|h| h.get(path).cloned())
}

/// Starts reading the files dropped in this frame; returns those read since the last call.
pub fn dropped(ctx: &egui::Context) -> Vec<PathBuf> {
    let files = ctx.input(|i| i.raw.dropped_files.clone());
    for file in files {
        let ctx = ctx.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let name = file.path().to_string_lossy().into_owned();
            if let Ok(bytes) = file.bytes_async().await {
                let path = hold("dropped", &name, bytes);
                READY.with_borrow_mut(|r| r.push(path));
                ctx.request_repaint();
            }
        });
    }
    READY.with_borrow_mut(std::mem::take)
}

/// Downloads `bytes` as a file named like `path`.
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    download(&base_name(path), bytes).map_err(std::io::Error::other)
}

/// Never: each file is a download of its own (the browser names a second one apart).
pub fn replaces(_path: &Path) -> bool {
    false
}

/// Never: a download has no folder.
pub fn missing_folder(_path: &Path) -> Option<&Path> {
    None
}

/// Nothing to create: each file is a download of its own.
pub fn create_dir_all(_dir: &Path) -> std::io::Result<()> {
    Ok(())
}

/// A download is whole or nothing.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write(path, bytes)
}

/// Offers `bytes` as a download called `name` (a link to a blob, clicked).
fn download(name: &str, bytes: &[u8]) -> Result<(), String> {
    let js = |e: wasm_bindgen::JsValue| format!("the browser refused the download: {e:?}");
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/octet-stream");
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(js)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(js)?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(js)?
        .dyn_into()
        .map_err(|_| "not an anchor".to_string())?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    // The click has started the download; the page may let the blob go after this task.
    let revoke = wasm_bindgen::closure::Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    if let Some(w) = web_sys::window() {
        let _ =
            w.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 1000);
    }
    Ok(())
}
