//! Clinical text analysis: tokens normalised (abbreviations, brand names, synonyms, stems),
//! numbers bound to units, dates and frequencies, and each word's negation and side.

pub(crate) mod lexicon;
pub(crate) mod quantity;

use lexicon::{lexicon, Lexicon};
use quantity::{Dim, Quantity, Shape};
use std::collections::HashMap;
use std::ops::Range;

/// An interned canonical word.
pub(crate) type Term = u32;

/// Interner shared by every text of one evaluation, so equal words compare as integers.
/// It also remembers how each surface word was normalised, since the same words recur
/// across the sources and claims of a run. (Keys come from input text, so these maps keep
/// the standard randomly seeded hasher.)
#[derive(Default)]
pub(crate) struct Vocab {
    ids: HashMap<String, Term>,
    words: HashMap<String, WordInfo>,
}

/// A content word's canonical term and classes.
#[derive(Clone, Copy, Debug)]
struct WordInfo {
    term: Term,
    drug: bool,
    light: bool,
    anatomy: bool,
}

impl Vocab {
    pub(crate) fn id(&mut self, word: &str) -> Term {
        if let Some(id) = self.ids.get(word) {
            return *id;
        }
        let id = self.ids.len() as Term;
        self.ids.insert(word.to_owned(), id);
        id
    }

    fn word(&mut self, base: &str, lex: &Lexicon) -> WordInfo {
        if let Some(info) = self.words.get(base) {
            return *info;
        }
        let canonical = canonical(base, lex);
        let info = WordInfo {
            term: self.id(&canonical),
            drug: lex.is_drug(base) || lex.is_drug(&canonical),
            light: lex.light.contains_key(base) || lex.light.contains_key(canonical.as_str()),
            anatomy: lex.anatomy.contains_key(base),
        };
        self.words.insert(base.to_owned(), info);
        info
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    Left,
    Right,
    Both,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Kind {
    Word(Term),
    Qty(Quantity),
}

/// One content token (a normalised word or a quantity) with where it came from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Item {
    pub kind: Kind,
    /// Ordinal among the items of the text: distance between items is `pos` difference.
    pub pos: u32,
    /// Ordinal of the clause (commas, colons, parentheses and conjunctions separate them).
    pub clause: u32,
    /// Ordinal of the sentence within the text.
    pub sent: u32,
    pub neg: bool,
    pub side: Option<Side>,
    pub drug: bool,
    pub light: bool,
}

impl Item {
    pub(crate) fn term(&self) -> Option<Term> {
        match self.kind {
            Kind::Word(t) => Some(t),
            Kind::Qty(_) => None,
        }
    }
    pub(crate) fn qty(&self) -> Option<&Quantity> {
        match &self.kind {
            Kind::Qty(q) => Some(q),
            Kind::Word(_) => None,
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Sentence {
    pub start: u32,
    pub end: u32,
    pub items: Range<usize>,
}

/// Where a claim may be cut into separately checked facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Split {
    /// Sentence end or semicolon.
    Hard,
    Comma,
    Conjunction,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Analysis {
    pub items: Vec<Item>,
    pub sentences: Vec<Sentence>,
    /// (index of the first item after the cut, kind of cut)
    pub splits: Vec<(usize, Split)>,
}

/// Analyses one text. Deterministic and total: any input gives some analysis.
pub(crate) fn analyze(text: &str, vocab: &mut Vocab) -> Analysis {
    let lex = lexicon();
    let raws = scan(text);
    let lexes = lex_all(text, &raws, lex);
    let toks = parse(&lexes, lex, vocab);
    let flags = scope(&toks);
    build(&toks, &flags)
}

// ---------------------------------------------------------------------------------------
// Stemming

/// A light suffix stripper (plurals, -ed, -ing, final e); applied once to both sides, so
/// "controlled"/"control" and "resolved"/"resolve" meet.
pub(crate) fn stem(word: &str) -> String {
    let mut s = word.to_owned();
    if s.len() <= 3 || !s.is_ascii() {
        return s;
    }
    if s.ends_with("ies") && s.len() > 4 {
        s.truncate(s.len() - 3);
        s.push('y');
    } else if s.ends_with("sses") {
        s.truncate(s.len() - 2);
    } else if s.ends_with("ss") || s.ends_with("us") || s.ends_with("is") {
    } else if s.ends_with("es")
        && (s.ends_with("ches")
            || s.ends_with("shes")
            || s.ends_with("xes")
            || s.ends_with("zes")
            || s.ends_with("ses"))
    {
        s.truncate(s.len() - 2);
    } else if s.ends_with('s') {
        s.truncate(s.len() - 1);
    }
    let strip = if s.ends_with("ing") && s.len() >= 6 {
        3
    } else if s.ends_with("ed") && s.len() >= 5 {
        2
    } else {
        0
    };
    if strip > 0 {
        s.truncate(s.len() - strip);
        let b = s.as_bytes();
        let n = b.len();
        if n >= 3
            && b[n - 1] == b[n - 2]
            && !matches!(b[n - 1], b's' | b'z' | b'a' | b'e' | b'i' | b'o' | b'u')
        {
            s.truncate(n - 1);
        }
    } else if s.ends_with('e') && s.len() > 3 {
        s.truncate(s.len() - 1);
    }
    s
}

// ---------------------------------------------------------------------------------------
// Scanning: raw pieces with byte offsets

#[derive(Clone, Copy, Debug, PartialEq)]
enum RawKind {
    Word,
    Punct(char),
    /// A period that ends a sentence.
    Stop,
}

#[derive(Clone, Copy, Debug)]
struct Raw {
    start: usize,
    end: usize,
    kind: RawKind,
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '°' || c == '%'
}

fn scan(text: &str) -> Vec<Raw> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let at = |i: usize| chars.get(i).map(|(_, c)| *c);
    let offset = |i: usize| chars.get(i).map_or(text.len(), |(o, _)| *o);
    let mut out = Vec::with_capacity(chars.len() / 4);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i].1;
        if is_word_char(c) && c != '%' {
            let start = i;
            let mut j = i + 1;
            while j < chars.len() {
                let d = chars[j].1;
                if is_word_char(d) {
                    if d == '%' {
                        j += 1;
                        break;
                    }
                    j += 1;
                    continue;
                }
                let prev = chars[j - 1].1;
                let next = at(j + 1);
                let next_alnum = next.is_some_and(|n| n.is_alphanumeric());
                let keep = match d {
                    '.' => prev.is_ascii_digit() && next.is_some_and(|n| n.is_ascii_digit()),
                    ':' => prev.is_ascii_digit() && next.is_some_and(|n| n.is_ascii_digit()),
                    ',' => {
                        prev.is_ascii_digit()
                            && (1..=3).all(|k| at(j + k).is_some_and(|n| n.is_ascii_digit()))
                            && !at(j + 4).is_some_and(|n| n.is_ascii_digit())
                    }
                    '/' | '-' | '^' => next_alnum,
                    '\'' | '&' => prev.is_alphabetic() && next.is_some_and(|n| n.is_alphabetic()),
                    '+' => {
                        if prev.is_ascii_digit() {
                            j += 1;
                        }
                        false
                    }
                    _ => false,
                };
                if keep {
                    j += 1;
                } else {
                    break;
                }
            }
            out.push(Raw {
                start: offset(start),
                end: offset(j),
                kind: RawKind::Word,
            });
            i = j;
            continue;
        }
        match c {
            '.' | '!' | '?' => {
                let kind = if c == '.' && !ends_sentence(text, &chars, i, out.last()) {
                    RawKind::Punct('.')
                } else {
                    RawKind::Stop
                };
                out.push(Raw {
                    start: offset(i),
                    end: offset(i + 1),
                    kind,
                });
            }
            '\n' | ';' | ',' | ':' | '(' | ')' | '[' | ']' | '<' | '>' | '/' | '=' => {
                out.push(Raw {
                    start: offset(i),
                    end: offset(i + 1),
                    kind: RawKind::Punct(c),
                });
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// A period ends a sentence unless it follows an initial ("E. coli") or a title ("Dr.")
/// or is followed by a lowercase word.
fn ends_sentence(text: &str, chars: &[(usize, char)], i: usize, prev: Option<&Raw>) -> bool {
    if let Some(p) = prev {
        if p.kind == RawKind::Word && p.end == chars[i].0 {
            let w = &text[p.start..p.end];
            let single_cap = w.chars().count() == 1 && w.chars().all(|c| c.is_uppercase());
            let title = matches!(
                w.to_ascii_lowercase().as_str(),
                "dr" | "mr" | "mrs" | "ms" | "st" | "vs" | "approx" | "no" | "e.g" | "i.e" | "sept"
            );
            if single_cap || title {
                return false;
            }
        }
    }
    let mut k = i + 1;
    while k < chars.len() && chars[k].1 == ' ' {
        k += 1;
    }
    match chars.get(k) {
        None => true,
        Some((_, c)) => !c.is_lowercase(),
    }
}

// ---------------------------------------------------------------------------------------
// Lexing: raw pieces to lowercase lexemes, compounds split

#[derive(Clone, Debug, PartialEq)]
enum LexKind {
    Word,
    Num(f64),
    /// A complete quantity found inside one piece (date, range, q12h, 140s).
    Qty(Quantity),
    /// A compound unit such as mg/dL.
    Unit(Dim, f64),
    Punct(char),
    Stop,
}

#[derive(Clone, Debug)]
struct Lex<'t> {
    kind: LexKind,
    text: String,
    /// The original spelling (case matters for PT, US, K, L, R...).
    orig: &'t str,
    start: usize,
    end: usize,
    /// First part of a hyphenated word ("R" of "R-sided").
    hyphen_head: bool,
}

fn lex_all<'t>(text: &'t str, raws: &[Raw], lex: &Lexicon) -> Vec<Lex<'t>> {
    let mut out = Vec::with_capacity(raws.len() + 8);
    for raw in raws {
        let orig = &text[raw.start..raw.end];
        match raw.kind {
            RawKind::Punct(c) => out.push(Lex {
                kind: LexKind::Punct(c),
                text: c.to_string(),
                orig: &text[raw.start..raw.end],
                start: raw.start,
                end: raw.end,
                hyphen_head: false,
            }),
            RawKind::Stop => out.push(Lex {
                kind: LexKind::Stop,
                text: ".".into(),
                orig: ".",
                start: raw.start,
                end: raw.end,
                hyphen_head: false,
            }),
            RawKind::Word => lex_word(orig, raw.start, raw.end, lex, &mut out),
        }
    }
    out
}

fn parse_num(s: &str) -> Option<f64> {
    if s.is_empty()
        || !s
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b',')
    {
        return None;
    }
    if !s.as_bytes()[0].is_ascii_digit() {
        return None;
    }
    s.replace(',', "").parse::<f64>().ok()
}

fn word_lex<'t>(text: String, orig: &'t str, start: usize, end: usize, kind: LexKind) -> Lex<'t> {
    Lex {
        kind,
        text,
        orig,
        start,
        end,
        hyphen_head: false,
    }
}

fn lex_word<'t>(orig: &'t str, start: usize, end: usize, lex: &Lexicon, out: &mut Vec<Lex<'t>>) {
    let mut lower = if orig.is_ascii() {
        orig.to_ascii_lowercase()
    } else {
        orig.to_lowercase()
    };
    let mut orig = orig;
    if lower.ends_with("'s") {
        lower.truncate(lower.len() - 2);
        orig = &orig[..orig.len() - 2];
    }
    if lower.is_empty() {
        return;
    }
    let push = |out: &mut Vec<Lex<'t>>, text: String, kind: LexKind| {
        out.push(word_lex(text, orig, start, end, kind));
    };

    // Whole-piece vocabulary first: "s/p", "c/d/i", "pip-tazo", "mg/dl", "x-ray".
    let entry = lex.entry(&lower);
    if lex.case_abbr.contains_key(orig)
        || entry.abbr.is_some()
        || entry.brand.is_some()
        || entry.freq.is_some()
        || entry.neg_morph.is_some()
    {
        push(out, lower, LexKind::Word);
        return;
    }
    if let Some((dim, f)) = entry.unit {
        if lower.contains('/') || lower == "%" {
            push(out, lower, LexKind::Unit(dim, f));
            return;
        }
    }
    if let Some(n) = parse_num(&lower) {
        push(out, lower, LexKind::Num(n));
        return;
    }
    if let Some(rest) = lower.strip_suffix('%') {
        if let Some(n) = parse_num(rest) {
            push(out, rest.to_owned(), LexKind::Num(n));
            push(out, "%".into(), LexKind::Unit(Dim::Percent, 1.0));
            return;
        }
        if let Some((a, b)) = rest
            .split_once('-')
            .and_then(|(a, b)| Some((parse_num(a)?, parse_num(b)?)))
        {
            let q = Quantity::two(Dim::Percent, Shape::Range, a, b, 1.0);
            push(out, lower, LexKind::Qty(q));
            return;
        }
    }
    if let Some(q) = clock(&lower) {
        push(out, lower, LexKind::Qty(q));
        return;
    }
    if lower.contains('/') {
        lex_slash(&lower, orig, start, end, lex, out);
        return;
    }
    if lower.contains('-') {
        lex_hyphen(&lower, orig, start, end, lex, out);
        return;
    }
    if let Some(q) = glued(&lower) {
        match q {
            Glued::Qty(q) => push(out, lower, LexKind::Qty(q)),
            Glued::NumUnit(n, unit) => {
                push(out, lower.clone(), LexKind::Num(n));
                push(out, unit, LexKind::Word);
            }
            Glued::Num(n) => push(out, lower, LexKind::Num(n)),
        }
        return;
    }
    push(out, lower, LexKind::Word);
}

fn clock(s: &str) -> Option<Quantity> {
    let (h, m) = s.split_once(':')?;
    if h.len() > 2 || m.len() != 2 {
        return None;
    }
    let h: f64 = h.parse().ok()?;
    let m: f64 = m.parse().ok()?;
    (h < 24.0 && m < 60.0).then(|| Quantity::single(Dim::Clock, h * 60.0 + m, 1.0))
}

enum Glued {
    Qty(Quantity),
    NumUnit(f64, String),
    Num(f64),
}

/// Letters and digits written together: q12h, 140s, x2, 2x, 10mg, 3rd.
fn glued(s: &str) -> Option<Glued> {
    let lexc = lexicon();
    let digits_at = s.find(|c: char| c.is_ascii_digit())?;
    let b = s.as_bytes();
    if let Some(rest) = s.strip_prefix('q') {
        for suffix in ["hrs", "hr", "h"] {
            if let Some(n) = rest.strip_suffix(suffix).and_then(parse_num) {
                if n > 0.0 {
                    return Some(Glued::Qty(Quantity::single(Dim::Frequency, 24.0 / n, 1.0)));
                }
            }
        }
        return None;
    }
    if let Some(n) = s.strip_prefix('x').and_then(parse_num) {
        return Some(Glued::Num(n));
    }
    if digits_at == 0 {
        let end = s
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
            .unwrap_or(s.len());
        let n = parse_num(&s[..end])?;
        let suffix = &s[end..];
        if suffix == "s" && n >= 10.0 && n % 10.0 == 0.0 {
            return Some(Glued::Qty(Quantity::two(
                Dim::None,
                Shape::Range,
                n,
                n + 9.0,
                1.0,
            )));
        }
        if suffix == "x" || matches!(suffix, "st" | "nd" | "rd" | "th") {
            return Some(Glued::Num(n));
        }
        if lexc.units.contains_key(suffix) && !suffix.is_empty() && b.len() > end {
            return Some(Glued::NumUnit(n, suffix.to_owned()));
        }
    }
    None
}

fn lex_slash<'t>(
    lower: &str,
    orig: &'t str,
    start: usize,
    end: usize,
    lex: &Lexicon,
    out: &mut Vec<Lex<'t>>,
) {
    let parts: Vec<&str> = lower.split('/').collect();
    let nums: Vec<Option<f64>> = parts.iter().map(|p| parse_num(p)).collect();
    let push = |out: &mut Vec<Lex<'t>>, kind: LexKind| {
        out.push(word_lex(lower.to_owned(), orig, start, end, kind))
    };
    if nums.iter().all(Option::is_some) {
        let v: Vec<f64> = nums.iter().map(|n| n.unwrap_or(0.0)).collect();
        if v.len() == 3 {
            let year = if v[2] < 100.0 { v[2] + 2000.0 } else { v[2] };
            if (1.0..=12.0).contains(&v[0]) && (1.0..=31.0).contains(&v[1]) {
                push(
                    out,
                    LexKind::Qty(Quantity::two(
                        Dim::Date,
                        Shape::Single,
                        v[0] * 100.0 + v[1],
                        year,
                        1.0,
                    )),
                );
                return;
            }
        }
        if v.len() == 2 {
            let (pa, pb) = (parts[0], parts[1]);
            if pb.len() == 4 && (1.0..=12.0).contains(&v[0]) && pa.len() <= 2 {
                push(
                    out,
                    LexKind::Qty(Quantity::two(
                        Dim::MonthYear,
                        Shape::Single,
                        v[0],
                        v[1],
                        1.0,
                    )),
                );
                return;
            }
            if pa.len() == 2
                && pb.len() == 2
                && (1.0..=12.0).contains(&v[0])
                && (1.0..=31.0).contains(&v[1])
            {
                push(
                    out,
                    LexKind::Qty(Quantity::two(
                        Dim::Date,
                        Shape::Single,
                        v[0] * 100.0 + v[1],
                        0.0,
                        1.0,
                    )),
                );
                return;
            }
            push(
                out,
                LexKind::Qty(Quantity::two(Dim::None, Shape::Pair, v[0], v[1], 1.0)),
            );
            return;
        }
    }
    // A compound unit: its first part is a unit (mg/dL, mcg/kg/min, K/uL).
    if lex.units.contains_key(parts[0]) || parts[0] == "k" || parts[0].starts_with("x10") {
        push(out, LexKind::Unit(Dim::None, 1.0));
        return;
    }
    // "2x/week", "3x/day".
    if parts.len() == 2 {
        if let Some(n) = parts[0].strip_suffix('x').and_then(parse_num) {
            let per_day = match parts[1] {
                "d" | "day" => Some(1.0),
                "wk" | "week" => Some(7.0),
                "mo" | "month" => Some(30.0),
                _ => None,
            };
            if let Some(p) = per_day {
                push(
                    out,
                    LexKind::Qty(Quantity::single(Dim::Frequency, n / p, 1.0)),
                );
                return;
            }
        }
    }
    // Each part on its own; parts keep the whole piece's span.
    for part in orig.split('/').filter(|p| !p.is_empty()) {
        lex_word(part, start, end, lex, out);
    }
}

fn lex_hyphen<'t>(
    lower: &str,
    orig: &'t str,
    start: usize,
    end: usize,
    lex: &Lexicon,
    out: &mut Vec<Lex<'t>>,
) {
    let parts: Vec<&str> = lower.split('-').filter(|p| !p.is_empty()).collect();
    if parts.len() == 2 {
        if let (Some(a), Some(b)) = (parse_num(parts[0]), parse_num(parts[1])) {
            let shape = if a < b { Shape::Range } else { Shape::Pair };
            out.push(word_lex(
                lower.to_owned(),
                orig,
                start,
                end,
                LexKind::Qty(Quantity::two(Dim::None, shape, a, b, 1.0)),
            ));
            return;
        }
        // "60s-70s"
        if let (Some(a), Some(b)) = (
            parts[0].strip_suffix('s').and_then(parse_num),
            parts[1].strip_suffix('s').and_then(parse_num),
        ) {
            out.push(word_lex(
                lower.to_owned(),
                orig,
                start,
                end,
                LexKind::Qty(Quantity::two(Dim::None, Shape::Range, a, b + 9.0, 1.0)),
            ));
            return;
        }
    }
    // ISO date 2026-09-24.
    if parts.len() == 3 && parts[0].len() == 4 {
        if let (Some(y), Some(m), Some(d)) = (
            parse_num(parts[0]),
            parse_num(parts[1]),
            parse_num(parts[2]),
        ) {
            if (1.0..=12.0).contains(&m) && (1.0..=31.0).contains(&d) {
                out.push(word_lex(
                    lower.to_owned(),
                    orig,
                    start,
                    end,
                    LexKind::Qty(Quantity::two(
                        Dim::Date,
                        Shape::Single,
                        m * 100.0 + d,
                        y,
                        1.0,
                    )),
                ));
                return;
            }
        }
    }
    let origs: Vec<&str> = orig.split('-').filter(|p| !p.is_empty()).collect();
    for (k, sub_orig) in origs.iter().enumerate() {
        let before = out.len();
        lex_word(sub_orig, start, end, lex, out);
        if k + 1 < origs.len() {
            if let Some(last) = out.get_mut(before) {
                last.hyphen_head = true;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Parsing: lexemes to tokens

#[derive(Clone, Copy, Debug, PartialEq)]
enum TokKind {
    Word {
        term: Term,
        drug: bool,
        light: bool,
        anatomy: bool,
        morph_neg: bool,
    },
    Qty(Quantity),
    Side(Side),
    NegPre,
    NegPost,
    /// Ends a negation scope without content of its own ("positive", "reports").
    Affirm,
    Conj,
    /// "or" / "nor": a comma before one continues a negated list.
    ListOr,
    /// Comma.
    Clause,
    /// Colon, parenthesis, bracket: ends scopes but not the sentence.
    Soft,
    Sentence,
}

#[derive(Clone, Copy, Debug)]
struct Tok {
    kind: TokKind,
    start: usize,
    end: usize,
}

struct Parser<'a, 't> {
    lexes: &'a [Lex<'t>],
    lex: &'static Lexicon,
    vocab: &'a mut Vocab,
    out: Vec<Tok>,
    pending_non: bool,
}

fn parse(lexes: &[Lex<'_>], lex: &'static Lexicon, vocab: &mut Vocab) -> Vec<Tok> {
    let mut p = Parser {
        lexes,
        lex,
        vocab,
        out: Vec::with_capacity(lexes.len()),
        pending_non: false,
    };
    let mut i = 0;
    while i < lexes.len() {
        i = p.step(i);
    }
    p.out
}

impl Parser<'_, '_> {
    fn text(&self, i: usize) -> Option<&str> {
        self.lexes.get(i).map(|l| l.text.as_str())
    }

    fn emit(&mut self, kind: TokKind, start: usize, end: usize) {
        self.out.push(Tok { kind, start, end });
    }

    fn num_at(&self, i: usize) -> Option<f64> {
        let l = self.lexes.get(i)?;
        match l.kind {
            LexKind::Num(n) => Some(n),
            LexKind::Word => self.lex.entry(&l.text).number,
            _ => None,
        }
    }

    /// Handles lexeme `i` (and any it absorbs); returns the next index.
    fn step(&mut self, i: usize) -> usize {
        let l = &self.lexes[i];
        match &l.kind {
            LexKind::Stop => {
                self.emit(TokKind::Sentence, l.start, l.end);
                i + 1
            }
            LexKind::Punct(c) => {
                let kind = match c {
                    '\n' | ';' => TokKind::Sentence,
                    ',' => TokKind::Clause,
                    ':' | '(' | ')' | '[' | ']' => TokKind::Soft,
                    _ => return i + 1,
                };
                self.emit(kind, l.start, l.end);
                i + 1
            }
            LexKind::Qty(q) => {
                let q = *q;
                let (start, end) = (l.start, l.end);
                self.quantity_unit(i, i + 1, q, start, end)
            }
            LexKind::Num(n) => self.number(i, *n),
            LexKind::Unit(..) => i + 1,
            LexKind::Word => self.word(i),
        }
    }

    /// A number, with what follows it: a range ("6 to 8"), a month ("24 September"), a
    /// unit, "times daily", or a preceding "every" making it a frequency.
    fn number(&mut self, i: usize, n: f64) -> usize {
        let start = self.lexes[i].start;
        let mut end = self.lexes[i].end;
        let mut j = i + 1;
        // "24 September 2026"
        if let Some(m) = self.text(j).and_then(|t| self.lex.entry(t).month) {
            if (1.0..=31.0).contains(&n) && n.fract() == 0.0 {
                let mut year = 0.0;
                end = self.lexes[j].end;
                j += 1;
                if let Some(y) = self.num_at(j).filter(|y| (1900.0..2200.0).contains(y)) {
                    year = y;
                    end = self.lexes[j].end;
                    j += 1;
                }
                let q = Quantity::two(
                    Dim::Date,
                    Shape::Single,
                    f64::from(m) * 100.0 + n,
                    year,
                    1.0,
                );
                self.emit(TokKind::Qty(q), start, end);
                return j;
            }
        }
        let mut q = Quantity::single(Dim::None, n, 1.0);
        // "6 to 8 weeks"
        if matches!(self.text(j), Some("to")) {
            if let Some(m) = self.num_at(j + 1) {
                if m > n {
                    q = Quantity::two(Dim::None, Shape::Range, n, m, 1.0);
                    end = self.lexes[j + 1].end;
                    j += 2;
                }
            }
        }
        // "3 times daily", "2 x weekly"
        if matches!(self.text(j), Some("times" | "x")) {
            if let Some(per_day) = self
                .text(j + 1)
                .and_then(|t| self.lex.entry(t).freq.as_ref())
                .copied()
            {
                let f = Quantity::single(Dim::Frequency, q.raw_a * per_day, 1.0);
                self.emit(TokKind::Qty(f), start, self.lexes[j + 1].end);
                return j + 2;
            }
        }
        self.quantity_unit(i, j, q, start, end)
    }

    /// Attaches a unit at `j` (if any) to `q` and emits it; returns the next index.
    fn quantity_unit(
        &mut self,
        first: usize,
        j: usize,
        q: Quantity,
        start: usize,
        mut end: usize,
    ) -> usize {
        let mut q = q;
        let mut j = j;
        if q.dim == Dim::None {
            if let Some(next) = self.lexes.get(j) {
                let unit = match &next.kind {
                    LexKind::Unit(Dim::None, _) => {
                        Some((Dim::Compound(self.vocab.id(&next.text)), 1.0))
                    }
                    LexKind::Unit(d, f) => Some((*d, *f)),
                    LexKind::Word => {
                        let t = next.text.as_str();
                        if t == "f" && next.orig == "F" {
                            // Fahrenheit, converted to Celsius.
                            q = Quantity {
                                raw_a: (q.raw_a - 32.0) * 5.0 / 9.0,
                                raw_b: (q.raw_b - 32.0) * 5.0 / 9.0,
                                ..q
                            };
                            Some((Dim::Temperature, 1.0))
                        } else if matches!(t, "x" | "times") {
                            None
                        } else {
                            self.lex.entry(t).unit
                        }
                    }
                    _ => None,
                };
                if let Some((dim, f)) = unit {
                    q = q.with_unit(dim, f);
                    end = next.end;
                    j += 1;
                }
            }
            // "every 12 hours" is a frequency.
            let every = first
                .checked_sub(1)
                .and_then(|k| self.lexes.get(k))
                .is_some_and(|prev| prev.text == "every" || prev.text == "q");
            if every && q.dim == Dim::Time && q.shape == Shape::Single && q.a > 0.0 {
                q = Quantity::single(Dim::Frequency, 24.0 / q.a, 1.0);
            }
        }
        self.emit(TokKind::Qty(q), start, end);
        j
    }

    fn word(&mut self, i: usize) -> usize {
        let l = &self.lexes[i];
        let text = l.text.as_str();
        let (start, end) = (l.start, l.end);

        // Phrases, longest first.
        if let Some((len, replacement)) = self.phrase_at(i) {
            let end = self.lexes[i + len - 1].end;
            match replacement {
                "" => {}
                "\u{1}NEGPRE" => self.emit(TokKind::NegPre, start, end),
                "\u{1}NEGPOST" => self.emit(TokKind::NegPost, start, end),
                words => {
                    for w in words.split(' ') {
                        self.plain_word(w, start, end, false);
                    }
                }
            }
            return i + len;
        }

        // Month name dates: "September 24, 2026", "Sept 24", "December 2025".
        let entry = self.lex.entry(text);
        if let Some(m) = entry.month {
            let mut j = i + 1;
            if matches!(self.text(j), Some(".")) {
                j += 1;
            }
            if let Some(d) = self
                .num_at(j)
                .filter(|d| (1.0..=31.0).contains(d) && d.fract() == 0.0)
            {
                let mut end = self.lexes[j].end;
                let mut k = j + 1;
                if matches!(self.text(k), Some(",")) {
                    k += 1;
                }
                let mut year = 0.0;
                if let Some(y) = self.num_at(k).filter(|y| (1900.0..2200.0).contains(y)) {
                    year = y;
                    end = self.lexes[k].end;
                    k += 1;
                } else {
                    k = j + 1;
                }
                let q = Quantity::two(
                    Dim::Date,
                    Shape::Single,
                    f64::from(m) * 100.0 + d,
                    year,
                    1.0,
                );
                self.emit(TokKind::Qty(q), start, end);
                return k;
            }
            if let Some(y) = self.num_at(j).filter(|y| (1900.0..2200.0).contains(y)) {
                let q = Quantity::two(Dim::MonthYear, Shape::Single, f64::from(m), y, 1.0);
                self.emit(TokKind::Qty(q), start, self.lexes[j].end);
                return j + 1;
            }
            if text == "may" || text == "mar" {
                return i + 1;
            }
        }

        // Number words behave as numbers.
        if let Some(n) = entry.number {
            if !(text == "half" || text == "couple") || self.num_at(i + 1).is_none() {
                return self.number(i, n);
            }
        }

        // L / R as sides only before a word ("L hip", "R-sided"); "(L)" is a lab flag.
        if matches!(l.orig, "L" | "R" | "l" | "r") {
            let next_is_word = self
                .lexes
                .get(i + 1)
                .is_some_and(|n| n.kind == LexKind::Word && self.lex.entry(&n.text).unit.is_none());
            if (l.orig == "L" || l.orig == "R" || l.hyphen_head) && next_is_word {
                let side = if text == "l" { Side::Left } else { Side::Right };
                self.emit(TokKind::Side(side), start, end);
            }
            return i + 1;
        }

        if text == "non" {
            self.pending_non = true;
            return i + 1;
        }

        // Case-sensitive abbreviations, then the lowercase tables.
        let expansion = self
            .lex
            .case_abbr
            .get(l.orig)
            .or(entry.abbr.as_ref())
            .copied();
        if let Some(exp) = expansion {
            for w in exp.split(' ') {
                self.plain_word(w, start, end, true);
            }
            return i + 1;
        }
        if let Some(generic) = entry.brand {
            for w in generic.split(' ') {
                self.plain_word(w, start, end, true);
            }
            return i + 1;
        }
        if text == "absent" {
            let next_content = self
                .lexes
                .get(i + 1)
                .is_some_and(|n| n.kind == LexKind::Word && !self.lex.entry(&n.text).stop);
            let kind = if next_content {
                TokKind::NegPre
            } else {
                TokKind::NegPost
            };
            self.emit(kind, start, end);
            return i + 1;
        }
        let text = text.to_owned();
        self.plain_word(&text, start, end, false);
        i + 1
    }

    fn phrase_at(&self, i: usize) -> Option<(usize, &'static str)> {
        let first = self.text(i)?;
        for (words, replacement) in &self.lex.entry(first).phrases {
            let hit = words.iter().enumerate().all(|(k, w)| {
                self.lexes
                    .get(i + k)
                    .is_some_and(|l| l.kind == LexKind::Word && l.text == *w)
            });
            if hit {
                return Some((words.len(), replacement));
            }
        }
        None
    }

    /// A single lowercase word after expansion: cue, side, frequency, or content.
    fn plain_word(&mut self, w: &str, start: usize, end: usize, expanded: bool) {
        let lex = self.lex;
        let entry = lex.entry(w);
        if let Some(per_day) = entry.freq {
            self.emit(
                TokKind::Qty(Quantity::single(Dim::Frequency, per_day, 1.0)),
                start,
                end,
            );
            return;
        }
        match w {
            "left" => return self.emit(TokKind::Side(Side::Left), start, end),
            "right" => return self.emit(TokKind::Side(Side::Right), start, end),
            "bilateral" | "bilaterally" => return self.emit(TokKind::Side(Side::Both), start, end),
            _ => {}
        }
        if w == "or" {
            return self.emit(TokKind::ListOr, start, end);
        }
        if w == "nor" {
            self.emit(TokKind::ListOr, start, end);
            return self.emit(TokKind::NegPre, start, end);
        }
        if entry.neg_pre {
            return self.emit(TokKind::NegPre, start, end);
        }
        if entry.neg_post {
            return self.emit(TokKind::NegPost, start, end);
        }
        if entry.affirm {
            return self.emit(TokKind::Affirm, start, end);
        }
        if entry.conj {
            return self.emit(TokKind::Conj, start, end);
        }
        if entry.stop {
            return;
        }
        if !expanded && w.len() == 1 && !w.as_bytes()[0].is_ascii_digit() {
            return;
        }
        let (base, morph) = match entry.neg_morph {
            Some(b) => (b, true),
            None => (w, false),
        };
        let morph_neg = morph ^ std::mem::take(&mut self.pending_non);
        let WordInfo {
            term,
            drug,
            light,
            anatomy,
        } = self.vocab.word(base, lex);
        self.emit(
            TokKind::Word {
                term,
                drug,
                light,
                anatomy,
                morph_neg,
            },
            start,
            end,
        );
    }
}

/// The canonical spelling of a content word: synonym target or stem.
pub(crate) fn canonical(word: &str, lex: &Lexicon) -> String {
    if let Some(t) = lex.synonyms.get(word) {
        return t.clone();
    }
    let s = stem(word);
    match lex.synonyms.get(&s) {
        Some(t) => t.clone(),
        None => s,
    }
}

// ---------------------------------------------------------------------------------------
// Scopes: negation (NegEx-style, pre and post cues) and laterality

const NEG_WINDOW: usize = 6;
const SIDE_WINDOW: usize = 3;

#[derive(Default, Clone, Copy)]
struct Flags {
    neg: bool,
    side: Option<Side>,
}

fn scope(toks: &[Tok]) -> Vec<Flags> {
    let n = toks.len();
    let mut flags = vec![Flags::default(); n];

    // Pre-negation: cue negates up to NEG_WINDOW following content words. A comma keeps
    // the scope only when a list follows ("denies fever, chills or sweats"); otherwise it
    // starts a new statement ("no fever, tolerating diet").
    let mut remaining = 0usize;
    for i in 0..n {
        match toks[i].kind {
            TokKind::NegPre => remaining = NEG_WINDOW,
            TokKind::Sentence | TokKind::Soft | TokKind::Affirm | TokKind::NegPost => remaining = 0,
            TokKind::Clause if remaining > 0 => {
                let list_follows = toks[i + 1..]
                    .iter()
                    .take_while(|t| !matches!(t.kind, TokKind::Sentence | TokKind::Soft))
                    .any(|t| t.kind == TokKind::ListOr);
                if !list_follows {
                    remaining = 0;
                }
            }
            TokKind::Word { .. } if remaining > 0 => {
                flags[i].neg = true;
                remaining -= 1;
            }
            _ => {}
        }
    }
    // Post-negation: cue negates the content words back to the start of its clause.
    for i in 0..n {
        if toks[i].kind != TokKind::NegPost {
            continue;
        }
        let mut count = 0;
        let mut k = i;
        while k > 0 && count < NEG_WINDOW {
            k -= 1;
            match toks[k].kind {
                TokKind::Word { .. } => {
                    flags[k].neg = true;
                    count += 1;
                }
                TokKind::Qty(_) | TokKind::Side(_) => {}
                _ => break,
            }
        }
    }
    // Words that are negated by their own form flip the scope's polarity.
    for i in 0..n {
        if let TokKind::Word {
            morph_neg: true, ..
        } = toks[i].kind
        {
            flags[i].neg = !flags[i].neg;
        }
    }
    // Sides: a side word applies to the next few words of its clause, or (when nothing
    // follows, as in "XR HIP LEFT 2 VIEWS") to the body part right before it.
    for i in 0..n {
        let TokKind::Side(side) = toks[i].kind else {
            continue;
        };
        let mut applied = 0;
        let mut k = i + 1;
        while k < n && applied < SIDE_WINDOW {
            match toks[k].kind {
                TokKind::Word { .. } => {
                    flags[k].side = Some(side);
                    applied += 1;
                }
                TokKind::NegPre | TokKind::NegPost | TokKind::Affirm => {}
                _ => break,
            }
            k += 1;
        }
        if applied == 0 && i > 0 {
            if let TokKind::Word { anatomy: true, .. } = toks[i - 1].kind {
                flags[i - 1].side = Some(side);
            }
        }
    }
    flags
}

// ---------------------------------------------------------------------------------------
// Building the analysis

fn build(toks: &[Tok], flags: &[Flags]) -> Analysis {
    let mut a = Analysis {
        items: Vec::with_capacity(toks.len()),
        sentences: Vec::new(),
        splits: Vec::new(),
    };
    let mut clause = 0u32;
    let mut sent_start_item = 0usize;
    let mut sent_start: Option<usize> = None;
    let mut sent_end = 0usize;
    let mut pending: Option<Split> = None;
    let close = |a: &mut Analysis, from: usize, start: Option<usize>, end: usize| {
        if a.items.len() > from {
            if let Some(s) = start {
                a.sentences.push(Sentence {
                    start: s as u32,
                    end: end as u32,
                    items: from..a.items.len(),
                });
            }
        }
    };
    for (t, f) in toks.iter().zip(flags) {
        let kind = match t.kind {
            TokKind::Word {
                term, drug, light, ..
            } => Some((Kind::Word(term), drug, light)),
            TokKind::Qty(q) => Some((Kind::Qty(q), false, false)),
            TokKind::Sentence => {
                close(&mut a, sent_start_item, sent_start, sent_end);
                sent_start_item = a.items.len();
                sent_start = None;
                clause += 1;
                pending = Some(Split::Hard);
                None
            }
            TokKind::Clause => {
                clause += 1;
                if pending != Some(Split::Hard) {
                    pending = Some(Split::Comma);
                }
                None
            }
            TokKind::Conj => {
                clause += 1;
                if pending.is_none() {
                    pending = Some(Split::Conjunction);
                }
                None
            }
            TokKind::Soft => {
                clause += 1;
                None
            }
            _ => None,
        };
        if let Some((kind, drug, light)) = kind {
            if let Some(split) = pending.take() {
                if !a.items.is_empty() {
                    a.splits.push((a.items.len(), split));
                }
            }
            if sent_start.is_none() {
                sent_start = Some(t.start);
            }
            sent_end = sent_end.max(t.end);
            if sent_start.is_some_and(|s| s > t.start) {
                sent_start = Some(t.start);
            }
            let pos = a.items.len() as u32;
            a.items.push(Item {
                kind,
                pos,
                clause,
                sent: a.sentences.len() as u32,
                neg: f.neg,
                side: f.side,
                drug,
                light,
            });
        }
    }
    close(&mut a, sent_start_item, sent_start, sent_end);
    a
}

#[cfg(test)]
pub(crate) fn describe(a: &Analysis, vocab: &Vocab, text: &str) -> String {
    let names: HashMap<Term, &str> = vocab.ids.iter().map(|(k, v)| (*v, k.as_str())).collect();
    let mut out = String::new();
    for (si, s) in a.sentences.iter().enumerate() {
        out.push_str(&format!(
            "S{si} [{}..{}] {:?}\n   ",
            s.start,
            s.end,
            &text[s.start as usize..s.end as usize]
        ));
        for it in &a.items[s.items.clone()] {
            let mut w = match it.kind {
                Kind::Word(t) => names.get(&t).copied().unwrap_or("?").to_owned(),
                Kind::Qty(q) => format!("<{:?} {:?} {}/{}>", q.dim, q.shape, q.a, q.b),
            };
            if it.neg {
                w = format!("NOT:{w}");
            }
            if let Some(side) = it.side {
                w = format!("{side:?}:{w}");
            }
            if it.drug {
                w.push('*');
            }
            if it.light {
                w.push('~');
            }
            out.push_str(&format!("{w}@{} ", it.clause));
        }
        out.push('\n');
    }
    out.push_str(&format!("splits {:?}\n", a.splits));
    out
}

#[cfg(test)]
mod debug_tests {
    use super::*;

    /// `DEBUG_TEXT="..." cargo test -p evaluation --lib debug_text -- --nocapture`
    #[test]
    fn debug_text() {
        if let Ok(t) = std::env::var("DEBUG_TEXT") {
            let mut v = Vocab::default();
            let a = analyze(&t, &mut v);
            println!("{}", describe(&a, &v, &t));
        }
    }
}

#[cfg(test)]
mod tests;
