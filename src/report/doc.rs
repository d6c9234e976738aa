//! The report document: a title and named sections, each a list of values, a table or a set
//! of plot series. Every model's run result is turned into one [`Report`], which renders as a
//! text table ([`Report::to_text`]) or as CSV ([`Report::to_csv`]).

use serde::Serialize;

/// One cell of a table or one value: a number, a flag, a text, or nothing.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Cell {
    /// No value (an inapplicable bound, a missing step): an empty CSV field, "—" in text.
    Empty,
    /// A yes/no flag.
    Bool(bool),
    /// An exact integer.
    Int(i128),
    /// A real number (non-finite values print as `inf`, `-inf`, `nan`).
    Num(f64),
    /// Free text (names, exact big integers, lists).
    Text(String),
}

impl From<f64> for Cell {
    fn from(x: f64) -> Self {
        Cell::Num(x)
    }
}

impl From<bool> for Cell {
    fn from(x: bool) -> Self {
        Cell::Bool(x)
    }
}

impl From<&str> for Cell {
    fn from(x: &str) -> Self {
        Cell::Text(x.to_string())
    }
}

impl From<String> for Cell {
    fn from(x: String) -> Self {
        Cell::Text(x)
    }
}

macro_rules! int_cell {
    ($($t:ty),*) => {$(
        impl From<$t> for Cell {
            fn from(x: $t) -> Self {
                Cell::Int(i128::from(x))
            }
        }
    )*};
}
int_cell!(u8, u16, u32, u64, i8, i16, i32, i64);

impl From<usize> for Cell {
    fn from(x: usize) -> Self {
        // usize is at most 64 bits on every supported target.
        Cell::Int(x as i128)
    }
}

impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(x: Option<T>) -> Self {
        x.map_or(Cell::Empty, Into::into)
    }
}

/// A table row from values that convert into cells: `cells![a, b, c]` is
/// `vec![Cell::from(a), Cell::from(b), Cell::from(c)]`.
macro_rules! cells {
    ($($cell:expr),* $(,)?) => {
        vec![$($crate::report::Cell::from($cell)),*]
    };
}
pub(crate) use cells;

/// A table: one header row and rows of the same width.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Table {
    /// Column names.
    pub header: Vec<String>,
    /// Rows (each as wide as the header).
    pub rows: Vec<Vec<Cell>>,
}

impl Table {
    /// An empty table with these columns.
    pub fn new(header: &[&str]) -> Self {
        Table {
            header: header.iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    /// Appends a row; it must be as wide as the header (checked in debug builds).
    pub fn push(&mut self, row: Vec<Cell>) {
        debug_assert_eq!(
            row.len(),
            self.header.len(),
            "row width of {:?}",
            self.header
        );
        self.rows.push(row);
    }

    /// A table with one row per item.
    pub fn from_rows<T>(
        header: &[&str],
        items: impl IntoIterator<Item = T>,
        row: impl FnMut(T) -> Vec<Cell>,
    ) -> Self {
        let mut t = Table::new(header);
        items.into_iter().map(row).for_each(|r| t.push(r));
        t
    }
}

/// What a curve is: the views draw each role in its own style (simulated results as markers,
/// closed forms as solid lines, bounds, limits and references dashed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Measured on a simulated run.
    #[default]
    Simulated,
    /// A closed form of the paper (exact, or the paper's formula).
    ClosedForm,
    /// An upper or lower bound.
    Bound,
    /// An asymptotic limit.
    Limit,
    /// A reference curve (an ideal, an estimate, a growth rate to compare with).
    Reference,
    /// Error bars: the points in pairs (x, low), (x, high), each pair an interval at x (a
    /// mean's 95 % confidence interval over seeds).
    Interval,
}

/// One named curve of a plot.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Series {
    /// Unique within its [`SeriesSet`] (e.g. "C simulated", "C closed form").
    pub name: String,
    /// What the curve is.
    pub role: Role,
    /// Curves of one group show one quantity (C simulated and C closed form) and share a
    /// colour; groups are numbered from 0 within a plot.
    #[serde(skip)]
    pub group: usize,
    /// (x, y) points in drawing order.
    pub points: Vec<[f64; 2]>,
    /// The report field the curve draws, where it draws one: its point at the instance's own
    /// x is the field's value (every point of a level line is: Theorem 1's S_∞ of a method),
    /// its other points the values of neighbouring instances. A question that the field gives
    /// away hides the curve until Reveal ([`Drawn`]). None: not known (the sweep's other τ).
    #[serde(skip)]
    pub draws: Option<Drawn>,
}

/// What a curve draws ([`Series::draws`]): a report field of the report's own run or of
/// another run of the same instance (a policy the sweep draws beside the chosen one).
#[derive(Debug, Clone, PartialEq)]
pub struct Drawn {
    /// The field (a dot path of the run's JSON).
    pub field: String,
    /// The run whose field it is; None: the report's own run.
    pub run: Option<crate::model::registry::Scenario>,
}

impl Series {
    /// A simulated series (group 0) from a name and its points.
    pub fn new(name: impl Into<String>, points: Vec<[f64; 2]>) -> Self {
        Series {
            name: name.into(),
            role: Role::Simulated,
            group: 0,
            points,
            draws: None,
        }
    }

    /// The same curve drawing field `field` of the report's own run ([`Series::draws`]).
    pub fn drawn(mut self, field: impl Into<String>) -> Self {
        self.draws = Some(Drawn {
            field: field.into(),
            run: None,
        });
        self
    }

    /// The same curve drawing field `field` of the run `run` ([`Series::draws`]).
    pub fn drawn_of(
        mut self,
        field: impl Into<String>,
        run: crate::model::registry::Scenario,
    ) -> Self {
        self.draws = Some(Drawn {
            field: field.into(),
            run: Some(run),
        });
        self
    }

    /// The same curve with role `role`.
    pub fn role(mut self, role: Role) -> Self {
        self.role = role;
        self
    }

    /// The same curve in group `group` (its colour).
    pub fn group(mut self, group: usize) -> Self {
        self.group = group;
        self
    }

    /// The points `point` gives for the items, skipping the items it gives none for.
    pub fn from_items<T>(
        name: impl Into<String>,
        items: impl IntoIterator<Item = T>,
        point: impl FnMut(T) -> Option<[f64; 2]>,
    ) -> Self {
        Series::new(name, items.into_iter().filter_map(point).collect())
    }

    /// The empirical distribution of `values`: every value, in increasing order, against the
    /// fraction of the values up to it.
    pub fn distribution(name: impl Into<String>, values: impl IntoIterator<Item = f64>) -> Self {
        let mut sorted: Vec<f64> = values.into_iter().collect();
        sorted.sort_by(f64::total_cmp);
        let count = sorted.len().max(1) as f64;
        let points = sorted
            .iter()
            .enumerate()
            .map(|(i, &x)| [x, (i as f64 + 1.0) / count])
            .collect();
        Series::new(name, points)
    }
}

/// The curves of one plot, sharing axes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeriesSet {
    /// Name of the x axis (a CSV column name).
    pub x: String,
    /// Name of the y axis (a CSV column name).
    pub y: String,
    /// The curves (names unique).
    pub series: Vec<Series>,
}

/// One of a run's numbers, named for both renderings: its key in the run's JSON object and
/// its name in the document's "numbers" section.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    /// Key in the JSON object.
    pub key: &'static str,
    /// Name in the document.
    pub name: &'static str,
    /// The value (in JSON an integer, a float, a flag, a text, or `null` when empty).
    pub value: Cell,
}

impl Figure {
    /// A figure from its key, name and value.
    pub fn new(key: &'static str, name: &'static str, value: impl Into<Cell>) -> Self {
        Figure {
            key,
            name,
            value: value.into(),
        }
    }
}

/// What a section holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Content {
    /// Named values (numbers, bounds, flags), one per line.
    Values(Vec<(String, Cell)>),
    /// A table.
    Table(Table),
    /// The series of one plot.
    Series(SeriesSet),
}

/// A named part of a report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Section {
    /// Short name: the CSV comment line `# name` and the text heading.
    pub name: String,
    /// The data.
    pub content: Content,
}

impl Section {
    /// A section of named values.
    pub fn values<K: Into<String>>(name: impl Into<String>, values: Vec<(K, Cell)>) -> Self {
        Section {
            name: name.into(),
            content: Content::Values(values.into_iter().map(|(k, v)| (k.into(), v)).collect()),
        }
    }

    /// A table section.
    pub fn table(name: impl Into<String>, table: Table) -> Self {
        Section {
            name: name.into(),
            content: Content::Table(table),
        }
    }

    /// The section "numbers": every figure under its name.
    pub fn numbers(figures: &[Figure]) -> Self {
        let values = figures.iter().map(|f| (f.name, f.value.clone())).collect();
        Section::values("numbers", values)
    }

    /// The section "checks": (claim, whether it holds, the numbers behind the verdict), one row
    /// per claim checked on the run.
    pub fn checks<C: Into<Cell>, D: Into<Cell>>(
        claims: impl IntoIterator<Item = (C, bool, D)>,
    ) -> Self {
        let header = ["claim", "holds", "detail"];
        let table = Table::from_rows(&header, claims, |(c, h, d)| {
            vec![c.into(), h.into(), d.into()]
        });
        Section::table("checks", table)
    }

    /// A plot section; series without points are dropped.
    pub fn series(
        name: impl Into<String>,
        x: impl Into<String>,
        y: impl Into<String>,
        series: Vec<Series>,
    ) -> Self {
        Section {
            name: name.into(),
            content: Content::Series(SeriesSet {
                x: x.into(),
                y: y.into(),
                series: series
                    .into_iter()
                    .filter(|s| !s.points.is_empty())
                    .collect(),
            }),
        }
    }
}

/// A model's run result as a document: a title and its sections, in reading order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// One line naming the model and the instance.
    pub title: String,
    /// The sections.
    pub sections: Vec<Section>,
}

impl Report {
    /// An empty report.
    pub fn new(title: impl Into<String>) -> Self {
        Report {
            title: title.into(),
            sections: Vec::new(),
        }
    }

    /// Appends a section.
    pub fn push(&mut self, section: Section) {
        self.sections.push(section);
    }

    /// The section with this name.
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// The plot sections, in reading order: each section's name and its series (the same
    /// data the CSV writes in long format).
    pub fn plots(&self) -> impl Iterator<Item = (&str, &SeriesSet)> {
        self.sections.iter().filter_map(|s| match &s.content {
            Content::Series(set) => Some((s.name.as_str(), set)),
            _ => None,
        })
    }
}
