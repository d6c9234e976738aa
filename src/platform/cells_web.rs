//! The web's [`compute`]: a map's cells on the page's web workers (`loadlab-cells.js` keeps
//! the pool, `loadlab-worker.js` runs [`loadlab_map_cells`] in each).

use wasm_bindgen::prelude::*;

use super::{MapPlan, part, read_results, request_text};
use crate::model::map::CellResult;
use crate::model::{Cancelled, Progress};
use crate::platform::work::{can_wait_for_workers, wait_for_workers};

#[wasm_bindgen]
extern "C" {
    /// Hands the cells (`flat`: x, y, x, y, …) to the workers in parts of `part` cells; the
    /// job's id, or 0 when the page has no workers.
    #[wasm_bindgen(js_namespace = ["loadlabWork", "cells"], js_name = start)]
    fn cells_start(request: &str, flat: &[u32], part: u32) -> u32;
    /// How many of the job's cells are done.
    #[wasm_bindgen(js_namespace = ["loadlabWork", "cells"], js_name = done)]
    fn cells_done(id: u32) -> u32;
    /// The first error of the job's workers ("" while there is none).
    #[wasm_bindgen(js_namespace = ["loadlabWork", "cells"], js_name = error)]
    fn cells_error(id: u32) -> String;
    /// Once every part is in: the parts' results as a JSON array of texts, in order, and the
    /// job forgotten; "" before.
    #[wasm_bindgen(js_namespace = ["loadlabWork", "cells"], js_name = take)]
    fn cells_take(id: u32) -> String;
    /// Stops the job's workers and forgets the job.
    #[wasm_bindgen(js_namespace = ["loadlabWork", "cells"], js_name = cancel)]
    fn cells_cancel(id: u32);
    /// How many workers the pool keeps (one per core), 0 when the page has none.
    #[wasm_bindgen(js_namespace = ["loadlabWork", "cells"], js_name = size)]
    fn cells_size() -> u32;
}

/// Cells of one part: about eight parts per worker, so the workers stay busy to the end and
/// progress moves often, and at most 64 cells.
fn part_size(cells: usize, workers: usize) -> u32 {
    (cells / (8 * workers.max(1))).clamp(1, 64) as u32
}

/// The cells at `at` of `plan`, in order: on the page's web workers where it has them and the
/// runner can wait for them, else on this thread ([`MapPlan::compute`]).
pub fn compute(
    plan: &MapPlan,
    at: &[(usize, usize)],
    progress: &dyn Progress,
) -> Result<Vec<CellResult>, Cancelled> {
    let workers = cells_size() as usize;
    let request = request_text(&plan.request);
    let (true, Ok(request), false) = (
        workers > 0 && can_wait_for_workers(),
        request,
        at.is_empty(),
    ) else {
        return plan.compute(at, progress);
    };
    let flat: Vec<u32> = at.iter().flat_map(|&(x, y)| [x as u32, y as u32]).collect();
    let size = part_size(at.len(), workers);
    let id = cells_start(&request, &flat, size);
    if id == 0 {
        return plan.compute(at, progress);
    }
    loop {
        if progress.cancelled() {
            cells_cancel(id);
            return Err(Cancelled);
        }
        progress.set(cells_done(id) as f32 / at.len() as f32);
        let error = cells_error(id);
        if !error.is_empty() {
            // A worker failed (it should not: it runs the page's own code): the page computes
            // the cells itself, so the map still comes, and the console says why.
            cells_cancel(id);
            web_sys::console::warn_1(
                &format!("loadlab: a map's web worker failed: {error}").into(),
            );
            return plan.compute(at, progress);
        }
        let parts = cells_take(id);
        if !parts.is_empty() {
            return Ok(gather(&parts, at.len(), size as usize));
        }
        if !wait_for_workers() {
            cells_cancel(id);
            return plan.compute(at, progress);
        }
    }
}

/// The cells of the parts' texts (parts of `size` cells in order, the last perhaps shorter);
/// cells a text does not give fail with the reason.
fn gather(parts: &str, count: usize, size: usize) -> Vec<CellResult> {
    let texts: Vec<String> = serde_json::from_str(parts).unwrap_or_default();
    let mut out = Vec::with_capacity(count);
    for text in &texts {
        let n = size.min(count.saturating_sub(out.len()));
        match read_results(text, n) {
            Ok(r) => out.extend(r),
            Err(e) => out.extend((0..n).map(|_| Err(e.clone()))),
        }
    }
    out.resize_with(count, || Err("a web worker lost this cell".into()));
    out
}

/// The workers' entry (`loadlab-worker.js`): the cells at `flat` (x, y, x, y, …) of the map
/// `request` asks for, as text the page reads back exactly.
#[wasm_bindgen]
pub fn loadlab_map_cells(request: &str, flat: &[u32]) -> Result<String, String> {
    part(request, flat)
}
