//! The app's document: one scenario per model, kept side by side (switching models never
//! loses edits), the model in front, which file each scenario came from, and undo/redo over
//! all of it. No egui here: the shell drives it and the tests check it directly.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::model::registry::{ModelId, Scenario};
use crate::preset::{Preset, PresetFile, Sheet, Workbook};

/// Where a scenario is saved by Ctrl+S.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileRef {
    /// The file.
    pub path: PathBuf,
    /// True when the file is a workbook (all five scenarios), false for one scenario.
    pub workbook: bool,
}

/// One model's scenario with its name, file and last-saved state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Page {
    /// Name shown in the title.
    pub name: String,
    /// What it shows (the rail's note).
    pub description: String,
    /// The parameters being edited.
    pub scenario: Scenario,
    /// The scenario as last opened or saved: a difference marks the title "modified".
    pub baseline: Scenario,
    /// The file Ctrl+S writes, if any.
    pub file: Option<FileRef>,
}

impl Page {
    fn fresh(model: ModelId) -> Self {
        let scenario = model.default_scenario();
        Page {
            name: format!("{} (default)", model.name()),
            description: String::new(),
            baseline: scenario.clone(),
            scenario,
            file: None,
        }
    }

    fn from_sheet(sheet: Sheet, file: Option<FileRef>) -> Self {
        Page {
            name: sheet.name,
            description: sheet.description,
            baseline: sheet.scenario.clone(),
            scenario: sheet.scenario,
            file,
        }
    }

    /// True when edited since opened or saved.
    pub fn modified(&self) -> bool {
        self.scenario != self.baseline
    }

    /// This page as a one-scenario preset.
    pub fn preset(&self) -> Preset {
        Preset::new(
            self.name.clone(),
            self.description.clone(),
            self.scenario.clone(),
        )
    }
}

/// All five scenarios and the one in front.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Desk {
    /// The model in front.
    pub active: ModelId,
    /// One page per model, in [`ModelId::ALL`] order.
    pub pages: Vec<Page>,
    /// Name of the open workbook, if one was opened or saved.
    pub workbook: Option<String>,
}

impl Default for Desk {
    fn default() -> Self {
        Desk {
            active: ModelId::default(),
            pages: ModelId::ALL.iter().map(|&m| Page::fresh(m)).collect(),
            workbook: None,
        }
    }
}

/// What Ctrl+S should do with the page in front.
#[derive(Debug, Clone, PartialEq)]
#[allow(
    clippy::large_enum_variant,
    reason = "made for one Ctrl+S and consumed at once; boxing would buy nothing"
)]
pub enum SaveTarget {
    /// No file yet: ask for one.
    Ask,
    /// Write this file (one scenario or the whole workbook).
    Write(PathBuf, PresetFile),
}

impl Desk {
    /// A desk whose every page is a model's default, with `preset` in front.
    pub fn with(preset: Preset) -> Self {
        let mut d = Desk::default();
        d.open_preset(preset, None);
        d
    }

    /// Repairs a desk restored from an older or hand-edited state (one page per model, each
    /// page holding its own model's scenario).
    pub fn repaired(mut self) -> Self {
        let mut pages: Vec<Page> = ModelId::ALL.iter().map(|&m| Page::fresh(m)).collect();
        for p in self.pages.drain(..) {
            let i = p.scenario.model().index();
            if p.baseline.model() == p.scenario.model() {
                pages[i] = p;
            }
        }
        self.pages = pages;
        self
    }

    /// The page in front.
    pub fn page(&self) -> &Page {
        &self.pages[self.active.index()]
    }

    /// The page in front, to edit.
    pub fn page_mut(&mut self) -> &mut Page {
        &mut self.pages[self.active.index()]
    }

    /// The page of `model`.
    pub fn page_of(&self, model: ModelId) -> &Page {
        &self.pages[model.index()]
    }

    /// Puts a one-scenario preset on its model's page and that model in front; `path` is the
    /// file it came from (None for bundled presets).
    pub fn open_preset(&mut self, preset: Preset, path: Option<&Path>) {
        let model = preset.scenario.model();
        let file = path.map(|p| FileRef {
            path: p.to_path_buf(),
            workbook: false,
        });
        self.pages[model.index()] = Page::from_sheet(
            Sheet {
                name: preset.name,
                description: preset.description,
                scenario: preset.scenario,
            },
            file,
        );
        self.active = model;
    }

    /// Opens a file of either kind.
    pub fn open_file(&mut self, file: PresetFile, path: Option<&Path>) {
        match file {
            PresetFile::Single(p) => self.open_preset(p, path),
            PresetFile::Workbook(w) => {
                let file = path.map(|p| FileRef {
                    path: p.to_path_buf(),
                    workbook: true,
                });
                for sheet in w.sheets {
                    let i = sheet.scenario.model().index();
                    self.pages[i] = Page::from_sheet(sheet, file.clone());
                }
                self.active = w.active;
                self.workbook = Some(w.name);
            }
        }
    }

    /// Every page as a workbook named `name`.
    pub fn workbook(&self, name: &str) -> Workbook {
        Workbook {
            version: crate::preset::VERSION,
            name: name.to_string(),
            description: String::new(),
            active: self.active,
            sheets: self
                .pages
                .iter()
                .map(|p| Sheet {
                    name: p.name.clone(),
                    description: p.description.clone(),
                    scenario: p.scenario.clone(),
                })
                .collect(),
        }
    }

    /// What Ctrl+S writes: the front page's own file, never another model's.
    pub fn save_target(&self) -> SaveTarget {
        let page = self.page();
        match &page.file {
            None => SaveTarget::Ask,
            Some(f) if f.workbook => {
                let name = self.workbook.clone().unwrap_or_else(|| stem(&f.path));
                SaveTarget::Write(f.path.clone(), PresetFile::Workbook(self.workbook(&name)))
            }
            Some(f) => SaveTarget::Write(f.path.clone(), PresetFile::Single(page.preset())),
        }
    }

    /// The front page as saved under a new file name: an edited scenario is no longer the
    /// preset it came from, so it takes the file's name and says what it was based on.
    pub fn single_for(&self, path: &Path) -> Preset {
        let page = self.page();
        let mut preset = page.preset();
        let stem = stem(path);
        if page.modified() && !stem.is_empty() && stem != page.name {
            preset.description = format!("Based on “{}”. {}", page.name, page.description);
            preset.name = stem;
        }
        preset
    }

    /// Records that `file` was written to `path`.
    pub fn saved(&mut self, path: &Path, file: &PresetFile) {
        match file {
            PresetFile::Single(p) => {
                let page = self.page_mut();
                page.name = p.name.clone();
                page.description = p.description.clone();
                page.baseline = page.scenario.clone();
                page.file = Some(FileRef {
                    path: path.to_path_buf(),
                    workbook: false,
                });
            }
            PresetFile::Workbook(w) => {
                for page in &mut self.pages {
                    page.baseline = page.scenario.clone();
                    page.file = Some(FileRef {
                        path: path.to_path_buf(),
                        workbook: true,
                    });
                }
                self.workbook = Some(w.name.clone());
            }
        }
    }

    /// The window title: model page name, "(modified)", file.
    pub fn title(&self) -> String {
        let page = self.page();
        let file = page
            .file
            .as_ref()
            .map(|f| f.path.display().to_string())
            .unwrap_or_else(|| "unsaved".into());
        let modified = if page.modified() { " (modified)" } else { "" };
        format!("{}{modified} — {file}", page.name)
    }

    /// The status bar's title: [`Desk::title`], but for a lesson's step (`lesson`: the page's
    /// name and whether the lesson's player shows the step's title) never the file (a step is
    /// no document: "— unsaved" only puzzled a class), and nothing where the player shows the
    /// name already but whether the step's scenario was modified.
    pub fn status_title(&self, lesson: Option<(&str, bool)>) -> String {
        let page = self.page();
        match lesson {
            Some((name, true)) if name == page.name && page.modified() => {
                "this step's scenario is modified".to_owned()
            }
            Some((name, true)) if name == page.name => String::new(),
            Some((name, false)) if name == page.name && page.modified() => {
                format!("{name} (modified)")
            }
            Some((name, false)) if name == page.name => name.to_owned(),
            _ => self.title(),
        }
    }
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Undo and redo over whole desks (a model switch, an opened file and an edit gesture are
/// each one step; the title and the file Ctrl+S writes come back with them).
#[derive(Debug, Default)]
pub struct History {
    undo: Vec<Desk>,
    redo: Vec<Desk>,
    gesture: Option<Desk>,
}

/// Undo steps kept (a 10 000-processor ring is about 0.3 MB a step).
const DEPTH: usize = 200;

impl History {
    /// Records `before` as the state to return to (call before a discrete change).
    pub fn push(&mut self, before: Desk) {
        self.end_gesture(&before);
        self.undo.push(before);
        if self.undo.len() > DEPTH {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Notes that an edit gesture (a drag, typing) changed the desk from `before`; the whole
    /// gesture becomes one step when [`History::end_gesture`] is called.
    pub fn edited(&mut self, before: Desk) {
        if self.gesture.is_none() {
            self.gesture = Some(before);
        }
    }

    /// Ends the running gesture, if the desk now differs from where it started.
    pub fn end_gesture(&mut self, now: &Desk) {
        if let Some(start) = self.gesture.take()
            && start != *now
        {
            self.undo.push(start);
            self.redo.clear();
        }
    }

    /// The desk to return to, if any (`now` goes to redo).
    pub fn undo(&mut self, now: Desk) -> Option<Desk> {
        self.end_gesture(&now);
        let prev = self.undo.pop()?;
        self.redo.push(now);
        Some(prev)
    }

    /// The desk to go forward to, if any (`now` goes to undo).
    pub fn redo(&mut self, now: Desk) -> Option<Desk> {
        self.end_gesture(&now);
        let next = self.redo.pop()?;
        self.undo.push(now);
        Some(next)
    }

    /// True when there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty() || self.gesture.is_some()
    }

    /// True when there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::divisible::DivisibleParams;

    fn edited_ksbf(d: &mut Desk, p: u32) {
        d.active = ModelId::Ksbf;
        if let Scenario::Ksbf(k) = &mut d.page_mut().scenario {
            k.p = p as _;
        }
    }

    #[test]
    fn switching_keeps_every_edit_and_save_never_crosses_models() {
        let mut d = Desk::default();
        let path = PathBuf::from("/tmp/div.ron");
        let mut div = DivisibleParams::default();
        div.h += 1;
        d.open_preset(
            Preset::new("mine", "", Scenario::Divisible(div.clone())),
            Some(&path),
        );
        edited_ksbf(&mut d, 3);
        // The KS-BF page has no file: Ctrl+S asks instead of writing div.ron.
        assert_eq!(d.save_target(), SaveTarget::Ask);
        d.active = ModelId::Divisible;
        assert_eq!(d.page().scenario, Scenario::Divisible(div));
        match d.save_target() {
            SaveTarget::Write(p, PresetFile::Single(pr)) => {
                assert_eq!(p, path);
                assert_eq!(pr.scenario.model(), ModelId::Divisible);
            }
            other => panic!("{other:?}"),
        }
        d.active = ModelId::Ksbf;
        assert!(matches!(&d.page().scenario, Scenario::Ksbf(k) if k.p == 3));
    }

    #[test]
    fn workbook_round_trips_all_five_and_undo_restores_the_title() {
        let mut d = Desk::default();
        edited_ksbf(&mut d, 5);
        let wb = d.workbook("lecture");
        let mut e = Desk::default();
        let mut h = History::default();
        h.push(e.clone());
        e.open_file(
            PresetFile::Workbook(wb.clone()),
            Some(Path::new("/tmp/l.ron")),
        );
        assert_eq!(e.active, ModelId::Ksbf);
        for m in ModelId::ALL {
            assert_eq!(e.page_of(m).scenario, d.page_of(m).scenario);
        }
        assert!(
            matches!(e.save_target(), SaveTarget::Write(_, PresetFile::Workbook(w)) if w == wb)
        );
        let title = e.title();
        let back = h.undo(e.clone()).expect("undo");
        assert_ne!(back.title(), title);
        assert_eq!(h.redo(back).expect("redo").title(), title);
    }
}
