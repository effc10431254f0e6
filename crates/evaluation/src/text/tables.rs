//! Tables, whose readings are written under a header instead of beside their words.
//!
//! A header of dates:
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
//!
//! A header of names:
//!
//! ```text
//! Date/Time          | T    | HR  | BP     | RR | SpO2
//! 05/18 19:40 (ED)   | 37.4 | 112 | 138/86 | 22 | 89%
//! ```
//!
//! Each reading is read after a copy of its column's words ("HR 112", "SpO2 89%"), and
//! takes the unit its header cell gives ("UOP (mL/h)"). A side heading a column ("RIGHT
//! LEFT") is the side of the readings under it.

use super::quantity::{Dim, Shape};
use super::{analyze, closes_parenthesis, opens_parenthesis, Flags, Tok, TokKind, Vocab};
use std::ops::Range;

/// One column of a header line: where it starts on its line (in bytes, or as the number
/// of `|` before it in a pipe table), the tokens a reading under it is read after, and the
/// unit its cell gives.
struct Column {
    at: usize,
    toks: Vec<Tok>,
    unit: Option<(Dim, f64)>,
}

/// A header line's columns.
struct Header {
    columns: Vec<Column>,
    /// Dates (not names) head the columns.
    dated: bool,
    /// Cells are parted by `|`.
    pipes: bool,
    /// Where on the line the last column ends.
    end: usize,
}

/// Puts each reading of a table's rows after a copy of what its column's header holds.
pub(super) fn read_tables(
    text: &str,
    toks: &mut Vec<Tok>,
    flags: &mut Vec<Flags>,
    vocab: &mut Vocab,
) {
    // Most texts have no line a header could be: two dates, or cells set apart.
    let is_date = |t: &Tok| matches!(t.kind, TokKind::Qty(q) if q.dim == Dim::Date && q.shape == Shape::Single);
    let celled = text.contains("  ") || text.contains('|') || text.contains('\t');
    // The tokens of each line (a sentence end may stand for a period and the newline after
    // it, so lines are read off the text).
    let mut lines: Vec<Range<usize>> = Vec::new();
    let mut start = 0;
    let mut dates = 0;
    let mut header_seen = celled;
    let mut next_newline = text.find('\n').unwrap_or(usize::MAX);
    for (i, t) in toks.iter().enumerate() {
        if t.start > next_newline {
            header_seen |= dates >= 2;
            lines.push(start..i);
            start = i;
            dates = 0;
            next_newline = text[t.start..]
                .find('\n')
                .map_or(usize::MAX, |p| t.start + p);
        }
        if is_date(t) {
            dates += 1;
        }
    }
    header_seen |= dates >= 2;
    lines.push(start..toks.len());
    if !header_seen {
        return;
    }
    // What goes before each reading: (token index, tokens).
    let mut inserts: Vec<(usize, Vec<Tok>)> = Vec::new();
    let mut l = 0;
    while l < lines.len() {
        let Some(head) = header(text, toks, lines[l].clone(), vocab) else {
            l += 1;
            continue;
        };
        let mut r = l + 1;
        let mut table: Vec<(usize, Vec<Tok>)> = Vec::new();
        while let Some(line) = lines.get(r) {
            let row = &toks[line.clone()];
            // (A rule under the header, "|---|---|", holds no cell.)
            if row
                .iter()
                .all(|t| !matches!(t.kind, TokKind::Word { .. } | TokKind::Qty(_)))
            {
                r += 1;
                continue;
            }
            let line_start = line_start(text, toks, line.clone());
            let values: Vec<usize> = line
                .clone()
                .filter(|&i| matches!(toks[i].kind, TokKind::Qty(q) if !q.is_time_point()))
                .collect();
            // A row of a dated table names its test first and holds no date of its own;
            // one of a named table may start with its date.
            let fits = if head.dated {
                row.first()
                    .is_some_and(|t| matches!(t.kind, TokKind::Word { .. }))
                    && !row.iter().any(is_date)
            } else {
                true
            };
            if !fits || values.is_empty() {
                break;
            }
            let name_cell = text.get(line_start..toks[values[0]].start).unwrap_or("");
            let row_unit = if head.dated {
                cell_unit(name_cell, vocab)
            } else {
                None
            };
            // A dated row's name is said again before each reading ("Hgb (g/dL) Hgb 05/04
            // 14.1, Hgb 05/12 12.6"): the last column's reading is as much the test's as
            // the first.
            let name: Vec<Tok> = if head.dated {
                row.iter()
                    .take_while(|t| t.start < toks[values[0]].start)
                    .filter(|t| matches!(t.kind, TokKind::Word { .. }))
                    .copied()
                    .collect()
            } else {
                Vec::new()
            };
            // (index, tokens before it, the reading as its cell gives it)
            let mut cells: Vec<(usize, Vec<Tok>, TokKind)> = Vec::new();
            for i in values {
                let t = &toks[i];
                let at = cell_position(text, line_start, t.start, head.pipes);
                let column = if head.pipes {
                    head.columns.iter().find(|c| c.at == at)
                } else {
                    column_at(&head.columns, head.end, at)
                };
                let Some(c) = column else { continue };
                let mut kind = t.kind;
                if let TokKind::Qty(mut q) = t.kind {
                    // "1.9 H", "11.3 L": a lab table's high and low flags, not hours or
                    // litres (where no unit is given for the column, a flowsheet's "2 L NC"
                    // is oxygen in litres).
                    let written = text.get(t.start..t.end).unwrap_or("");
                    // (So is a letter set apart in a column of its own: "Albumin   2.9     L
                    // 3.5-5.0 g/dL" under "Result  Flag  Ref".)
                    let flag_column = written.trim_end_matches(['H', 'L']).ends_with("  ");
                    if (head.dated || c.unit.is_some() || flag_column)
                        && matches!(q.dim, Dim::Time | Dim::Volume)
                        && written.ends_with(['H', 'L'])
                        && written.trim_end_matches(['H', 'L']).ends_with(' ')
                    {
                        q = q.with_unit(Dim::None, 1.0);
                    }
                    if let (Dim::None, Some((dim, factor))) = (q.dim, row_unit.or(c.unit)) {
                        q = q.with_unit(dim, factor);
                    }
                    kind = TokKind::Qty(q);
                }
                // (Each reading after the first opens a clause of its own, so the words
                // of one column do not describe the reading before it.)
                let opens = (head.dated && !cells.is_empty()).then_some(Tok {
                    kind: TokKind::Clause,
                    start: t.start,
                    end: t.start,
                    lead: Default::default(),
                    after_for: false,
                    narrowed: false,
                });
                let before = opens.into_iter().chain(name.iter().chain(&c.toks).copied());
                cells.push((i, before.collect(), kind));
            }
            // (A row of a named table has two readings or more: a line of prose after the
            // table, or after wide spaces that are no header, has fewer.)
            if cells.is_empty() || (!head.dated && cells.len() < 2) {
                break;
            }
            for (i, before, kind) in cells {
                toks[i].kind = kind;
                table.push((i, before));
            }
            r += 1;
        }
        inserts.append(&mut table);
        l = r.max(l + 1);
    }
    if inserts.is_empty() {
        return;
    }
    inserts.sort_by_key(|(i, _)| *i);
    let added: usize = inserts.iter().map(|(_, t)| t.len()).sum();
    let mut new_toks = Vec::with_capacity(toks.len() + added);
    let mut new_flags = Vec::with_capacity(toks.len() + added);
    let mut next = inserts.iter().peekable();
    for (i, (t, f)) in toks.iter().zip(flags.iter()).enumerate() {
        let mut f = *f;
        if let Some((_, before)) = next.next_if(|(at, _)| *at == i) {
            for c in before {
                new_toks.push(Tok {
                    start: t.start,
                    end: t.start,
                    ..*c
                });
                new_flags.push(Flags::default());
                // (The sides were given out before the table was read: a column's side is
                // its readings' own.)
                if let TokKind::Side(side) = c.kind {
                    f.side.get_or_insert(side);
                }
            }
        }
        new_toks.push(*t);
        new_flags.push(f);
    }
    *toks = new_toks;
    *flags = new_flags;
}

/// Where a token starting at `start` stands on its line: the number of `|` before it in a
/// pipe table, else its byte offset from the line's start.
fn cell_position(text: &str, line_start: usize, start: usize, pipes: bool) -> usize {
    if pipes {
        text.as_bytes()[line_start..start]
            .iter()
            .filter(|&&b| b == b'|')
            .count()
    } else {
        start - line_start
    }
}

/// Byte offset where the line of `line`'s tokens starts.
fn line_start(text: &str, toks: &[Tok], line: Range<usize>) -> usize {
    let first = toks.get(line.start).map_or(text.len(), |t| t.start);
    text[..first].rfind('\n').map_or(0, |p| p + 1)
}

/// The columns of a header line, if it is one: of dates ("LAB TREND   09/02   09/03 ...",
/// "Test (ref) | 04/13 21:50 | 04/14 03:55"), or of names ("Date/Time | T | HR | SpO2").
fn header(text: &str, toks: &[Tok], line: Range<usize>, vocab: &mut Vocab) -> Option<Header> {
    let row = &toks[line.clone()];
    let line_start = line_start(text, toks, line.clone());
    let line_text = &text[line_start..];
    let line_text = &line_text[..line_text.find('\n').unwrap_or(line_text.len())];
    let pipes = line_text.contains('|');
    let dates = row
        .iter()
        .filter(|t| matches!(t.kind, TokKind::Qty(q) if q.dim == Dim::Date))
        .count();
    // ("Time (09/21/2026) | Support | pH | pCO2 (mmHg)": the day of a column of times,
    // in its note, is no column of its own.)
    let noted = noted_dates(text, row);
    if dates >= 2 && noted < dates {
        dated_header(text, row, line_start, pipes)
    } else if dates == noted {
        named_header(text, row, line_start, line_text, pipes, vocab)
    } else {
        None
    }
}

/// How many of a line's dates stand in parentheses.
fn noted_dates(text: &str, row: &[Tok]) -> usize {
    let mut depth = 0usize;
    let mut noted = 0;
    for t in row {
        match t.kind {
            TokKind::Soft if opens_parenthesis(t, text) => depth += 1,
            TokKind::Soft if closes_parenthesis(t, text) => depth = depth.saturating_sub(1),
            TokKind::Qty(q) if q.dim == Dim::Date && depth > 0 => noted += 1,
            _ => {}
        }
    }
    noted
}

/// A header of dates: two or more dates set apart as cells (two spaces, a tab or a `|`
/// between them), at most a few words ("Test (units)", "Ref range") and no other value or
/// negation.
fn dated_header(text: &str, row: &[Tok], line_start: usize, pipes: bool) -> Option<Header> {
    let mut words = 0;
    // (Words of a note in parentheses are no cells: "05/12 05:40 (POD 1)".)
    let mut depth = 0usize;
    for t in row {
        match t.kind {
            TokKind::Word { .. } => words += usize::from(depth == 0),
            TokKind::Qty(q) if matches!(q.dim, Dim::Date | Dim::Clock | Dim::Day) => {}
            // (A note may hold an age or a time: "06/03/2026 (12 mo)".)
            TokKind::Qty(_) if depth > 0 => {}
            TokKind::Soft if opens_parenthesis(t, text) => depth += 1,
            TokKind::Soft if closes_parenthesis(t, text) => depth = depth.saturating_sub(1),
            TokKind::Clause | TokKind::Soft | TokKind::Side(_) | TokKind::Sentence => {}
            _ => return None,
        }
    }
    if words > 5 {
        return None;
    }
    let mut columns: Vec<Column> = Vec::new();
    let mut last_end = 0;
    for (k, t) in row.iter().enumerate() {
        let TokKind::Qty(q) = t.kind else { continue };
        if q.dim != Dim::Date || q.shape != Shape::Single {
            continue;
        }
        let clock = row
            .get(k + 1)
            .filter(|n| matches!(n.kind, TokKind::Qty(c) if c.dim == Dim::Clock))
            .copied();
        if !columns.is_empty() {
            // (Dates read from one piece, "08/25-08/28/2026", are no cells.)
            let gap = text.get(last_end..t.start)?;
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
        last_end = clock.unwrap_or(*t).end;
        // A note in parentheses right after the date says which reading it is ("05/12
        // 05:40 (POD 1)", "05/04 (pre-op)"): the column's readings are read after it too.
        let rest = &row[k + 1 + usize::from(clock.is_some())..];
        let note: &[Tok] = match rest.first() {
            Some(open) if opens_parenthesis(open, text) => rest
                .iter()
                .position(|n| closes_parenthesis(n, text))
                .map_or(&[], |c| &rest[1..c]),
            _ => &[],
        };
        // (A note holds no other column's date.)
        let note = if note
            .iter()
            .any(|n| matches!(n.kind, TokKind::Qty(q) if q.dim == Dim::Date))
        {
            &[]
        } else {
            note
        };
        columns.push(Column {
            at: cell_position(text, line_start, t.start, pipes),
            toks: std::iter::once(*t)
                .chain(clock)
                .chain(note.iter().copied())
                .collect(),
            unit: None,
        });
    }
    if columns.len() < 2 {
        return None;
    }
    let last = columns[columns.len() - 1].at;
    // The next cell after the last date ("Ref"), else as wide as the columns before it.
    let next_cell = row
        .iter()
        .find(|t| t.start > last_end && matches!(t.kind, TokKind::Word { .. }))
        .map(|t| t.start - line_start);
    let end = next_cell.unwrap_or(last + (last - columns[columns.len() - 2].at));
    Some(Header {
        columns,
        dated: true,
        pipes,
        end,
    })
}

/// Header cells that name no attribute of the readings under them.
const GENERIC_CELLS: &[&str] = &[
    "result",
    "results",
    "value",
    "values",
    "flag",
    "flags",
    "units",
    "unit",
    "test",
    "tests",
    "component",
    "status",
    "comment",
    "comments",
    "date",
    "time",
];

/// A header of names: three or more cells of a few words each (or two sides), set apart by
/// two spaces, a tab or a `|`, and nothing else (no value, no negation).
fn named_header(
    text: &str,
    row: &[Tok],
    line_start: usize,
    line_text: &str,
    pipes: bool,
    vocab: &mut Vocab,
) -> Option<Header> {
    if row.is_empty()
        || !row.iter().all(|t| {
            matches!(
                t.kind,
                TokKind::Word { .. }
                    | TokKind::Side(_)
                    | TokKind::Soft
                    | TokKind::Clause
                    | TokKind::Sentence
            ) || matches!(t.kind, TokKind::Qty(q) if q.shape == Shape::Range || q.dim == Dim::Date)
        })
    {
        return None;
    }
    // The cells byte ranges on the line.
    let mut cells: Vec<Range<usize>> = Vec::new();
    if pipes {
        let mut from = 0;
        for part in line_text.split('|') {
            cells.push(from..from + part.len());
            from += part.len() + 1;
        }
    } else {
        let b = line_text.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i].is_ascii_whitespace() {
                i += 1;
                continue;
            }
            let from = i;
            // A cell ends at two blanks or a tab.
            while i < b.len()
                && !(b[i] == b'\t' || (b[i] == b' ' && b.get(i + 1).is_some_and(|&n| n == b' ')))
            {
                i += 1;
            }
            cells.push(from..i);
        }
    }
    let mut columns = Vec::new();
    for (index, cell) in cells.iter().enumerate() {
        let in_cell: Vec<Tok> = row
            .iter()
            .filter(|t| {
                cell.contains(&(t.start - line_start))
                    && matches!(t.kind, TokKind::Word { .. } | TokKind::Side(_))
            })
            .copied()
            .collect();
        if in_cell.is_empty() {
            continue;
        }
        if in_cell.len() > 3 {
            return None;
        }
        let cell_text = text.get(line_start + cell.start..line_start + cell.end)?;
        // A cell that only says a reading is one ("Result", "Value", "Flag") names nothing
        // the reading is of: it adds no word before it.
        let generic = cell_text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .all(|w| GENERIC_CELLS.iter().any(|g| w.eq_ignore_ascii_case(g)));
        columns.push(Column {
            at: if pipes { index } else { cell.start },
            toks: if generic { Vec::new() } else { in_cell },
            // (Only a unit in parentheses: "HR" is no hours.)
            unit: cell_text
                .trim_end()
                .ends_with(')')
                .then(|| cell_unit(cell_text, vocab))
                .flatten(),
        });
    }
    // (Two sides are a header of their own: "RIGHT     LEFT".)
    let sides = columns.iter().all(|c| {
        matches!(
            c.toks.as_slice(),
            [Tok {
                kind: TokKind::Side(_),
                ..
            }]
        )
    });
    if columns.len() < 3 && !(sides && columns.len() == 2) {
        return None;
    }
    let last = columns[columns.len() - 1].at;
    let end = if pipes {
        usize::MAX
    } else {
        last + (last - columns[columns.len() - 2].at).max(line_text.len() - last)
    };
    Some(Header {
        columns,
        dated: false,
        pipes,
        end,
    })
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

/// The unit a row's name cell (or a header's cell) gives its readings: the last word of
/// the cell, or what its closing parentheses hold ("Plt (K/uL)", "CRP mg/L"), read as a
/// unit after a number is.
fn cell_unit(cell: &str, vocab: &mut Vocab) -> Option<(Dim, f64)> {
    let cell = cell.trim_end().trim_end_matches('|').trim_end();
    // (Before a reference range in brackets: "ALT U/L [7-55]".)
    let cell = match cell.strip_suffix(']') {
        Some(open) => open[..open.rfind('[')?].trim_end(),
        None => cell,
    };
    // (After a reference range: "Plt (150-400 K/uL)".)
    let unit = match cell.strip_suffix(')') {
        Some(open) => open[open.rfind('(')? + 1..]
            .rsplit(char::is_whitespace)
            .next()?,
        None => cell.rsplit(char::is_whitespace).next()?,
    };
    if unit.is_empty() {
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
