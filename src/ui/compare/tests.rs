use super::*;
use crate::report::Series;

#[test]
fn rows_pair_the_numbers_of_a_and_b() {
    let a = vec![("x".to_string(), 2.0), ("y".to_string(), 0.0)];
    let b = vec![("x".to_string(), 3.0), ("z".to_string(), 1.0)];
    let r = compare_rows(&a, &b);
    assert_eq!(r.len(), 3);
    assert_eq!(r[0].diff(), Some(1.0));
    assert_eq!(r[0].quotient(), Some(1.5));
    assert_eq!(r[1].b, None);
    assert_eq!(r[2].a, None);
    let n = headline_numbers(&ModelId::TreeSweep.default_scenario()).unwrap();
    assert!(n.iter().any(|(k, v)| k == "optimal" && *v == 235.0));
}

#[test]
fn overlay_names_and_colours_pair_a_series_with_b_series() {
    let set = |names: &[&str]| SeriesSet {
        x: "h".into(),
        y: "T".into(),
        series: names
            .iter()
            .map(|n| Series::new(*n, vec![[1.0, 2.0]]))
            .collect(),
    };
    let (a, b) = (set(&["C", "old"]), set(&["P", "C"]));
    let lines = overlay(Some(&a), Some(&b));
    let names: Vec<&str> = lines.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["A: C", "A: old", "B: P", "B: C"]);
    // "C" looks the same in both runs; "P", "C" and "old" (only in A) each their own way.
    assert_eq!(lines[0].look, lines[3].look);
    let (p, c, old) = (lines[2].look, lines[3].look, lines[1].look);
    assert!(p != c && c != old && p != old, "{p:?} {c:?} {old:?}");
    assert_eq!(overlay(None, Some(&b)).len(), 2);
}

/// Every series of every bundled preset's plots, overlaid on itself, has a look of its own
/// (divisible's nine series cycled six colours and drew "C simulated" and "Q simulated" alike),
/// and a group's simulated results and closed form share the group's colour.
#[test]
fn overlay_gives_every_series_a_look_of_its_own() {
    for b in crate::preset::BUNDLED {
        let p = b.preset().unwrap();
        for (name, set) in report::plots(&p.scenario, &NoProgress).unwrap() {
            let lines = overlay(None, Some(&set));
            for (i, l) in lines.iter().enumerate() {
                for m in &lines[i + 1..] {
                    assert_ne!(
                        l.look, m.look,
                        "{}: {name}: {} ~ {}",
                        b.file, l.name, m.name
                    );
                }
            }
            for (s, l) in set.series.iter().zip(&lines) {
                let twin = set.series.iter().zip(&lines).find(|(t, _)| {
                    t.group == s.group && t.role == Role::ClosedForm && s.role == Role::Simulated
                });
                if let Some((_, closed)) = twin {
                    assert_eq!(
                        l.look.color, closed.look.color,
                        "{}: {name}: {}",
                        b.file, s.name
                    );
                    assert!(matches!(l.look.pen, Pen::Points(_)), "{}", s.name);
                }
            }
        }
    }
}

/// The table's and the overlay's Copy CSV: every row as the table shows it, and A's and B's
/// series under the legend's names.
#[test]
fn the_comparison_copies_as_csv() {
    let a = vec![("x".to_string(), 2.0), ("y".to_string(), 0.0)];
    let b = vec![("x".to_string(), 3.0), ("z_w".to_string(), 1.0)];
    let names = Headline {
        numbers: Vec::new(),
        names: vec![("x".into(), "the x, in full".into())],
    };
    let csv = compare_csv(&compare_rows(&a, &b), &names, &names);
    assert_eq!(
        csv,
        "quantity,path,A,B,B − A,B ÷ A\n\
         \"the x, in full\",x,2,3,1,1.5\n\
         y,y,0,,,\n\
         z w,z_w,,1,,\n"
    );
    let set = |names: &[&str], y: f64| SeriesSet {
        x: "h".into(),
        y: "T".into(),
        series: names
            .iter()
            .map(|n| Series::new(*n, vec![[1.0, y]]))
            .collect(),
    };
    let csv = overlay_csv(Some(&set(&["C"], 2.0)), Some(&set(&["C", "P"], 3.0)));
    assert_eq!(csv, "series,h,T\nA: C,1,2\nB: C,1,3\nB: P,1,3\n");
}

#[test]
fn plots_are_matched_without_their_instance() {
    assert_eq!(
        section_key("plot: T_N vs β (tree b = 2, h = 15)"),
        "plot: T_N vs β"
    );
    assert_eq!(section_key("plot: makespan"), "plot: makespan");
    // Every compare preset's A and B have the same plots to overlay.
    for b in crate::preset::BUNDLED
        .iter()
        .filter(|b| b.file.starts_with("compare-"))
    {
        let p = b.preset().unwrap();
        let keys = |s: &Scenario| -> Vec<String> {
            report::plots(s, &NoProgress)
                .unwrap()
                .iter()
                .map(|(n, _)| section_key(n).to_string())
                .collect()
        };
        assert_eq!(keys(&p.pinned.unwrap()), keys(&p.scenario), "{}", b.file);
    }
}

#[test]
fn y_marks_are_round_and_far_enough_apart_for_their_labels() {
    use crate::ui::widgets::ticks;
    // A plot 100 points tall over 0…1000 (the overlay's axes are the plot widget's): at least
    // three marks, round, in range, each with room for its label.
    let marks = ticks::spacer(ticks::Scale::Linear, ticks::Y_SPACING)(egui_plot::GridInput {
        bounds: (0.0, 1000.0),
        base_step_size: 1000.0 / 100.0 * 8.0,
    });
    let values: Vec<f64> = marks.iter().map(|m| m.value).collect();
    assert_eq!(values, vec![0.0, 500.0, 1000.0]);
    assert!(marks.iter().all(|m| m.step_size / 1000.0 * 100.0 >= 30.0));
}

#[test]
fn differences_name_the_fields_where_a_differs() {
    let b = ModelId::Ksbf.default_scenario();
    assert_eq!(differences(&b, &b), "same as B");
    let mut a = b.clone();
    let Scenario::Ksbf(p) = &mut a else {
        panic!("{a:?}")
    };
    p.p += 8;
    let want = format!("p = {}", p.p);
    assert_eq!(differences(&a, &b), want);
}

#[test]
fn compare_preset_titles_use_the_controls_captions_and_the_papers_symbols() {
    let title = |file: &str| {
        let p = crate::preset::BUNDLED
            .iter()
            .find(|b| b.file == file)
            .unwrap()
            .preset()
            .unwrap();
        differences(&p.pinned.unwrap(), &p.scenario)
    };
    // The Algorithm menu's caption, not the enum's Rust name `Alg3Literal`.
    assert_eq!(
        title("compare-redistribute-alg3-printed-vs-corrected.ron"),
        crate::model::redistribute::params::Algorithm::Alg3Literal.label()
    );
    assert_eq!(
        title("compare-redistribute-alg3-printed-vs-corrected.ron"),
        "Algorithm 3 as printed"
    );
    // The Balancing menu's names (`named!`), not `None` / `Random`.
    assert_eq!(title("compare-ksbf-ks-vs-none.ron"), "balancing: none");
    assert_eq!(title("compare-ksbf-ks-vs-random.ron"), "balancing: random");
    // The paper's symbols: τ (tree sweeps), β (divisible load), ℓ (geodecay).
    assert!(title("compare-treesweep-fine-grain-vs-py.ron").starts_with("τ = "));
    assert_eq!(title("compare-divisible-c-p-q.ron"), "h = 2");
    let b = ModelId::Divisible.default_scenario();
    let mut a = b.clone();
    let Scenario::Divisible(p) = &mut a else {
        panic!("{a:?}")
    };
    p.beta = 0.5;
    p.network = crate::model::divisible::Network::Pyramid;
    assert_eq!(differences(&a, &b), "β = 0.5, pyramid");
    let b = ModelId::Geodecay.default_scenario();
    let mut a = b.clone();
    let Scenario::Geodecay(p) = &mut a else {
        panic!("{a:?}")
    };
    p.ell = 7.0;
    assert_eq!(differences(&a, &b), "ℓ = 7");
    // A ring's δ by its symbol; the costs' variant by its name.
    let b = ModelId::Redistribute.default_scenario();
    let mut a = b.clone();
    let Scenario::Redistribute(p) = &mut a else {
        panic!("{a:?}")
    };
    p.instance.delta.reverse();
    p.instance.delta.push(0);
    p.instance.loads.push(0);
    let t = differences(&a, &b);
    assert!(t.starts_with("δ = "), "{t}");
}

#[test]
fn every_model_reports_plots_to_overlay() {
    for m in ModelId::ALL {
        let plots = report::plots(&m.default_scenario(), &NoProgress).unwrap();
        assert!(!plots.is_empty(), "{}", m.name());
        assert!(
            plots.iter().all(|(_, s)| !s.series.is_empty()),
            "{}",
            m.name()
        );
    }
}

#[test]
fn compare_rows_are_named_by_the_reports_figure_names() {
    let h = headline(&ModelId::Divisible.default_scenario()).unwrap();
    // A figure's own name, not its JSON path.
    assert_eq!(h.name_of("ratio_c_over_p"), "T_C / T_P");
    assert!(h.numbers.iter().any(|(k, _)| k == "ratio_c_over_p"));
    // Every row of a model's table has a name without underscores or dots of a path.
    for m in ModelId::ALL {
        let h = headline(&m.default_scenario()).unwrap();
        for (path, _) in &h.numbers {
            let name = h.name_of(path);
            assert!(
                !name.contains('_') || h.names.iter().any(|(_, n)| name.starts_with(n.as_str())),
                "{m:?}: {path} is named {name:?}"
            );
            assert!(!name.ends_with(" f64"), "{m:?}: {path} is named {name:?}");
        }
    }
    // The tree sweep's processors are exact text; the number beside them takes their name.
    let h = headline(&ModelId::TreeSweep.default_scenario()).unwrap();
    assert_eq!(h.name_of("processors_f64"), "processors used by Fine-Grain");
    // A bound inside the redistribution's `bounds` object, in words.
    let none = Headline::default();
    assert_eq!(none.name_of("bounds.Lemma 1.value"), "Lemma 1 bound");
    assert_eq!(none.name_of("lg_star_ell"), "lg star ell");
}

/// The A/B table keeps its numbers whole: B ÷ A, then B − A, leave before a number is cut
/// (a cut "-1.21241e-16" read as "-1.21241e-1"); the names take what is left, at least 90
/// points and at most 320.
#[test]
fn the_table_leaves_a_column_out_rather_than_cut_a_number() {
    let widths = [70.0, 70.0, 80.0, 70.0];
    // 290 points of numbers and 5 gaps of 8: 330, and 90 for the names.
    use super::numbers::fit_columns;
    assert_eq!(fit_columns(500.0, widths, 8.0, 0.0), (4, 170.0));
    assert_eq!(fit_columns(1000.0, widths, 8.0, 0.0), (4, 320.0));
    assert_eq!(fit_columns(420.0, widths, 8.0, 0.0), (4, 90.0));
    assert_eq!(fit_columns(419.0, widths, 8.0, 0.0), (3, 167.0));
    // A and B alone: the names give way (to 48 points at the least) before a number is cut.
    assert_eq!(fit_columns(254.0, widths, 8.0, 0.0), (2, 90.0));
    assert_eq!(fit_columns(230.0, widths, 8.0, 0.0), (2, 66.0));
    assert_eq!(fit_columns(200.0, widths, 8.0, 0.0), (2, 48.0));
    // A names' header of 130 points (quantity and Copy CSV) is their least width.
    assert_eq!(fit_columns(420.0, widths, 8.0, 130.0), (3, 168.0));
    assert_eq!(fit_columns(460.0, widths, 8.0, 130.0), (4, 130.0));
}

#[test]
fn an_open_questions_run_reads_a_question_mark_in_its_column_and_in_b_minus_a() {
    use crate::model::ksbf::{Balance, KsbfParams};
    use crate::ui::frame::{HIDDEN, Secret};
    // Gao & Rosenberg step 5 asks the makespan of T_6 on R_4 with random sends (18); A is
    // pinned on KS (22, which the prompt states). B, the question's run, is on screen.
    let ks = KsbfParams::default();
    let random = KsbfParams {
        balance: Balance::Random,
        ..ks.clone()
    };
    let (a, b) = (Scenario::Ksbf(ks), Scenario::Ksbf(random));
    let secret = Secret::new("makespan", Some(Ok(18.0))).of_run(Some(b.clone()));
    let rows = compare_rows(
        &[("makespan".into(), 22.0), ("n".into(), 6.0)],
        &[("makespan".into(), 18.0), ("n".into(), 6.0)],
    );
    let rows: Vec<CompareRow> = rows.into_iter().map(|r| r.hide(&secret, &a, &b)).collect();
    assert_eq!(rows[0].hidden, [false, true]);
    assert_eq!(rows[1].hidden, [false, false]);
    let cells = numbers::row_cells(&rows[0]);
    assert_eq!(cells[0], "22");
    assert!(cells[1..].iter().all(|c| c == HIDDEN), "{cells:?}");
    let names = Headline {
        numbers: Vec::new(),
        names: Vec::new(),
    };
    let csv = compare_csv(&rows, &names, &names);
    assert!(!csv.contains("18") && !csv.contains("-4"), "{csv}");
    // With the question's run in A, A's column hides.
    let swapped = compare_rows(&[("makespan".into(), 18.0)], &[("makespan".into(), 22.0)]);
    let secret = secret.shown(&a);
    let row = swapped.into_iter().next().unwrap().hide(&secret, &b, &a);
    assert_eq!(row.hidden, [true, false]);
}
