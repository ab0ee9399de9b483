use super::*;

fn san_line(r: &ArchiveReconciled) -> String {
    let mut pos = r.start.clone();
    let mut out = Vec::new();
    for &m in &r.moves {
        out.push(render::san_in(&pos, m, english()));
        pos.play_unchecked(m);
    }
    out.join(" ")
}

const HEAD: &str = "[Event \"t\"]\n\n";

fn both(a: &str, b: &str) -> [ArchiveReconciled; 2] {
    let (a, b) = (format!("{HEAD}{a}"), format!("{HEAD}{b}"));
    [reconcile_copies(&a, &b), reconcile_copies(&b, &a)]
}

#[test]
fn a_changed_stretch_is_taken_whole_from_one_copy() {
    // 2...Nc6 3.Bb5 against 2...Nf6 3.Nc3: never Nc6 with Nc3 (or Nf6 with Bb5).
    let a = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. h3 h6 *";
    let b = "1. e4 e5 2. Nf3 Nf6 3. Nc3 a6 4. h3 h6 *";
    for r in both(a, b) {
        let line = san_line(&r);
        assert!(
            line.contains("Nc6 Bb5") || line.contains("Nf6 Nc3"),
            "{line}"
        );
        let d: Vec<_> = r
            .differences
            .iter()
            .filter(|d| d.kind != "result")
            .collect();
        assert_eq!(d.len(), 1, "{:?}", r.differences);
        assert_eq!(d[0].decided_by, "sources_disagree");
        assert!(!d[0].first_wrote.is_empty() && !d[0].second_wrote.is_empty());
    }
}

#[test]
fn a_transposed_move_is_recognised() {
    let a = "1. e4 c5 2. Nf3 Nc6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 e5 6. Ndb5 d6 *";
    let b = "1. e4 c5 2. Nf3 Nc6 3. d4 cxd4 4. Nxd4 e5 5. Nc3 Nf6 6. Ndb5 d6 *";
    for r in both(a, b) {
        assert_eq!(r.moves.len(), 12, "{}", san_line(&r));
        assert!(
            r.differences.iter().all(|d| d.kind == "transposition"),
            "{:?}",
            r.differences
        );
        assert!(!r.differences.is_empty());
    }
}

#[test]
fn a_copy_that_ends_early_does_not_change_the_moves_both_have() {
    let a = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *";
    let b = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *";
    for r in both(a, b) {
        assert_eq!(san_line(&r), "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7");
        assert_eq!(r.differences.len(), 1);
        assert_eq!(r.differences[0].decided_by, "kept_moves");
    }
}

#[test]
fn legality_decides_a_dropped_pair() {
    // The second copy dropped 2.Nf3 Nc6; 3.Nxe5 needs the knight.
    let a = "1. e4 e5 2. Nf3 Nc6 3. Nxe5 Nxe5 *";
    let b = "1. e4 e5 2. Nxe5 Nxe5 *";
    for r in both(a, b) {
        assert_eq!(san_line(&r), "e4 e5 Nf3 Nc6 Nxe5 Nxe5");
        assert_eq!(r.differences[0].decided_by, "legality");
    }
}
