use super::*;

#[test]
fn significant_digits() {
    assert_eq!(sig(0.0, 6), "0");
    assert_eq!(sig(1.0, 6), "1");
    assert_eq!(sig(1.5, 6), "1.5");
    assert_eq!(sig(-2.0 / 3.0, 6), "-0.666667");
    assert_eq!(sig(123_456.789, 6), "123457");
    assert_eq!(sig(1_234_567.0, 6), "1.23457e6");
    assert_eq!(sig(0.000_012_5, 6), "1.25e-5");
    assert_eq!(sig(0.001_25, 3), "0.00125");
    assert_eq!(sig(100.0, 3), "100");
    assert_eq!(sig(f64::NAN, 6), "NaN");
    assert_eq!(sig(f64::INFINITY, 6), "inf");
}

#[test]
fn a_zero_never_reads_minus_zero() {
    let all = [
        Precision::Exact,
        Precision::Text,
        Precision::Table,
        Precision::Readout,
        Precision::Caption,
        Precision::Lesson,
        Precision::Steps,
        Precision::Estimate,
    ];
    for p in all {
        assert_eq!(number(-0.0, p), "0", "{p:?}");
        assert_eq!(number((-0.3f64).round(), p), "0", "{p:?}");
    }
    // CSV reads back exactly, sign and all.
    assert_eq!(number(-0.0, Precision::Csv), "-0");
}

#[test]
fn named_precisions() {
    let x = 2.0 / 3.0;
    assert_eq!(number(x, Precision::Csv), "0.6666666666666666");
    assert_eq!(number(x, Precision::Text), "0.6666666667");
    assert_eq!(number(x, Precision::Table), "0.666667");
    assert_eq!(number(x, Precision::Readout), "0.6667");
    assert_eq!(number(x, Precision::Caption), "0.667");
    assert_eq!(number(742.964, Precision::Readout), "743");
    assert_eq!(number(4096.0, Precision::Table), "4096");
}

#[test]
fn compact_and_approximate_numbers() {
    let compact = |x| number(x, Precision::Exact);
    let approx = |x| number(x, Precision::Estimate);
    assert_eq!(compact(1e308), "1e308");
    assert_eq!(compact(1e-300), "1e-300");
    assert_eq!(compact(4096.0), "4096");
    assert_eq!(compact(2.5), "2.5");
    assert_eq!(compact(0.001), "0.001");
    assert_eq!(compact(-1.5e20), "-1.5e20");
    assert_eq!(compact(f64::INFINITY), "inf");
    assert_eq!(compact(0.0), "0");
    assert_eq!(compact(123456789012.0), "123456789012");
    for x in [1e308, 1.234e-7, 3.0, 1e15, 123.456] {
        assert_eq!(compact(x).parse::<f64>(), Ok(x));
    }
    assert_eq!(approx(2.68e8), "2.7 × 10^8");
    assert_eq!(approx(5e7), "5 × 10^7");
    assert_eq!(approx(4096.0), "4096");
    assert_eq!(approx(12_345.0), "1.2 × 10^4");
    assert_eq!(approx(350.4), "350");
    assert_eq!(approx(28.0), "28");
    assert_eq!(approx(2.54), "2.5");
    assert_eq!(approx(0.25), "0.25");
    assert_eq!(approx(1e-3), "1 × 10^-3");
}

#[test]
fn numbers_read_well() {
    let format_number = |x| number(x, Precision::Lesson);
    assert_eq!(format_number(11.0), "11");
    assert_eq!(format_number(1.9672933977), "1.967");
    assert_eq!(format_number(0.5), "0.5");
}

#[test]
fn the_styles_differ_where_their_readers_rely_on_it() {
    // 12346: whole in lesson text and the divisible steps, rounded in a read-out.
    assert_eq!(number(12_346.0, Precision::Lesson), "12346");
    assert_eq!(number(12_346.0, Precision::Steps), "12346");
    assert_eq!(number(12_346.0, Precision::Readout), "1.235e4");
    // Beyond their windows, lesson and steps keep the mantissa's zeros.
    assert_eq!(number(2_500_000.5, Precision::Lesson), "2.5000 × 10^6");
    assert_eq!(number(2e5, Precision::Steps), "2.000 × 10^5");
    assert_eq!(bytes(2.1e9), "2.1 GB");
    assert_eq!(duration(9000.0), "2.5 h");
    // A mask hides each shown writing.
    let all: Vec<String> = renderings(2.0 / 3.0).collect();
    assert_eq!(
        all,
        ["0.6666666667", "0.666667", "0.6667", "0.667", "0.6667"]
    );
}

#[test]
fn a_huge_table_value_reads_as_a_big_integer_does() {
    // 2^1000 − 1 (one processor sweeping T_1000), as a float and as an exact count.
    assert_eq!(table_number(2f64.powi(1000)), "1.07151 × 10^301");
    assert_eq!(
        big_integer(&"9".repeat(302), 6).as_deref(),
        Some("1 × 10^302")
    );
    assert_eq!(table_number(-2.5e12), "-2.5 × 10^12");
    assert_eq!(table_number(999_999_999_999.0), "999999999999");
}

/// A Gantt chart's level counts read alike: in full below a million, from there on as powers
/// of ten (the table's rule wrote 10^10 in full and 10^12 as "1 × 10^12" in one chart).
#[test]
fn label_counts_switch_to_powers_of_ten_at_a_million() {
    assert_eq!(label_count(999_999.0), "999999");
    assert_eq!(label_count(1_048_576.0), "1.05 × 10^6");
    assert_eq!(label_count(1e10), "1 × 10^10");
    assert_eq!(label_count(1_099_511_627_776.0), "1.1 × 10^12");
    assert_eq!(label_count(32.0), "32");
}

/// The integer types' largest values, ends of ranges the model sets no other limit to, read
/// as what they are (a slider's note said "at most 9.223372036854776e18").
#[test]
fn the_largest_integers_read_as_what_they_are() {
    assert_eq!(whole_limit(i64::MAX as f64), "2^63 − 1");
    assert_eq!(whole_limit(u64::MAX as f64), "2^64 − 1");
    assert_eq!(whole_limit(i64::MIN as f64), "-2^63");
    assert_eq!(whole_limit(2.0), "2");
    assert_eq!(whole_limit(63.0), "63");
    assert_eq!(whole_limit(1e6), "1000000");
}

#[test]
fn a_huge_read_out_reads_as_the_table_writes_it() {
    // gil-matias step 5 (ℓ = 2^64): the caption's "time so far 1.84467 × 10^19" stood above
    // a why line's "x_0 = 1.845e19".
    let two64 = 2f64.powi(64);
    assert_eq!(table_number(two64), "1.84467 × 10^19");
    assert_eq!(number(two64, Precision::Readout), "1.845 × 10^19");
    assert_eq!(number(two64, Precision::Caption), "1.84 × 10^19");
    assert_eq!(number(-3e15, Precision::Readout), "-3 × 10^15");
    // Below 10^12 the narrow places keep the short form.
    assert_eq!(number(2.5e9, Precision::Readout), "2.5e9");
    assert_eq!(number(1.5e-7, Precision::Caption), "1.5e-7");
}

#[test]
fn a_large_power_of_two_is_written_as_one_and_masked_as_one() {
    assert_eq!(power_count(1 << 30), "2^30");
    assert_eq!(power_count(1 << 16), "2^16");
    assert_eq!(power_count(1 << 15), "32768");
    assert_eq!(power_count(3 << 20), "3145728");
    assert_eq!(power_count(u64::MAX), "18446744073709551615");
    assert_eq!(power_count(1_000_000_000), "10^9");
    assert_eq!(power_count(100_000), "100000");
    assert_eq!(power_count(2_000_000), "2000000");
    let all: Vec<String> = renderings(1073741824.0).collect();
    assert!(all.contains(&"2^30".to_string()), "{all:?}");
    assert!(!renderings(1000.0).any(|t| t.contains('^')));
}
