//! Parameter descriptors: each parameter of a model described once — its field name, the
//! paper's symbol, a plain-language name, its unit, its valid range and scale, whether it is
//! an integer, its help text and where the paper defines it. The CLI's flag help, the GUI's
//! slider (range, scale, caption and tooltip), the map catalogue (axis name, default range)
//! and the report's rows all read the same descriptor.

/// How a parameter's values are spread on a slider's rail or a map axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spread {
    /// Evenly.
    Linear,
    /// Every decade the same length (for ranges spanning decades).
    Log,
}

/// One parameter of a model, described once (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ParamSpec {
    /// Field name in the model's params struct, presets, JSON and map keys (`spawn_prob`).
    pub field: &'static str,
    /// The paper's symbol (`q`, `β`, `τ`), or a short caption where the paper has none.
    pub symbol: &'static str,
    /// Plain-language name (`spawn probability`).
    pub name: &'static str,
    /// Unit, or "" for a pure number.
    pub unit: &'static str,
    /// The values the model accepts at most (other parameters may narrow it).
    pub range: (f64, f64),
    /// The part of the range a slider's rail and a map axis cover by default.
    pub rail: (f64, f64),
    /// How values are spread along the rail.
    pub spread: Spread,
    /// Whole numbers only.
    pub integer: bool,
    /// One or two sentences: what the parameter is and what it does (CLI help, tooltips).
    pub help: &'static str,
    /// Where the paper defines it ("Section 2.1"), or "" when it is loadlab's own.
    pub paper: &'static str,
}

impl ParamSpec {
    /// A random generator's seed named `name` (caption `symbol`): any u64, a log rail up to
    /// 10^6, `help` and where the paper uses it (`paper`).
    pub const fn seed(
        symbol: &'static str,
        name: &'static str,
        help: &'static str,
        paper: &'static str,
    ) -> ParamSpec {
        ParamSpec {
            field: "seed",
            symbol,
            name,
            unit: "",
            range: (0.0, u64::MAX as f64),
            rail: (0.0, 1e6),
            spread: Spread::Log,
            integer: true,
            help,
            paper,
        }
    }

    /// "spawn probability q": the name and the symbol, for row labels and axis titles.
    pub fn label(&self) -> String {
        if self.symbol.is_empty() || self.symbol == self.name {
            self.name.to_string()
        } else {
            format!("{} {}", self.name, self.symbol)
        }
    }

    /// The tooltip: the help text, and where the paper defines the parameter.
    pub fn tooltip(&self) -> String {
        if self.paper.is_empty() {
            self.help.to_string()
        } else {
            format!("{} ({})", self.help, self.paper)
        }
    }

    /// Is `x` within the range (and whole when the parameter is an integer)?
    pub fn accepts(&self, x: f64) -> bool {
        x.is_finite()
            && (self.range.0..=self.range.1).contains(&x)
            && (!self.integer || x.fract() == 0.0)
    }
}

/// The descriptor named `field` among `specs`.
pub fn find<'a>(specs: &'a [ParamSpec], field: &str) -> Option<&'a ParamSpec> {
    specs.iter().find(|s| s.field == field)
}

#[cfg(test)]
mod tests {
    use super::*;

    const Q: ParamSpec = ParamSpec {
        field: "spawn_prob",
        symbol: "q",
        name: "spawn probability",
        unit: "",
        range: (0.0, 1.0),
        rail: (0.5, 1.0),
        spread: Spread::Linear,
        integer: false,
        help: "An executed task spawns its children with probability q.",
        paper: "Section 1.3",
    };

    #[test]
    fn label_tooltip_and_range() {
        assert_eq!(Q.label(), "spawn probability q");
        assert!(Q.tooltip().ends_with("(Section 1.3)"));
        assert!(Q.accepts(0.5) && !Q.accepts(1.5) && !Q.accepts(f64::NAN));
        let n = ParamSpec {
            integer: true,
            range: (1.0, 10.0),
            ..Q
        };
        assert!(n.accepts(3.0) && !n.accepts(3.5));
        assert_eq!(find(&[Q, n], "spawn_prob"), Some(&Q));
    }
}
