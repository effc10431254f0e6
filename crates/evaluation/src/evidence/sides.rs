//! Side comparisons: "tender over quadriceps, L > R" says the left side has more of the
//! finding, so "tenderness was worse on the right than on the left" states the other side.
//! The word-by-word laterality check cannot see it, since both sides speak of both sides.

use super::Corpus;
use crate::text::{analyze, Analysis, Side, Term, Vocab};
use std::ops::Range;

/// One comparison of the two sides: the side with more of the finding, and where the
/// comparison is written (byte range).
#[derive(Clone, Debug, PartialEq)]
struct Comparison {
    greater: Side,
    at: Range<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Tok<'t> {
    Word(&'t str),
    Num,
    /// ">" (true) or "<" (false).
    Sign(bool),
    Punct,
}

/// Comparative words: those that give the first-named side more of the finding, and those
/// that give it less.
const MORE: &[&str] = &["greater", "more", "worse", "larger", "bigger", "higher"];
const LESS: &[&str] = &["less", "smaller", "lower", "milder"];

/// Words that only say what a comparison is, never which finding (left out of the words a
/// claim and a source comparison must share).
const FRAME: &[&str] = &[
    "greater",
    "more",
    "worse",
    "larger",
    "bigger",
    "higher",
    "less",
    "smaller",
    "lower",
    "milder",
    "than",
    "left",
    "right",
    "side",
    "sided",
    "bilateral",
    "bilaterally",
];

fn tokens(lower: &str) -> Vec<(Tok<'_>, Range<usize>)> {
    let b = lower.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_alphabetic() {
            while i < b.len() && b[i].is_ascii_alphabetic() {
                i += 1;
            }
            out.push((Tok::Word(&lower[start..i]), start..i));
        } else if c.is_ascii_digit() {
            while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
                i += 1;
            }
            out.push((Tok::Num, start..i));
        } else {
            i += 1;
            match c {
                b'>' | b'<' => out.push((Tok::Sign(c == b'>'), start..i)),
                // A hyphen joins words ("right-sided"); spaces separate them.
                b'-' | b' ' | b'\t' => {}
                _ => out.push((Tok::Punct, start..i)),
            }
        }
    }
    out
}

/// The side a word names: "left", "L", "lt" (a single letter not after a number: "2 L" is
/// a volume).
fn side_at(toks: &[(Tok<'_>, Range<usize>)], k: usize) -> Option<Side> {
    let Some((Tok::Word(w), _)) = toks.get(k) else {
        return None;
    };
    let after_number = k > 0 && matches!(toks[k - 1].0, Tok::Num);
    match *w {
        "left" | "lt" => Some(Side::Left),
        "right" | "rt" => Some(Side::Right),
        "l" if !after_number => Some(Side::Left),
        "r" if !after_number => Some(Side::Right),
        _ => None,
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::Left => Side::Right,
        _ => Side::Left,
    }
}

fn word<'t>(toks: &[(Tok<'t>, Range<usize>)], k: usize) -> Option<&'t str> {
    match toks.get(k) {
        Some((Tok::Word(w), _)) => Some(w),
        _ => None,
    }
}

/// Whether the comparative at `k` gives the side named before it more (Some(true)) or
/// less (Some(false)) of the finding.
fn comparative(toks: &[(Tok<'_>, Range<usize>)], k: usize) -> Option<bool> {
    let w = word(toks, k)?;
    if MORE.contains(&w) {
        Some(true)
    } else if LESS.contains(&w) {
        Some(false)
    } else {
        None
    }
}

/// Skips "side"/"sided" after a side word.
fn past_side_word(toks: &[(Tok<'_>, Range<usize>)], k: usize) -> usize {
    match word(toks, k) {
        Some("side" | "sided") => k + 1,
        _ => k,
    }
}

/// The side comparisons of a text: "L > R", "R>L", "L >> R", "L greater than R", "left
/// greater than right", "right more than left", "R worse than L", "the left effusion is
/// larger than the right"; and "worse on the right (than on the left)", "larger on the
/// left", "more prominent in the right", "less on the left".
fn comparisons(text: &str) -> Vec<Comparison> {
    let lower = text.to_ascii_lowercase();
    let toks = tokens(&lower);
    let mut out = Vec::new();
    let mut k = 0;
    while k < toks.len() {
        if let Some((c, next)) = ordered(&toks, k).or_else(|| prose(&toks, k)) {
            out.push(c);
            k = next;
        } else {
            k += 1;
        }
    }
    out
}

/// "L > R", "left greater than right", "R worse than L", "left effusion larger than the
/// right": a side, then (for a comparative word, after at most four words) the comparison
/// and the other side.
fn ordered(toks: &[(Tok<'_>, Range<usize>)], k: usize) -> Option<(Comparison, usize)> {
    let first = side_at(toks, k)?;
    let mut j = past_side_word(toks, k + 1);
    let more = match toks.get(j)?.0 {
        Tok::Sign(more) => {
            while matches!(toks.get(j + 1), Some((Tok::Sign(m), _)) if *m == more) {
                j += 1;
            }
            j += 1;
            more
        }
        _ => {
            let mut gap = 0;
            while comparative(toks, j).is_none() {
                if gap == 4 || word(toks, j).is_none() || side_at(toks, j).is_some() {
                    return None;
                }
                gap += 1;
                j += 1;
            }
            let more = comparative(toks, j)?;
            if word(toks, j + 1) != Some("than") {
                return None;
            }
            j += 2;
            while matches!(word(toks, j), Some("on" | "in" | "the" | "at")) {
                j += 1;
            }
            more
        }
    };
    let second = side_at(toks, j)?;
    if second != other(first) {
        return None;
    }
    let end = past_side_word(toks, j + 1);
    let greater = if more { first } else { second };
    let at = toks[k].1.start..toks[end - 1].1.end;
    Some((Comparison { greater, at }, end))
}

/// "worse on the right", "more prominent on the left", "less in the right": a comparative
/// word, at most two more words, "on"/"in" and a side.
fn prose(toks: &[(Tok<'_>, Range<usize>)], k: usize) -> Option<(Comparison, usize)> {
    let more = comparative(toks, k)?;
    let mut j = k + 1;
    let mut gap = 0;
    while !matches!(word(toks, j), Some("on" | "in")) {
        let w = word(toks, j)?;
        if gap == 2 || w == "than" || side_at(toks, j).is_some() {
            return None;
        }
        gap += 1;
        j += 1;
    }
    j += 1;
    if word(toks, j) == Some("the") {
        j += 1;
    }
    let side = side_at(toks, j)?;
    let end = past_side_word(toks, j + 1);
    let greater = if more { side } else { other(side) };
    let at = toks[k].1.start..toks[end - 1].1.end;
    Some((Comparison { greater, at }, end))
}

/// The sentence (or the part of it up to a semicolon) that holds `at`, as a byte range:
/// from the end of the previous one to the start of the next. A period ends a sentence
/// only before a space or a line end ("1.5 cm" goes on).
fn sentence_around(text: &str, at: Range<usize>) -> (usize, usize) {
    let b = text.as_bytes();
    let stop = |i: usize| match b[i] {
        b';' | b'\n' | b'!' | b'?' => true,
        b'.' => b.get(i + 1).is_none_or(|c| c.is_ascii_whitespace()),
        _ => false,
    };
    let lo = (0..at.start).rev().find(|i| stop(*i)).map_or(0, |i| i + 1);
    let hi = (at.end..b.len()).find(|i| stop(*i)).unwrap_or(b.len());
    (lo, hi)
}

/// The words of an analysed text that can name a finding (not light, not a comparison's).
fn finding_terms(a: &Analysis, frame: &[Term]) -> Vec<Term> {
    a.items
        .iter()
        .filter(|i| !i.light)
        .filter_map(|i| i.term())
        .filter(|t| !frame.contains(t))
        .collect()
}

/// The claim's side comparisons against those of the usable cited sources about the same
/// finding (the source comparison's stretch of its sentence shares a finding word with the
/// claim): `laterality_mismatch:comparison` when some source gives the other side more
/// and none gives the claim's side more.
pub(super) fn comparison_contradictions(
    corpus: &mut Corpus<'_>,
    statement: &str,
    claim: &Analysis,
    docs: &[usize],
) -> Vec<String> {
    // Every comparison names both sides; most claims name none (a cheap look first).
    let names_a_side = statement
        .split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| {
            ["l", "r", "lt", "rt", "left", "right"]
                .iter()
                .any(|s| w.eq_ignore_ascii_case(s))
        });
    if !names_a_side {
        return Vec::new();
    }
    let wanted = comparisons(statement);
    if wanted.is_empty() {
        return Vec::new();
    }
    let frame: Vec<Term> = FRAME.iter().map(|w| corpus.vocab.term(w)).collect();
    let claim_terms = finding_terms(claim, &frame);
    // Each source comparison with the stretch of its sentence that belongs to it: from
    // the previous comparison of the sentence (or its start) to the next one (or its end).
    let mut found: Vec<(Side, String)> = Vec::new();
    for &d in docs {
        let Some(source) = corpus.sources.get(d) else {
            continue;
        };
        let content = source.content.as_str();
        let here = comparisons(content);
        for (n, c) in here.iter().enumerate() {
            let (lo, hi) = sentence_around(content, c.at.clone());
            let start = n
                .checked_sub(1)
                .map(|p| here[p].at.end)
                .filter(|e| *e > lo)
                .unwrap_or(lo);
            let end = here
                .get(n + 1)
                .map(|x| x.at.start)
                .filter(|s| *s < hi)
                .unwrap_or(hi);
            if let Some(stretch) = content.get(start..end) {
                found.push((c.greater, stretch.to_owned()));
            }
        }
    }
    let vocab: &mut Vocab = &mut corpus.vocab;
    let mut same = false;
    let mut other_side = false;
    for (greater, stretch) in &found {
        let a = analyze(stretch, vocab);
        let terms = finding_terms(&a, &frame);
        if !claim_terms.iter().any(|t| terms.contains(t)) {
            continue;
        }
        for w in &wanted {
            if w.greater == *greater {
                same = true;
            } else {
                other_side = true;
            }
        }
    }
    if other_side && !same {
        vec!["laterality_mismatch:comparison".into()]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn greater(text: &str) -> Vec<Side> {
        comparisons(text).into_iter().map(|c| c.greater).collect()
    }

    #[test]
    fn notations_and_prose() {
        use Side::{Left, Right};
        assert_eq!(greater("tender over quadriceps, L > R."), [Left]);
        assert_eq!(greater("effusions, R>L, and edema"), [Right]);
        assert_eq!(greater("edema L >> R"), [Left]);
        assert_eq!(greater("L greater than R"), [Left]);
        assert_eq!(greater("left greater than right"), [Left]);
        assert_eq!(greater("right more than left"), [Right]);
        assert_eq!(greater("R worse than L"), [Right]);
        assert_eq!(greater("R < L"), [Left]);
        assert_eq!(
            greater("the left effusion is larger than the right"),
            [Left]
        );
        assert_eq!(
            greater("Tenderness was worse on the right than on the left."),
            [Right]
        );
        assert_eq!(greater("Effusions were larger on the left."), [Left]);
        assert_eq!(greater("swelling more prominent in the right leg"), [Right]);
        assert_eq!(greater("less on the left"), [Right]);
        assert!(greater("24 y/o R-hand dominant M").is_empty());
        assert!(greater("net positive 2 L > 1 L").is_empty());
        assert!(greater("pain worse with flexion; left knee").is_empty());
        assert!(greater("right knee more swollen than yesterday").is_empty());
    }

    #[test]
    fn the_sentence_around_a_comparison() {
        let t = "Exam: edema of both legs, L > R; calves soft. Sounds decreased at 1.5 cm, R > L.";
        let stretch = |at: Range<usize>| {
            let (lo, hi) = sentence_around(t, at);
            &t[lo..hi]
        };
        assert_eq!(stretch(26..31), "Exam: edema of both legs, L > R");
        assert_eq!(stretch(74..79), " Sounds decreased at 1.5 cm, R > L");
    }
}
