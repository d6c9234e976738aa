//! A map's cells on every core: the one interface the Map view computes its cells through.
//!
//! On the desktop, [`compute`] is [`MapPlan::compute`] (rayon's threads). On the web, the
//! page's background work has one thread, so a map would use one core: there the cells go to
//! web workers (`loadlab-worker.js`, one per core, each an instance of the same module), which
//! take them in parts of a few cells as they finish the last, so costly and cheap cells spread
//! evenly. The job that asked waits on the runner's suspended stack (`work::wait_for_workers`),
//! so frames keep coming, its progress shows the cells done, and Cancel stops the workers.
//!
//! A worker gets the map's [`MapRequest`](crate::report::map::MapRequest) (RON) and the cells'
//! positions, plans the map as the page did (the same checks and values, so the same cells) and
//! sends each value back as its bits: the numbers are the page's own to the last digit. Where the
//! browser cannot suspend the runner (no JSPI) or start workers, the page computes the cells
//! itself, as before.
//!
//! **Why workers for the map and slices for the rest**: a map is thousands of independent
//! cells described by a small request, so sending it to a worker is cheap and every core
//! helps; the other jobs are single computations over the app's types, which slices keep
//! exactly as they are (see [`super::work`]).

use crate::model::map::CellResult;
#[cfg(not(target_arch = "wasm32"))]
use crate::model::{Cancelled, Progress};
use crate::report::map::MapPlan;

/// The cells at `at` of `plan`, in order: on every core, cancellable.
#[cfg(not(target_arch = "wasm32"))]
pub fn compute(
    plan: &MapPlan,
    at: &[(usize, usize)],
    progress: &dyn Progress,
) -> Result<Vec<CellResult>, Cancelled> {
    plan.compute(at, progress)
}

#[cfg(target_arch = "wasm32")]
#[path = "cells_web.rs"]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::compute;

/// The text a worker gets: the map's request.
#[cfg(any(target_arch = "wasm32", test))]
fn request_text(request: &crate::report::map::MapRequest) -> Result<String, String> {
    ron::to_string(request).map_err(|e| e.to_string())
}

/// What [`request_text`] wrote.
#[cfg(any(target_arch = "wasm32", test))]
fn read_request(text: &str) -> Result<crate::report::map::MapRequest, String> {
    ron::from_str(text).map_err(|e| format!("a map request the worker cannot read: {e}"))
}

/// A part's results as the worker sends them: each value as its bits, exactly.
#[cfg(any(target_arch = "wasm32", test))]
fn results_text(results: &[CellResult]) -> String {
    let bits: Vec<Result<u64, &str>> = results
        .iter()
        .map(|r| r.as_ref().map(|v| v.to_bits()).map_err(String::as_str))
        .collect();
    ron::to_string(&bits).unwrap_or_default()
}

/// What [`results_text`] wrote, or an error when it is not `count` results.
#[cfg(any(target_arch = "wasm32", test))]
fn read_results(text: &str, count: usize) -> Result<Vec<CellResult>, String> {
    let bits: Vec<Result<u64, String>> =
        ron::from_str(text).map_err(|e| format!("unreadable results from a worker: {e}"))?;
    if bits.len() != count {
        return Err(format!(
            "a worker sent {} results for {count} cells",
            bits.len()
        ));
    }
    Ok(bits.into_iter().map(|r| r.map(f64::from_bits)).collect())
}

/// A worker's part: the cells at `flat` (x, y, x, y, …) of the map `request` asks for, as
/// [`results_text`]. Plans are kept by request, so a map's parts are planned once per worker.
#[cfg(any(target_arch = "wasm32", test))]
fn part(request: &str, flat: &[u32]) -> Result<String, String> {
    use std::cell::RefCell;
    thread_local! {
        static PLANNED: RefCell<Option<(String, MapPlan)>> = const { RefCell::new(None) };
    }
    let plan = PLANNED.with_borrow_mut(|cached| -> Result<MapPlan, String> {
        if let Some((text, plan)) = cached.as_ref()
            && text == request
        {
            return Ok(plan.clone());
        }
        let plan = read_request(request)?
            .plan()
            .map_err(|e| format!("{}: {}", e.field, e.message))?;
        *cached = Some((request.to_string(), plan.clone()));
        Ok(plan)
    })?;
    let at: Vec<(usize, usize)> = flat
        .chunks_exact(2)
        .map(|c| (c[0] as usize, c[1] as usize))
        .collect();
    if at
        .iter()
        .any(|&(ix, iy)| ix >= plan.x_values.len() || iy >= plan.y_values.len())
    {
        return Err("a cell outside the map".into());
    }
    let results = plan
        .compute(&at, &crate::model::NoProgress)
        .map_err(|_| "cancelled".to_string())?;
    Ok(results_text(&results))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::NoProgress;
    use crate::model::map::{Axis, Scale};
    use crate::model::registry::ModelId;
    use crate::report::map::MapRequest;

    /// A worker's part, sent as text and read back, is the cells the page would compute itself,
    /// to the bit, failures included; parts of one request reuse its plan.
    #[test]
    fn a_workers_part_is_the_pages_own_cells_to_the_bit() {
        let request = MapRequest {
            base: ModelId::Geodecay.default_scenario(),
            x: Axis::new("ell", 0.0, 3.0, 4, Scale::Linear),
            y: Axis::new("p", 1.0, 4096.0, 3, Scale::Log),
            metric: "standard_over_improved".into(),
            samples: 1,
        };
        let plan = request.plan().unwrap();
        let at = [(3, 2), (0, 0), (1, 2), (2, 1)];
        let own = plan.compute(&at, &NoProgress).unwrap();
        let text = request_text(&request).unwrap();
        let flat: Vec<u32> = at.iter().flat_map(|&(x, y)| [x as u32, y as u32]).collect();
        for _ in 0..2 {
            let got = read_results(&part(&text, &flat).unwrap(), at.len()).unwrap();
            assert_eq!(got.len(), own.len());
            for (g, o) in got.iter().zip(&own) {
                match (g, o) {
                    (Ok(a), Ok(b)) => assert_eq!(a.to_bits(), b.to_bits()),
                    (a, b) => assert_eq!(a, b),
                }
            }
        }
        assert!(part(&text, &[9, 0]).unwrap_err().contains("outside"));
        assert!(part("(", &[0, 0]).unwrap_err().contains("cannot read"));
        assert!(read_results(&results_text(&own), 3).is_err());
        // A non-finite value and a failure survive the trip.
        let odd = vec![Ok(f64::INFINITY), Ok(-0.0), Err("no sample".to_string())];
        let back = read_results(&results_text(&odd), 3).unwrap();
        assert_eq!(back[0], Ok(f64::INFINITY));
        assert_eq!(
            back[1].as_ref().map(|v| v.to_bits()),
            Ok((-0.0f64).to_bits())
        );
        assert_eq!(back[2], odd[2]);
    }
}
