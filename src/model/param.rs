//! Parameter descriptors: each parameter of a model described once — its field name, the
//! paper's symbol, a plain-language name, its unit, its valid range and scale, whether it is
//! an integer, its help text and where the paper defines it. The CLI's flag help, the GUI's
//! slider (range, scale, caption and tooltip), the map catalogue (axis name, default range)
//! and the report's rows all read the same descriptor.

use super::num::{Int, NumError, parse_int, parse_real};

/// How a parameter's values are spread on a slider's rail or a map axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spread {
    /// Evenly.
    Linear,
    /// Every decade the same length (for ranges spanning decades).
    Log,
}

/// One parameter of a model, described once (see the module docs). Written with
/// [`integer`], [`real`] or [`seed`] and the builder methods that change what they assume.
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
    /// The default, as the command line writes it (`2^20`, `0.75`; a range parameter's two
    /// ends as `LO,HI`). The model's `Default` reads it ([`ParamSpec::default_int`],
    /// [`ParamSpec::default_real`], [`ParamSpec::default_range`]), and so does the CLI.
    pub default: &'static str,
    /// One or two sentences: what the parameter is and what it does (CLI help, tooltips).
    pub help: &'static str,
    /// Where the paper defines it ("Section 2.1"), or "" when it is loadlab's own.
    pub paper: &'static str,
}

/// A whole-number parameter `field` named `name`, accepting `lo..=hi`, whose default is
/// `default`. It assumes what most parameters are, until a builder method says otherwise: its
/// symbol is `field`, it has no unit, its rail is the whole range spread by decades, and it has
/// no help and no section of the paper.
pub const fn integer(
    field: &'static str,
    name: &'static str,
    (lo, hi): (f64, f64),
    default: &'static str,
) -> ParamSpec {
    ParamSpec {
        field,
        symbol: field,
        name,
        unit: "",
        range: (lo, hi),
        rail: (lo, hi),
        spread: Spread::Log,
        integer: true,
        default,
        help: "",
        paper: "",
    }
}

/// A real parameter: as [`integer`], but any value in the range.
pub const fn real(
    field: &'static str,
    name: &'static str,
    range: (f64, f64),
    default: &'static str,
) -> ParamSpec {
    ParamSpec {
        integer: false,
        ..integer(field, name, range, default)
    }
}

/// A random generator's seed named `name`: field `seed`, any u64, a log rail up to 10^6,
/// default 1.
pub const fn seed(name: &'static str) -> ParamSpec {
    integer("seed", name, (0.0, u64::MAX as f64), "1").rail(0.0, 1e6)
}

impl ParamSpec {
    /// The descriptor with the paper's symbol (or a short caption) `symbol`.
    pub const fn symbol(self, symbol: &'static str) -> ParamSpec {
        ParamSpec { symbol, ..self }
    }

    /// The descriptor with the unit `unit`.
    pub const fn unit(self, unit: &'static str) -> ParamSpec {
        ParamSpec { unit, ..self }
    }

    /// The descriptor with the rail `lo..=hi` (a part of the range).
    pub const fn rail(self, lo: f64, hi: f64) -> ParamSpec {
        ParamSpec {
            rail: (lo, hi),
            ..self
        }
    }

    /// The descriptor with its values spread evenly along the rail (not by decades).
    pub const fn linear(self) -> ParamSpec {
        ParamSpec {
            spread: Spread::Linear,
            ..self
        }
    }

    /// The descriptor with where the paper defines it.
    pub const fn paper(self, paper: &'static str) -> ParamSpec {
        ParamSpec { paper, ..self }
    }

    /// The descriptor with its help text.
    pub const fn help(self, help: &'static str) -> ParamSpec {
        ParamSpec { help, ..self }
    }

    /// The default as an integer of type `T`. Every descriptor's default reads (a test checks
    /// them all), so a default that does not is a mistake in this table, not an input.
    pub fn default_int<T: Int>(&self) -> T {
        parse_int(self.default).unwrap_or_else(|e| self.bad_default(e))
    }

    /// The default as a real.
    pub fn default_real(&self) -> f64 {
        parse_real(self.default).unwrap_or_else(|e| self.bad_default(e))
    }

    /// A range parameter's default: its two ends (`LO,HI`).
    pub fn default_range(&self) -> (f64, f64) {
        let (lo, hi) = self.default.split_once(',').unwrap_or((self.default, ""));
        match (parse_real(lo), parse_real(hi)) {
            (Ok(lo), Ok(hi)) => (lo, hi),
            (Err(e), _) | (_, Err(e)) => self.bad_default(e),
        }
    }

    fn bad_default(&self, e: NumError) -> ! {
        panic!(
            "{}: the descriptor's default {:?}: {e}",
            self.field, self.default
        )
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

    const Q: ParamSpec = real("spawn_prob", "spawn probability", (0.0, 1.0), "0.75")
        .symbol("q")
        .rail(0.5, 1.0)
        .linear()
        .help("An executed task spawns its children with probability q.")
        .paper("Section 1.3");

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

    #[test]
    fn the_builder_assumes_an_integer_on_a_log_rail_over_its_range() {
        let k = integer("every", "period", (1.0, 64.0), "2^3");
        assert_eq!((k.symbol, k.unit, k.help, k.paper), ("every", "", "", ""));
        assert_eq!(
            (k.range, k.rail, k.spread),
            ((1.0, 64.0), (1.0, 64.0), Spread::Log)
        );
        assert!(k.integer && !Q.integer);
        assert_eq!(k.default_int::<u32>(), 8);
        assert_eq!(Q.default_real(), 0.75);
        assert_eq!(
            (Q.range, Q.rail, Q.spread),
            ((0.0, 1.0), (0.5, 1.0), Spread::Linear)
        );
        let s = seed("platform seed");
        assert_eq!(
            (s.field, s.default_int::<u64>(), s.rail),
            ("seed", 1, (0.0, 1e6))
        );
        assert_eq!(s.range.1, u64::MAX as f64);
        let r = real("sweep_beta", "β range", (1e-6, 1e12), "0.1,10^3");
        assert_eq!(r.default_range(), (0.1, 1000.0));
    }
}
