//! The CSV contract of every model (one writer, the plots and numbers sections, eval's CSV
//! equal to the subcommand's) and the one number syntax of every numeric flag.

use super::common::{assert_error, json, run, stdout};

/// One section of a CSV export: its `# name`, header and rows.
#[derive(Debug)]
struct CsvSection {
    name: String,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

/// A line of a CSV export: a `#` comment line, or a record of fields.
#[derive(Debug)]
enum CsvLine {
    Comment(String),
    Record(Vec<String>),
}

/// Splits RFC 4180 text into records (quoted fields may hold commas, quotes and line breaks);
/// a line starting with `#` outside a record is a comment.
fn csv_lines(text: &str) -> Vec<CsvLine> {
    let mut lines = Vec::new();
    let (mut record, mut field) = (Vec::new(), String::new());
    let (mut quoted, mut chars) = (false, text.chars().peekable());
    while let Some(c) = chars.next() {
        let at_start = record.is_empty() && field.is_empty() && !quoted;
        match (quoted, c) {
            (false, '#') if at_start => {
                let mut comment = String::from("#");
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                    comment.push(d);
                }
                lines.push(CsvLine::Comment(comment));
            }
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => {
                assert!(
                    field.is_empty(),
                    "a quote inside an unquoted field: {field:?}"
                );
                quoted = true;
            }
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                lines.push(CsvLine::Record(std::mem::take(&mut record)));
            }
            (false, c) => field.push(c),
        }
    }
    assert!(!quoted, "unterminated quote");
    assert!(
        field.is_empty() && record.is_empty(),
        "the last line ends with a newline"
    );
    lines
}

/// Parses a CSV export and checks its shape: a `# loadlab:` title line, then sections, each a
/// `# name` line, one header and rows exactly as wide; in plot sections (header
/// `series,x,y`) every series is one contiguous run of rows, so names are unique.
fn parse_export(text: &str) -> Vec<CsvSection> {
    assert!(text.starts_with("# loadlab: "), "{text}");
    let mut sections: Vec<CsvSection> = Vec::new();
    for line in csv_lines(text).into_iter().skip(1) {
        let record = match line {
            CsvLine::Comment(c) => {
                let name = c.strip_prefix("# ").expect("comment lines are `# name`");
                sections.push(CsvSection {
                    name: name.to_string(),
                    header: Vec::new(),
                    rows: Vec::new(),
                });
                continue;
            }
            CsvLine::Record(r) => r,
        };
        let s = sections.last_mut().expect("a section line before any data");
        assert!(record != [""], "blank line in {:?}", s.name);
        if s.header.is_empty() {
            s.header = record;
        } else {
            assert_eq!(
                record.len(),
                s.header.len(),
                "section {:?}: row {record:?} against header {:?}",
                s.name,
                s.header
            );
            s.rows.push(record);
        }
    }
    let mut names = std::collections::HashSet::new();
    for s in &sections {
        assert!(!s.header.is_empty(), "section {:?} has no header", s.name);
        assert!(names.insert(s.name.clone()), "section {:?} twice", s.name);
        if s.header[0] == "series" {
            assert_eq!(s.header.len(), 3, "{:?}", s.header);
            let mut seen = std::collections::HashSet::new();
            let mut last: Option<&str> = None;
            for r in &s.rows {
                if last != Some(r[0].as_str()) {
                    assert!(
                        seen.insert(r[0].clone()),
                        "series {:?} twice in {:?}",
                        r[0],
                        s.name
                    );
                    last = Some(&r[0]);
                }
                for v in &r[1..] {
                    assert!(
                        v.parse::<f64>().is_ok(),
                        "{v:?} in {:?} is not a number",
                        s.name
                    );
                }
            }
        }
    }
    sections
}

fn section<'a>(sections: &'a [CsvSection], prefix: &str) -> &'a CsvSection {
    sections
        .iter()
        .find(|s| s.name.starts_with(prefix))
        .unwrap_or_else(|| {
            let names: Vec<&str> = sections.iter().map(|s| s.name.as_str()).collect();
            panic!("no section {prefix:?} among {names:?}")
        })
}

fn series_names(s: &CsvSection) -> Vec<&str> {
    let mut v: Vec<&str> = s.rows.iter().map(|r| r[0].as_str()).collect();
    v.dedup();
    v
}

#[test]
fn divisible_csv_names_simulated_and_closed_form_apart() {
    let csv = stdout(&["divisible", "--h", "4", "--csv"]);
    let s = parse_export(&csv);
    let methods = section(&s, "methods");
    assert_eq!(methods.rows.len(), 3);
    let h = section(&s, "plot: T_N vs h");
    assert_eq!(h.header, ["series", "h", "T_N"]);
    let names = series_names(h);
    for m in ["C", "P", "Q"] {
        assert!(
            names.contains(&format!("{m} simulated").as_str()),
            "{names:?}"
        );
        assert!(
            names.contains(&format!("{m} closed form").as_str()),
            "{names:?}"
        );
    }
    // 21 values of h (0..=20) per series, the β plot 61 points per series.
    assert_eq!(h.rows.iter().filter(|r| r[0] == "P simulated").count(), 21);
    let beta = section(&s, "plot: T_N vs β");
    assert_eq!(
        beta.rows.iter().filter(|r| r[0] == "Q closed form").count(),
        61
    );
    section(&s, "plot: S_N vs h");
    let sched = section(&s, "schedule (");
    assert!(sched.rows.len() > 10);
    // Table I, h = 4: the simulated and the closed-form T_C agree.
    let row = |name: &str| {
        h.rows
            .iter()
            .find(|r| r[0] == name && r[1] == "4")
            .map(|r| r[2].parse::<f64>().unwrap())
            .unwrap()
    };
    assert!((row("C simulated") - row("C closed form")).abs() < 1e-9);
    // An output flag does not change the CSV; --beta-points cannot be combined with it.
    assert_eq!(
        csv,
        stdout(&["divisible", "--h", "4", "--sweep", "h", "--csv"])
    );
    assert_error(
        &["divisible", "--csv", "--beta-points", "5"],
        "--beta-points",
    );
    assert_error(&["divisible", "--csv", "--json"], "--json");
}

#[test]
fn every_model_prints_parseable_csv() {
    let cases: [&[&str]; 5] = [
        &[
            "divisible",
            "--network",
            "pyramid",
            "--h",
            "3",
            "--algorithm",
            "P",
        ],
        &[
            "geodecay",
            "--n",
            "1e6",
            "--p",
            "64",
            "--ell-log2-max",
            "12",
        ],
        &["treesweep", "--n", "6", "--tau", "3"],
        &["ksbf", "--shape", "grid", "--n", "7", "--p", "3"],
        &[
            "redistribute",
            "--delta",
            "2,-1,0,-1",
            "--cw",
            "1,2,3,4",
            "--ccw",
            "4,3,2,1",
        ],
    ];
    for args in cases {
        let mut a = args.to_vec();
        a.push("--csv");
        let s = parse_export(&stdout(&a));
        assert!(s.len() >= 4, "{args:?}: {} sections", s.len());
        // Real tables: most rows have several fields (KS-BF's export used to be one column).
        let rows: Vec<&Vec<String>> = s.iter().flat_map(|x| &x.rows).collect();
        let wide = rows.iter().filter(|r| r.len() >= 2).count();
        assert!(
            wide * 10 >= rows.len() * 9,
            "{args:?}: {wide} of {} rows",
            rows.len()
        );
    }
}

#[test]
fn csv_holds_the_plots_of_each_model() {
    let geo = parse_export(&stdout(&[
        "geodecay",
        "--n",
        "1e6",
        "--p",
        "64",
        "--ell-log2-max",
        "12",
        "--csv",
    ]));
    let ell = section(&geo, "plot: overhead (T − Brent)/ℓ vs lg ℓ");
    assert_eq!(
        series_names(ell),
        ["never", "standard", "improved", "optimal", "lg ℓ", "lg* ℓ"]
    );
    assert_eq!(ell.rows.iter().filter(|r| r[0] == "improved").count(), 12);
    let p = section(&geo, "plot: total time vs p");
    // p = 1, 2, 4, …, 2^19 ≤ 10^6.
    assert_eq!(p.rows.iter().filter(|r| r[0] == "never").count(), 20);
    let rounds = section(&geo, "rounds: policy improved");
    assert_eq!(rounds.header[0], "round");
    section(&geo, "policies");

    let ts = parse_export(&stdout(&["treesweep", "--n", "4", "--tau", "3", "--csv"]));
    let fig2 = section(&ts, "plot: Fig. 2");
    assert!(
        series_names(fig2).contains(&"T*, τ = 3"),
        "{:?}",
        series_names(fig2)
    );
    assert!(series_names(fig2).contains(&"T_PY, τ = 128"));
    assert_eq!(
        fig2.rows.iter().filter(|r| r[0] == "T*, τ = 1000").count(),
        40
    );
    section(&ts, "plot: T* and T_PY vs τ");
    assert_eq!(section(&ts, "schedule: Fine-Grain").rows.len(), 15);
    assert_eq!(section(&ts, "schedule: P.Y").rows.len(), 15);

    let ks = parse_export(&stdout(&[
        "ksbf",
        "--shape",
        "random-tree",
        "--n",
        "10",
        "--p",
        "4",
        "--spawn-prob",
        "0.9",
        "--csv",
    ]));
    for name in [
        "plot: makespan vs n",
        "plot: makespan vs p",
        "plot: work per PE",
    ] {
        assert!(!section(&ks, name).rows.is_empty(), "{name}");
    }
    assert_eq!(section(&ks, "seeds").rows.len(), 100);
    let per_pe = section(&ks, "per PE");
    assert_eq!(per_pe.rows.len(), 4);

    let rd = parse_export(&stdout(&[
        "redistribute",
        "--delta",
        "3,-1,2,0,-4,1,2,-2,0,1,-3,1",
        "--csv",
    ]));
    let sched = section(&rd, "schedule");
    assert_eq!(
        sched.header,
        ["round", "from", "to", "start", "end", "items"]
    );
    assert_eq!(sched.rows.last().unwrap()[0], "4");
    let bounds = section(&rd, "bounds");
    assert!(
        bounds
            .rows
            .iter()
            .any(|r| r[0] == "Lemma 6" && r[1] == "4" && r[2] == "true")
    );
    let sweep = section(&rd, "plot: mean makespan");
    assert_eq!(series_names(sweep), ["mean makespan", "mean lower bound"]);
}

#[test]
fn eval_csv_equals_the_subcommand_csv() {
    let cases: [(&str, &[&str]); 5] = [
        (
            "divisible-table-1",
            &["divisible", "--b", "2", "--h", "15", "--h-max", "15"],
        ),
        (
            "geodecay-crcw",
            &[
                "geodecay",
                "--n",
                "2^30",
                "--p",
                "2^16",
                "--ell",
                "118.14602788937445",
            ],
        ),
        (
            "treesweep-small",
            &["treesweep", "--n", "5", "--tau", "2.5"],
        ),
        (
            "ksbf-random-trees",
            &[
                "ksbf",
                "--shape",
                "random-tree",
                "--n",
                "18",
                "--p",
                "8",
                "--seed",
                "2",
                "--spawn-prob",
                "0.8",
            ],
        ),
        (
            "redistribute-fig-4",
            &[
                "redistribute",
                "--delta",
                "2,1,-2,1,2,-2,-2",
                "--loads",
                "3,2,1,2,3,1,1",
            ],
        ),
    ];
    for (preset, args) in cases {
        let a = stdout(&["eval", preset, "--csv"]);
        let mut flags = args.to_vec();
        flags.push("--csv");
        assert_eq!(a, stdout(&flags), "{preset}");
        parse_export(&a);
        // And the default outputs agree too.
        assert_eq!(
            json(&["eval", preset, "--json"]),
            json(&{
                let mut f = args.to_vec();
                f.push("--json");
                f
            }),
            "{preset}"
        );
    }
}

#[test]
fn one_number_syntax_for_every_numeric_flag() {
    // Integers accept 1e6 and 2^20 where exact.
    assert_eq!(json(&["divisible", "--h", "1e1", "--json"])["h"], 10);
    assert_eq!(
        json(&["divisible", "--b", "2^2", "--h", "2", "--json"])["b"],
        4
    );
    assert_eq!(json(&["treesweep", "--n", "2^3", "--json"])["n"], 8);
    let k = json(&[
        "ksbf", "--n", "5e0", "--p", "2^2", "--seed", "1e3", "--json",
    ]);
    assert_eq!((k["n"].as_u64(), k["p"].as_u64()), (Some(5), Some(4)));
    assert_eq!(
        json(&[
            "geodecay", "--n", "2.5e5", "--p", "10^2", "--seeds", "1e1", "--json"
        ])["n"],
        250_000
    );
    // Reals accept a^b everywhere.
    assert_eq!(
        json(&["divisible", "--beta", "10^2", "--json"])["beta"],
        100.0
    );
    // Overflow says "too large" with the number type's limit, never "must be at least".
    for (args, limit) in [
        (&["geodecay", "--n", "1e30"][..], "2^64 − 1"),
        (&["geodecay", "--p", "2^64"], "2^64 − 1"),
        (&["divisible", "--b", "2^70"], "2^63 − 1"),
        (&["ksbf", "--n", "2^40"], "2^32 − 1"),
        (&["ksbf", "--seed", "1e20"], "2^64 − 1"),
        (&["geodecay", "--ell-log2-max", "1e10"], "2^32 − 1"),
        (&["treesweep", "--n", "1e40"], "2^127 − 1"),
    ] {
        let out = run(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("at least"), "{args:?}: {err}");
        assert_error(
            args,
            &format!("too large (beyond {limit}, the largest number read here)"),
        );
    }
    assert_error(&["geodecay", "--seeds", "-1"], "too small (below 0,");
    assert_error(&["ksbf", "--n", "2.5"], "not a whole number");
    assert_error(&["ksbf", "--p", "1e-1"], "not a whole number");
    assert_error(&["divisible", "--h", "five"], "not a number");
    // Counts below 1 keep their own message.
    assert_error(
        &["ksbf", "--p", "-2^2"],
        "p (ring size) must be at least 1 (got -4)",
    );
}

/// The bounds table gives a gap only where the bound applies: on a bidirectional ring Lemma 1
/// (unidirectional, 4 for δ = (2, 1, 1, −2, −2): the slice C_{1,3} holds 4) has none — a gap of
/// −2 read as a schedule beating a lower bound — while Lemma 6's ⌈4/2⌉ = 2 is met (gap 0).
#[test]
fn a_bound_that_does_not_apply_has_no_gap() {
    let out = stdout(&[
        "redistribute",
        "--delta",
        "2,1,1,-2,-2",
        "--algorithm",
        "alg3",
        "--csv",
    ]);
    let rows: Vec<&str> = out
        .lines()
        .skip_while(|l| *l != "# bounds")
        .skip(2)
        .take_while(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    assert!(
        rows.iter().any(|r| r.starts_with("Lemma 1,4,false,,")),
        "{rows:?}"
    );
    assert!(
        rows.iter().any(|r| r.starts_with("Lemma 6,2,true,0,")),
        "{rows:?}"
    );
}
