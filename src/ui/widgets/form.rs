//! The pieces every workspace's controls are built from: a two-column parameter grid whose
//! rows name their control after the caption (for screen readers and the UI tests) and show
//! why a value is invalid right under it, with a slider row for every numeric parameter;
//! combo boxes and radio rows over a fixed list of choices; a heading with view tabs; the
//! "Plot:" row above the plots.

use crate::model::Named;
use egui::emath::Numeric;
use egui::{ComboBox, Response, Ui, WidgetText};

use super::slider::{COMPACT_RAIL_WIDTH, RAIL_WIDTH, STAGE_RAIL_WIDTH, Span, slider};
use crate::model::ParamError;
use crate::model::param::ParamSpec;

/// Row and column spacing of parameter grids.
const GRID_SPACING: [f32; 2] = [8.0, 6.0];
/// Row and column spacing of the settings above a plot.
const PAIRS_SPACING: [f32; 2] = [6.0, 4.0];

/// A two-column parameter grid being drawn (see [`param_grid`]).
pub struct ParamGrid<'a> {
    /// The grid's own ui, for rows the methods below do not cover.
    pub ui: &'a mut Ui,
    error: Option<&'a ParamError>,
}

/// Draws a parameter grid with id `id`. `error` is why the parameters are invalid, if they
/// are: [`ParamGrid::checked`] rows show it under the control of its field.
pub fn param_grid(
    ui: &mut Ui,
    id: &str,
    error: Option<&ParamError>,
    add: impl FnOnce(&mut ParamGrid<'_>),
) {
    egui::Grid::new(id)
        .num_columns(2)
        .spacing(GRID_SPACING)
        .show(ui, |ui| add(&mut ParamGrid::new(ui, error)));
}

/// The settings above a plot: a tight grid with id `id` of (caption, control) pairs (see
/// [`labelled`]), two to a row where the column is wide enough for two, else one: two to a row
/// in the redistribution's 390-point plots column ran 60 points past it, under the lesson's
/// drawer. The caller ends each pair with [`Pairs::next`].
pub fn pairs_grid(ui: &mut Ui, id: &str, add: impl FnOnce(&mut Pairs<'_>)) {
    let per_row = if ui.available_width() >= PAIRS_TWO_UP_WIDTH {
        2
    } else {
        1
    };
    // (One grid each way: the sizes one remembers do not fit the other.)
    egui::Grid::new((id, per_row))
        .num_columns(2 * per_row)
        .spacing(PAIRS_SPACING)
        .show(ui, |ui| {
            ui.spacing_mut().slider_width = COMPACT_RAIL_WIDTH;
            add(&mut Pairs {
                ui,
                per_row,
                in_row: 0,
            });
        });
}

/// The least width (points) that takes two (caption, control) pairs to a row: a caption of up
/// to 90 points, a compact rail with its value box (about 140), twice, with the spacing (the
/// widest pair, a two-choice radio row, is about 250).
pub const PAIRS_TWO_UP_WIDTH: f32 = 500.0;

/// A grid of settings being drawn (see [`pairs_grid`]).
pub struct Pairs<'a> {
    /// The grid's ui, where each pair is drawn.
    pub ui: &'a mut Ui,
    per_row: usize,
    in_row: usize,
}

impl Pairs<'_> {
    /// A pair for the parameter `spec` describes, captioned `caption` (its help the
    /// tooltip): a compact slider over `span`.
    pub fn param<T: Numeric>(
        &mut self,
        spec: &ParamSpec,
        caption: &str,
        value: &mut T,
        span: &Span<T>,
    ) -> Response {
        let r = labelled(self.ui, caption, &spec.tooltip(), |ui| {
            slider(ui, caption, value, span)
        });
        self.next();
        r
    }

    /// Ends a pair: the row too when it holds as many pairs as fit.
    pub fn next(&mut self) {
        self.in_row += 1;
        if self.in_row == self.per_row {
            self.ui.end_row();
            self.in_row = 0;
        }
    }
}

impl<'a> ParamGrid<'a> {
    /// Rows in a grid the caller laid out itself (none of its fields is checked when `error`
    /// is None); its sliders get rails [`RAIL_WIDTH`] long ([`STAGE_RAIL_WIDTH`] on the stage).
    pub fn new(ui: &'a mut Ui, error: Option<&'a ParamError>) -> Self {
        // On the stage the controls share the drawer's width with the lesson: shorter rails
        // let them fit it.
        ui.spacing_mut().slider_width = if crate::ui::frame::on_stage(ui.ctx()) {
            STAGE_RAIL_WIDTH
        } else {
            RAIL_WIDTH
        };
        ParamGrid { ui, error }
    }

    /// A row: `caption` (with `hover` text unless it is empty) and the control `add` draws,
    /// which is named after the caption.
    pub fn row(
        &mut self,
        caption: impl Into<WidgetText>,
        hover: &str,
        add: impl FnOnce(&mut Ui) -> Response,
    ) -> Response {
        let caption: WidgetText = caption.into();
        let text = caption.text().to_string();
        let label = caption_label(self.ui, caption, hover);
        let control = add(self.ui).labelled_by(label.id);
        super::marks::control(self.ui, &text, label.rect.union(control.rect));
        self.ui.end_row();
        control
    }

    /// A row captioned `caption` (with `hover` text) offering every variant of a named model
    /// enum by its name, each with its help on hover; `id` names the combo box.
    pub fn named<T: Named>(
        &mut self,
        caption: &str,
        hover: &str,
        id: &str,
        value: &mut T,
    ) -> Response {
        self.row(caption, hover, |ui| {
            choice_in(
                ui,
                ComboBox::from_id_salt(id),
                value,
                T::VARIANTS,
                T::name,
                |v| Some(v.help()),
            )
        })
    }

    /// A row of [`radios`] captioned `caption` (with `hover` text unless it is empty).
    pub fn radios<T: Copy + PartialEq>(
        &mut self,
        caption: &str,
        hover: &str,
        value: &mut T,
        options: &[(T, &str)],
    ) -> Response {
        let label = caption_label(self.ui, caption, hover);
        let changed = radios(self.ui, label.id, value, options);
        super::marks::control(self.ui, caption, label.rect.union(changed.rect));
        self.ui.end_row();
        changed
    }

    /// A [`checked`](Self::checked) row whose control is a [`slider`] for `value` over
    /// `span` (`field` may be "" for a setting the model does not check).
    pub fn slider<T: Numeric>(
        &mut self,
        field: &str,
        caption: &str,
        hover: &str,
        value: &mut T,
        span: &Span<T>,
    ) -> Response {
        self.checked(field, caption, hover, |ui| slider(ui, caption, value, span))
    }

    /// A [`slider`](Self::slider) row for the parameter `spec` describes: its symbol as the
    /// caption, its help as the tooltip, its errors below it, over `span` (usually
    /// [`Span::of`] the same descriptor, narrowed where other parameters bound it).
    pub fn param<T: Numeric>(
        &mut self,
        spec: &ParamSpec,
        value: &mut T,
        span: &Span<T>,
    ) -> Response {
        let tooltip = spec.tooltip();
        self.slider(spec.field, spec.symbol, &tooltip, value, span)
    }

    /// A [`row`](Self::row) for the parameter `field`, followed by the reason its value is
    /// invalid when it is.
    pub fn checked(
        &mut self,
        field: &str,
        caption: impl Into<WidgetText>,
        hover: &str,
        add: impl FnOnce(&mut Ui) -> Response,
    ) -> Response {
        let control = self.row(caption, hover, add);
        if let Some(e) = self.error.filter(|e| e.field == field) {
            super::error_row(self.ui, &e.message);
        } else if let Some(note) = super::slider::typed_note(self.ui.ctx(), control.id) {
            // A number typed that the slider could not take as typed: why, next to it.
            super::error_row(self.ui, &note);
        }
        control
    }
}

/// A caption, with `hover` text unless it is empty.
fn caption_label(ui: &mut Ui, caption: impl Into<WidgetText>, hover: &str) -> Response {
    let label = ui.label(caption);
    if hover.is_empty() {
        label
    } else {
        label.on_hover_text(hover)
    }
}

/// `caption` (with `hover` text unless it is empty), then the control `add` draws, which is
/// named after the caption.
pub fn labelled(
    ui: &mut Ui,
    caption: impl Into<WidgetText>,
    hover: &str,
    add: impl FnOnce(&mut Ui) -> Response,
) -> Response {
    let label = caption_label(ui, caption, hover);
    add(ui).labelled_by(label.id)
}

/// A combo box with id `id` offering `options`, each as `caption` gives it, with the current
/// value's caption on the button; picking one sets `value`.
pub fn choice<T, C>(
    ui: &mut Ui,
    id: &str,
    value: &mut T,
    options: &[T],
    caption: impl Fn(T) -> C,
) -> Response
where
    T: Copy + PartialEq,
    C: Into<WidgetText>,
{
    choice_in(
        ui,
        ComboBox::from_id_salt(id),
        value,
        options,
        caption,
        |_| None,
    )
}

/// [`choice`] drawn into the combo box `combo` (for its width), with hover text on the options
/// `hover` gives one for.
pub fn choice_in<T, C>(
    ui: &mut Ui,
    combo: ComboBox,
    value: &mut T,
    options: &[T],
    caption: impl Fn(T) -> C,
    hover: impl Fn(T) -> Option<&'static str>,
) -> Response
where
    T: Copy + PartialEq,
    C: Into<WidgetText>,
{
    // An exported figure has no pointer: the choice made, as text.
    if crate::ui::frame::exporting(ui.ctx()) {
        return ui.label(caption(*value));
    }
    // One line, cut with "…" where the room ends: a caption that wrapped to two lines
    // ("System 12 + Lemma 9 / (load-constrained)") moved everything below it and its own
    // popup, so the next click there picked another option. The popup lists them whole.
    combo
        .selected_text(caption(*value))
        .truncate()
        .show_ui(ui, |ui| {
            for &option in options {
                let item = ui.selectable_value(value, option, caption(option));
                if let Some(text) = hover(option) {
                    item.on_hover_text(text);
                }
            }
        })
        .response
}

/// A [`choice`] over (value, caption) pairs.
pub fn listed<T: Copy + PartialEq>(
    ui: &mut Ui,
    id: &str,
    value: &mut T,
    options: &[(T, &str)],
) -> Response {
    let values: Vec<T> = options.iter().map(|o| o.0).collect();
    choice(ui, id, value, &values, |v| caption_of(options, v))
}

/// The caption of `value` among (value, caption) pairs (empty when it is not listed).
fn caption_of<'a, T: PartialEq>(options: &[(T, &'a str)], value: T) -> &'a str {
    options.iter().find(|o| o.0 == value).map_or("", |o| o.1)
}

/// A closed set of values offered as a choice (combo box, tabs), each with its caption;
/// declared with `choices!`.
pub trait Choice: Copy + PartialEq + 'static {
    /// Every value, in the order offered.
    const ALL: &'static [Self];
    /// What the choice is called where it is offered.
    fn caption(self) -> &'static str;
    /// What it shows, said when the pointer rests on it (none when empty).
    fn hover(self) -> &'static str {
        ""
    }
}

/// Declares a view enum offered as a [`Choice`]: its variants with their captions, the first
/// one the default. The enum derives what view state needs (copy, compare, serde, default).
macro_rules! choices {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(#[$first_meta:meta])*
            $first:ident = $first_caption:literal,
            $($(#[$variant_meta:meta])* $variant:ident = $caption:literal,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, Default,
        )]
        $vis enum $name {
            $(#[$first_meta])*
            #[default]
            $first,
            $($(#[$variant_meta])* $variant,)*
        }

        impl $crate::ui::widgets::form::Choice for $name {
            const ALL: &'static [$name] = &[$name::$first, $($name::$variant),*];
            fn caption(self) -> &'static str {
                match self {
                    $name::$first => $first_caption,
                    $($name::$variant => $caption,)*
                }
            }
        }
    };
}
pub(crate) use choices;

/// A combo box with id `id` offering every [`Choice`] of `value`'s type.
pub fn combo<T: Choice>(ui: &mut Ui, id: &str, value: &mut T) -> Response {
    choice(ui, id, value, T::ALL, T::caption)
}

/// Radio buttons side by side, one per (value, caption) pair, or one under another where the
/// row would run past the room (the redistribution's "○ homogeneous ○ heterogeneous" ran 3
/// points past the presenter's drawer, which then scrolled sideways over the lesson's last
/// line); the first is named after the label `label` (the row's caption). The response says
/// whether the value changed.
pub fn radios<T: Copy + PartialEq>(
    ui: &mut Ui,
    label: egui::Id,
    value: &mut T,
    options: &[(T, &str)],
) -> Response {
    // Stacked, not wrapped, when they do not fit: a grid sized its row for a wrapped row's
    // lines a few points short, and the next row's control ran over the second line (the
    // redistribution's "heterogeneous" under "c" in the default window's controls column).
    let s = ui.spacing();
    let (icon, gap) = (s.icon_width + s.icon_spacing, s.item_spacing.x);
    let font = egui::TextStyle::Button.resolve(ui.style());
    let width: f32 = options
        .iter()
        .map(|(_, caption)| icon + super::flow::text_width(ui, caption, &font) + gap)
        .sum();
    let add = |ui: &mut Ui| {
        options
            .iter()
            .enumerate()
            .map(|(i, &(option, caption))| {
                let radio = ui.radio_value(value, option, caption);
                if i == 0 {
                    radio.labelled_by(label)
                } else {
                    radio
                }
            })
            .reduce(|a, b| a | b)
            .expect("at least one option")
    };
    // (Against what is visible to the right: a grid cell's own room is its column's width
    // last frame, which a row as wide as the column would seem to overflow.)
    let room = ui.clip_rect().right() - ui.cursor().min.x;
    if width - gap > room {
        ui.vertical(add).inner
    } else {
        ui.horizontal(add).inner
    }
}

/// A heading followed by tabs choosing (among every [`Choice`]) what the region below it
/// shows; the tabs wrap onto a second line when the region is narrow (never clipped). True
/// when the choice changed.
pub fn heading_tabs<T: Choice>(ui: &mut Ui, heading: &str, value: &mut T) -> bool {
    // A printed figure has no pointer: the heading and the view shown, as text.
    if crate::ui::frame::exporting(ui.ctx()) {
        ui.horizontal_wrapped(|ui| {
            ui.heading(heading);
            chosen(ui, value.caption());
        });
        return false;
    }
    let width = |text: &str, style: egui::TextStyle| {
        egui::WidgetText::from(text)
            .into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, style)
            .size()
            .x
    };
    let gap = ui.spacing().item_spacing.x;
    let pad = 2.0 * ui.spacing().button_padding.x + gap;
    let tabs: f32 = T::ALL
        .iter()
        .map(|t| width(t.caption(), egui::TextStyle::Button) + pad)
        .sum();
    let heading_width = width(heading, egui::TextStyle::Heading) + gap;
    // A figure's first row: wrapped clear of its corner buttons (↓ PNG, ↓ SVG, Describe), or
    // under them at the whole width where the tabs do not fit in one row beside them (at
    // 200 % text on a 720p stage KS-BF's four views stood one a row beside the buttons, and
    // with the step bar took the picture's whole room).
    super::corner::beside_corner_fitting(ui, Some(tabs), |ui| {
        // The tabs keep one row: on a narrow stage the heading gives way (KS-BF's four views
        // wrapped "ring + tree" onto a row of its own at 720p).
        if heading_width + tabs <= ui.available_width() {
            ui.heading(heading);
        }
        // A tab that does not fit goes whole onto the next row ("tree / grid" broke inside
        // its caption in Compare's half of a 720p stage).
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        let mut changed = false;
        for &tab in T::ALL {
            let r = ui.selectable_value(value, tab, tab.caption());
            changed |= r.changed();
            if !tab.hover().is_empty() {
                r.on_hover_text(tab.hover());
            }
        }
        changed
    })
}

/// A checkbox; in a printed figure (no pointer) its caption as text while it is on (a setting
/// the figure is drawn with), nothing while it is off.
pub fn switch(ui: &mut Ui, on: &mut bool, caption: impl Into<WidgetText>) -> Response {
    if crate::ui::frame::exporting(ui.ctx()) {
        return match on {
            true => ui.label(caption),
            false => ui.allocate_response(egui::Vec2::ZERO, egui::Sense::hover()),
        };
    }
    ui.checkbox(on, caption)
}

/// A whole number of 64 bits typed in full (a seed): every digit kept, where a drag value
/// reads through an f64 and showed seed 363399961790313578 as …600. Applied on Enter or when
/// the field loses focus; text that is not such a number is refused in red beside it.
pub fn whole_number(ui: &mut Ui, id_salt: &str, value: &mut u64) -> Response {
    let id = ui.make_persistent_id(id_salt);
    let (text_id, note_id) = (id.with("text"), id.with("note"));
    // The text being typed (kept while the field has the focus), else the value.
    let typing = ui.data(|d| d.get_temp::<String>(text_id));
    let was_typing = typing.is_some();
    let mut text = typing.unwrap_or_else(|| value.to_string());
    let width = ui.fonts_mut(|f| {
        f.layout_no_wrap(
            "18446744073709551615".into(),
            egui::FontId::monospace(14.0),
            egui::Color32::WHITE,
        )
        .size()
        .x
    });
    let mut r = ui.add(
        egui::TextEdit::singleline(&mut text)
            .id(id)
            .desired_width(width)
            .font(egui::TextStyle::Monospace),
    );
    if r.has_focus() {
        ui.data_mut(|d| d.insert_temp(text_id, text));
    } else if was_typing {
        // The edit ended (Enter, or the focus went elsewhere): the text typed is read once
        // (lost_focus holds for two frames, and the second read the value back as text).
        match crate::model::num::parse_int::<u64>(&text) {
            Ok(v) => {
                if v != *value {
                    *value = v;
                    r.mark_changed();
                }
                ui.data_mut(|d| d.remove::<String>(note_id));
            }
            Err(e) => {
                let note = format!("{e}: it stays {value}");
                ui.data_mut(|d| d.insert_temp(note_id, note));
            }
        }
        ui.data_mut(|d| d.remove::<String>(text_id));
    }
    if let Some(note) = ui.data(|d| d.get_temp::<String>(note_id)) {
        super::error_label(ui, format!("⚠ {note}"));
    }
    r
}

/// What a row of tabs has chosen, as a printed figure shows it (no pointer to choose with).
pub fn chosen(ui: &mut Ui, caption: &str) -> Response {
    ui.label(egui::RichText::new(caption).strong())
}

/// The row above the plots: "Plot:" and the combo box `combo` draws (named after it), then a
/// spinner while `busy`; none in an exported figure (the plot's title names it).
pub fn plot_header(ui: &mut Ui, busy: bool, combo: impl FnOnce(&mut Ui) -> Response) {
    if crate::ui::frame::exporting(ui.ctx()) {
        return;
    }
    // Clear of the plots' export buttons: beside them where the row fits (its width as drawn
    // last frame), else below them at its own width (in a 390-point column the geometric-decay
    // plot's name ran under "↓ PNG"; wrapped beside them, the combo box broke its name in two).
    let id = ui.scope_id().with("plot header width");
    let corner = super::corner::corner_size(ui);
    let wanted = super::flow::last_drawn(ui, id).unwrap_or(0.0);
    if wanted > ui.available_width() - corner.x {
        ui.add_space(corner.y);
    }
    let row = ui.horizontal(|ui| {
        let label = ui.label("Plot:");
        combo(ui).labelled_by(label.id);
        if busy {
            ui.spinner();
        }
    });
    let width = row.response.rect.width();
    super::flow::keep_drawn(ui, id, width);
}

/// The "About this model and the paper" section closing the controls, with `more` under the
/// help text.
pub fn about_section(ui: &mut Ui, help: &str, more: impl FnOnce(&mut Ui)) {
    ui.separator();
    egui::CollapsingHeader::new("About this model and the paper").show(ui, |ui| {
        ui.label(help);
        more(ui);
    });
}
