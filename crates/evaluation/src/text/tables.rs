//! Tables whose columns are dated:
//!
//! ```text
//! LAB TREND            09/02   09/03   09/05   09/08   Ref
//! Plt (K/uL)            68      61      64      72     150-400
//! ```
//!
//! A row's readings carry no date of their own; each is of its column's date. The table
//! is read as if every reading were written after its date ("Plt 09/02 68; 09/03 61 ..."):
//! a copy of the column's date (and time of day) is put right before the reading, so the
//! matching of dated values needs nothing of its own for tables. A unit written in the
//! row's name cell ("Plt (K/uL)", "CRP mg/L") is its bare readings' unit.

use super::quantity::{Dim, Shape};
use super::{analyze, Flags, Tok, TokKind, Vocab};

/// One dated column of a header line: where it starts on its line (in bytes, or as the
/// number of `|` before it in a pipe table) and the tokens that date it.
struct Column {
    at: usize,
    date: Tok,
    clock: Option<Tok>,
}

/// Puts each reading of a dated table's rows after a copy of its column's date.
pub(super) fn date_columns(
    text: &str,
    toks: &mut Vec<Tok>,
    flags: &mut Vec<Flags>,
    vocab: &mut Vocab,
) {
    // Most texts have no line with two dates: they pay one pass over the tokens.
    let is_date = |t: &Tok| matches!(t.kind, TokKind::Qty(q) if q.dim == Dim::Date && q.shape == Shape::Single);
    let bytes = text.as_bytes();
    let newline =
        |t: &Tok| matches!(t.kind, TokKind::Sentence) && bytes.get(t.start) == Some(&b'\n');
    let mut lines: Vec<std::ops::Range<usize>> = Vec::new();
    let mut start = 0;
    let mut dates = 0;
    let mut header_seen = false;
    for (i, t) in toks.iter().enumerate() {
        if newline(t) {
            header_seen |= dates >= 2;
            lines.push(start..i);
            start = i + 1;
            dates = 0;
        } else if is_date(t) {
            dates += 1;
        }
    }
    lines.push(start..toks.len());
    if !header_seen {
        return;
    }
    // Where each reading's column date goes: (token index, column).
    let mut inserts: Vec<(usize, Tok, Option<Tok>)> = Vec::new();
    let mut l = 0;
    while l < lines.len() {
        let Some((columns, pipes, end)) = header(text, toks, lines[l].clone()) else {
            l += 1;
            continue;
        };
        let mut r = l + 1;
        while let Some(line) = lines.get(r) {
            let row = &toks[line.clone()];
            let line_start = line_start(text, toks, line.clone());
            let values: Vec<usize> = line
                .clone()
                .filter(|&i| matches!(toks[i].kind, TokKind::Qty(q) if !q.is_time_point()))
                .collect();
            // A row names its test first, holds readings and no date of its own.
            let named = row
                .first()
                .is_some_and(|t| matches!(t.kind, TokKind::Word { .. }));
            if !named || values.is_empty() || row.iter().any(is_date) {
                break;
            }
            let name_cell = text.get(line_start..toks[values[0]].start).unwrap_or("");
            let unit = cell_unit(name_cell, vocab);
            let mut placed = false;
            for i in values {
                let t = &toks[i];
                let column = if pipes {
                    let at = bytes[line_start..t.start]
                        .iter()
                        .filter(|&&b| b == b'|')
                        .count();
                    columns.iter().find(|c| c.at == at)
                } else {
                    let at = t.start - line_start;
                    column_at(&columns, end, at)
                };
                if let Some(c) = column {
                    inserts.push((i, c.date, c.clock));
                    placed = true;
                    if let TokKind::Qty(mut q) = toks[i].kind {
                        // "1.9 H", "11.3 L": a table's high and low flags, not hours or
                        // litres.
                        let written = text.get(toks[i].start..toks[i].end).unwrap_or("");
                        if matches!(q.dim, Dim::Time | Dim::Volume)
                            && written.ends_with([' ', 'H', 'L'].as_slice())
                            && written.trim_end_matches(['H', 'L']).ends_with(' ')
                        {
                            q = q.with_unit(Dim::None, 1.0);
                        }
                        if let (Dim::None, Some((dim, factor))) = (q.dim, unit) {
                            q = q.with_unit(dim, factor);
                        }
                        toks[i].kind = TokKind::Qty(q);
                    }
                }
            }
            if !placed {
                break;
            }
            r += 1;
        }
        l = r;
    }
    if inserts.is_empty() {
        return;
    }
    let mut new_toks = Vec::with_capacity(toks.len() + 2 * inserts.len());
    let mut new_flags = Vec::with_capacity(new_toks.capacity());
    let mut next = inserts.iter().peekable();
    for (i, (t, f)) in toks.iter().zip(flags.iter()).enumerate() {
        if let Some((_, date, clock)) = next.next_if(|(at, _, _)| *at == i) {
            for c in std::iter::once(date).chain(clock) {
                new_toks.push(Tok {
                    start: t.start,
                    end: t.start,
                    ..*c
                });
                new_flags.push(Flags::default());
            }
        }
        new_toks.push(*t);
        new_flags.push(*f);
    }
    *toks = new_toks;
    *flags = new_flags;
}

/// Byte offset where the line of `line`'s tokens starts.
fn line_start(text: &str, toks: &[Tok], line: std::ops::Range<usize>) -> usize {
    let first = toks.get(line.start).map_or(text.len(), |t| t.start);
    text[..first].rfind('\n').map_or(0, |p| p + 1)
}

/// The dated columns of a header line ("LAB TREND   09/02   09/03 ...", "Test (ref) |
/// 04/13 21:50 | 04/14 03:55"), whether its cells are parted by `|`, and where on the line
/// its last dated column ends (the next cell's start, or the columns' spacing). A header
/// holds two or more dates set apart as cells (two spaces, a tab or a `|` between them),
/// at most a few words ("Test (units)", "Ref range") and no other value or negation.
fn header(
    text: &str,
    toks: &[Tok],
    line: std::ops::Range<usize>,
) -> Option<(Vec<Column>, bool, usize)> {
    let row = &toks[line.clone()];
    let mut words = 0;
    for t in row {
        match t.kind {
            TokKind::Word { .. } => words += 1,
            TokKind::Qty(q) if matches!(q.dim, Dim::Date | Dim::Clock | Dim::Day) => {}
            TokKind::Clause | TokKind::Soft | TokKind::Side(_) => {}
            _ => return None,
        }
    }
    if words > 5 {
        return None;
    }
    let line_start = line_start(text, toks, line.clone());
    let line_text = &text[line_start..];
    let line_text = &line_text[..line_text.find('\n').unwrap_or(line_text.len())];
    let pipes = line_text.contains('|');
    let bytes = text.as_bytes();
    let mut columns: Vec<Column> = Vec::new();
    for (k, t) in row.iter().enumerate() {
        let TokKind::Qty(q) = t.kind else { continue };
        if q.dim != Dim::Date || q.shape != Shape::Single {
            continue;
        }
        let clock = row
            .get(k + 1)
            .filter(|n| matches!(n.kind, TokKind::Qty(c) if c.dim == Dim::Clock))
            .copied();
        if let Some(prev) = columns.last() {
            let prev_end = prev.clock.unwrap_or(prev.date).end;
            // (Dates read from one piece, "08/25-08/28/2026", are no cells.)
            let gap = text.get(prev_end..t.start)?;
            // (Only a note in parentheses may stand between two dates: "05/11 14:30
            // (PACU)".)
            let mut depth = 0i32;
            let worded = gap.bytes().any(|b| {
                depth += i32::from(b == b'(') - i32::from(b == b')');
                depth == 0 && b.is_ascii_alphabetic()
            });
            if worded || !(gap.contains("  ") || gap.contains('\t') || gap.contains('|')) {
                return None;
            }
        }
        let at = if pipes {
            bytes[line_start..t.start]
                .iter()
                .filter(|&&b| b == b'|')
                .count()
        } else {
            t.start - line_start
        };
        columns.push(Column {
            at,
            date: *t,
            clock,
        });
    }
    if columns.len() < 2 {
        return None;
    }
    let last = columns[columns.len() - 1].at;
    let last_tok = columns[columns.len() - 1]
        .clock
        .unwrap_or(columns[columns.len() - 1].date);
    // The next cell after the last date ("Ref"), else as wide as the columns before it.
    let next_cell = row
        .iter()
        .find(|t| t.start > last_tok.end && matches!(t.kind, TokKind::Word { .. }))
        .map(|t| t.start - line_start);
    let end = next_cell.unwrap_or(last + (last - columns[columns.len() - 2].at));
    Some((columns, pipes, end))
}

/// The column a cell starting at `at` on its line is under: the last one starting at most
/// two bytes after it (cells are written from their column's start, a little to either
/// side), before `end`.
fn column_at(columns: &[Column], end: usize, at: usize) -> Option<&Column> {
    if at + 2 >= end || at + 2 < columns.first()?.at {
        return None;
    }
    columns.iter().rev().find(|c| c.at <= at + 2)
}

/// The unit a row's name cell gives its readings: the last word of the cell, or what its
/// closing parentheses hold ("Plt (K/uL)", "CRP mg/L"), read as a unit after a number is.
fn cell_unit(cell: &str, vocab: &mut Vocab) -> Option<(Dim, f64)> {
    let cell = cell.trim_end().trim_end_matches('|').trim_end();
    let unit = match cell.strip_suffix(')') {
        Some(open) => &open[open.rfind('(')? + 1..],
        None => cell.rsplit(char::is_whitespace).next()?,
    };
    if unit.is_empty() || unit.contains(char::is_whitespace) {
        return None;
    }
    let a = analyze(&format!("1 {unit}"), vocab);
    match a.items.as_slice() {
        [one] => one
            .qty()
            .filter(|q| q.dim != Dim::None && q.shape == Shape::Single && q.raw_a == 1.0)
            .map(|q| (q.dim, q.a)),
        _ => None,
    }
}
