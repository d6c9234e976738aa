//! Bundled presets open as they are: nothing rewrites a value on the first frames, so the
//! title does not say "(modified)" before the user touched anything.

use loadlab::preset::BUNDLED;

use super::stepping::open;

#[test]
fn every_bundled_preset_opens_unmodified() {
    let mut modified = Vec::new();
    for b in BUNDLED {
        let name = b.file.trim_end_matches(".ron");
        let mut h = open(name);
        // A few more frames: a widget normalising a value does so on its first frame.
        h.run_steps(5);
        let app = h.state();
        let page = app.desk().page_of(app.desk().active);
        if page.modified() {
            modified.push(format!(
                "{name}: {:?}\n  vs {:?}",
                page.scenario, page.baseline
            ));
        }
    }
    assert!(
        modified.is_empty(),
        "opened modified:\n{}",
        modified.join("\n")
    );
}
