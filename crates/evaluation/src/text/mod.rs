//! Clinical text analysis: tokens normalised (abbreviations, brand names, synonyms, stems),
//! numbers bound to units, dates and frequencies, and each word's negation and side.

pub(crate) mod lexicon;
pub(crate) mod quantity;
mod readings;
mod tables;

use hashbrown::HashTable;
use lexicon::{drug_class, drug_shaped, lexicon, Entry, Lexicon};
use quantity::{Dim, Quantity, Shape};
use std::borrow::Cow;
use std::hash::BuildHasher;
use std::ops::Range;

/// An interned canonical word.
pub(crate) type Term = u32;

/// Interner shared by every text of one evaluation, so equal words compare as integers.
/// It also remembers how each surface word was normalised, since the same words recur
/// across the sources and claims of a run. The strings live end to end in one buffer and
/// the tables hold spans into it, so a new word costs no allocation of its own. Keys come
/// from input text, so the hasher is randomly seeded (foldhash: fast on short keys); a
/// vocabulary lives for one evaluation of a size-capped request.
#[derive(Clone, Default)]
pub(crate) struct Vocab {
    hasher: foldhash::fast::RandomState,
    arena: String,
    ids: HashTable<(Span, Term)>,
    words: HashTable<(Span, WordInfo)>,
}

/// Start and end of a string in [`Vocab::arena`].
type Span = (u32, u32);

/// A content word's canonical term and classes.
#[derive(Clone, Copy, Debug)]
struct WordInfo {
    term: Term,
    drug: bool,
    light: bool,
    when: bool,
    anatomy: bool,
    /// The drug's class word, if it has one (see [`drug_class`]).
    class: Option<&'static str>,
}

impl Vocab {
    /// Room for about `words` distinct words, so the tables do not grow word by word.
    pub(crate) fn with_capacity(words: usize) -> Self {
        Self {
            hasher: Default::default(),
            arena: String::with_capacity(words * 8),
            ids: HashTable::with_capacity(words),
            words: HashTable::with_capacity(words),
        }
    }

    /// Room for `more` words without growing the tables.
    pub(crate) fn reserve(&mut self, more: usize) {
        let Self {
            hasher,
            arena,
            ids,
            words,
        } = self;
        ids.reserve(more, |(span, _)| hasher.hash_one(Self::text(arena, *span)));
        words.reserve(more, |(span, _)| hasher.hash_one(Self::text(arena, *span)));
        arena.reserve(more * 8);
    }

    /// No word interned yet.
    pub(crate) fn is_empty(&self) -> bool {
        self.ids.is_empty() && self.words.is_empty()
    }

    /// Approximate bytes held, for a cache's budget.
    pub(crate) fn size(&self) -> usize {
        self.arena.capacity()
            + self.ids.capacity() * (std::mem::size_of::<(Span, Term)>() + 1)
            + self.words.capacity() * (std::mem::size_of::<(Span, WordInfo)>() + 1)
    }

    fn text(arena: &str, (start, end): Span) -> &str {
        &arena[start as usize..end as usize]
    }

    /// Looks `key` up in `table`, or inserts it with the value `make` returns.
    fn intern<V: Copy>(
        table: &mut HashTable<(Span, V)>,
        arena: &mut String,
        hasher: &foldhash::fast::RandomState,
        key: &str,
        make: impl FnOnce(usize) -> V,
    ) -> V {
        let hash = hasher.hash_one(key);
        if let Some((_, v)) = table.find(hash, |(span, _)| Self::text(arena, *span) == key) {
            return *v;
        }
        let value = make(table.len());
        let span = (arena.len() as u32, (arena.len() + key.len()) as u32);
        arena.push_str(key);
        let text: &str = arena;
        table.insert_unique(hash, (span, value), |(span, _)| {
            hasher.hash_one(Self::text(text, *span))
        });
        value
    }

    pub(crate) fn id(&mut self, word: &str) -> Term {
        Self::intern(&mut self.ids, &mut self.arena, &self.hasher, word, |n| {
            n as Term
        })
    }

    /// The term a plain word of a text is read as ("discharged" and "discharge" give one).
    pub(crate) fn term(&mut self, word: &str) -> Term {
        let lex = lexicon();
        self.word(word, lex.entry(word), lex).term
    }

    /// `entry` is the lexicon's entry of `base`.
    fn word(&mut self, base: &str, entry: &'static Entry, lex: &'static Lexicon) -> WordInfo {
        let hash = self.hasher.hash_one(base);
        let arena = &self.arena;
        if let Some((_, info)) = self
            .words
            .find(hash, |(span, _)| Self::text(arena, *span) == base)
        {
            return *info;
        }
        let canonical = canonical_of(base, entry, lex);
        let target = if canonical == base {
            entry
        } else {
            lex.entry(&canonical)
        };
        let drug = entry.generic
            || target.generic
            || drug_shaped(base)
            || (canonical != base && drug_shaped(&canonical));
        let info = WordInfo {
            term: self.id(&canonical),
            drug,
            light: entry.light || target.light,
            when: entry.when || target.when,
            anatomy: entry.anatomy,
            class: drug_class(base, entry),
        };
        Self::intern(&mut self.words, &mut self.arena, &self.hasher, base, |_| {
            info
        })
    }

    /// Each term with its canonical spelling, for diagnostics.
    #[cfg(test)]
    pub(crate) fn names(&self) -> impl Iterator<Item = (Term, &str)> {
        self.ids
            .iter()
            .map(|(span, id)| (*id, Self::text(&self.arena, *span)))
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
    /// Ordinal of the run of words it belongs to (any token but a word or a side ends a
    /// run): "renal artery stenosis" of "no renal artery stenosis on duplex" is one run,
    /// "fever" and "chills" of "no fever or chills" are two.
    pub run: u32,
    pub neg: bool,
    pub side: Option<Side>,
    pub drug: bool,
    pub light: bool,
    /// Names a time point (see the lexicon's `TIME_POINTS`).
    pub when: bool,
    /// Quantities other than frequencies, counts ("x2"), dates and times of day among the
    /// items before this one, so the values between two items are a subtraction. (A
    /// reading's date, "Ethanol 11/03 09:40: 182", stamps it; it does not part it from its
    /// name as another value would.)
    pub values_before: u32,
    /// For a quantity, the word that introduces it ("from 40 mg", "to 80 mg", "for 24 hours").
    pub lead: Lead,
    /// A word of a purpose phrase ("started for possible bacterial pneumonia"): why
    /// something was done, not what was done.
    pub purpose: bool,
    /// Follows a word that limits it to a time ("active bleeding", "new infarct",
    /// "further episodes"): denying it denies only that part.
    pub narrowed: bool,
    /// A word of a comparison with an earlier study ("compared with the prior biopsy (with
    /// crescents)"): it describes that study, not this one.
    pub earlier: bool,
    /// Negated only as the place of a negated head ("random gastric biopsies" of "H. pylori
    /// immunostain on the random gastric biopsies was negative"): its polarity is not stated.
    pub located: bool,
    /// A body part ("hands", "hip"): where a finding is, never a finding denied itself.
    pub anatomy: bool,
    /// What a result is "positive/negative for" is of ("margins" of "surgical margins were
    /// positive for carcinoma"): the finding's polarity is the one stated of it.
    pub tested: bool,
    /// Stated as a result by an explicit cue after it ("skin testing was positive"):
    /// only a statement of the result answers it, not a heading naming the test.
    pub asserted: bool,
    /// Said of someone else, a relative ("Older brother had a rash on amoxicillin",
    /// "Father with MI at 58"): it states nothing of the patient either way.
    pub others: bool,
    /// A drug's class word the sentence implies by naming the drug ("benzodiazepine" of
    /// "limited sensitivity for lorazepam"), not one it writes.
    pub implied: bool,
}

/// The small word right before a value, which says what part the value plays: the start
/// or the end of a change ("increased from 40 mg to 80 mg"), a duration ("for 5 days"), or
/// the next phase of a sequence ("then 90 mg").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Lead {
    #[default]
    None,
    From,
    To,
    For,
    /// The next step of a sequence ("180 mg, then 90 mg BID"): another phase.
    Then,
    /// When something is due, not how long it lasts ("CT chest in 6-8 weeks").
    In,
    /// A bound, not a reading: "transferrin saturation >45%", "more than 1,000 ng/mL".
    Above,
    /// "<0.01 ng/mL", "less than 50 mL/min".
    Below,
}

impl Item {
    /// Whether the item states its own polarity: not what a test was done for (unless
    /// denied), not what is said of a relative, not the place of a denied head.
    pub(crate) fn states_polarity(&self) -> bool {
        let place_or_purpose = if self.neg { self.located } else { self.purpose };
        !self.others && !place_or_purpose
    }

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
    analyze_with(text, vocab, false)
}

/// [`analyze`] for a source document: each sentence naming a drug of a class (an antibiotic,
/// an anticoagulant...) also holds the class word, so "antibiotics will continue for two
/// weeks" finds "cefpodoxime ... to complete 14 days". Claims are analysed without it: a
/// claim naming one drug must not meet another drug through their class.
pub(crate) fn analyze_source(text: &str, vocab: &mut Vocab) -> Analysis {
    analyze_with(text, vocab, true)
}

/// A source document's analyses (body as [`analyze_source`], title as [`analyze`]) with
/// terms numbered by a vocabulary of its own, so they can be kept across evaluations and
/// adopted into any run's vocabulary.
#[derive(Debug)]
pub(crate) struct PortableSource {
    body: Analysis,
    title: Analysis,
    /// The terms in numbering order, end to end; term `t` ends at `ends[t]`.
    names: String,
    ends: Vec<u32>,
}

impl PortableSource {
    pub(crate) fn analyze(content: &str, title: &str) -> Self {
        let mut vocab = Vocab::with_capacity(64 + (content.len() + title.len()) / 20);
        let body = analyze_source(content, &mut vocab);
        let title = analyze(title, &mut vocab);
        let mut terms: Vec<(Term, Span)> = vocab.ids.iter().map(|(s, t)| (*t, *s)).collect();
        terms.sort_unstable_by_key(|(t, _)| *t);
        let mut names =
            String::with_capacity(terms.iter().map(|(_, (a, b))| (b - a) as usize).sum());
        let ends = terms
            .iter()
            .map(|(_, span)| {
                names.push_str(Vocab::text(&vocab.arena, *span));
                names.len() as u32
            })
            .collect();
        Self {
            body,
            title,
            names,
            ends,
        }
    }

    /// The body and title analyses with their terms renumbered into `vocab`. The terms are
    /// interned in the order the analysis first met them, so the numbers are exactly those
    /// analysing the texts with `vocab` would have given.
    pub(crate) fn adopt(&self, vocab: &mut Vocab) -> (Analysis, Analysis) {
        let mut start = 0;
        let map: Vec<Term> = self
            .ends
            .iter()
            .map(|&end| {
                let term = vocab.id(&self.names[start..end as usize]);
                start = end as usize;
                term
            })
            .collect();
        let renumber = |a: &Analysis| {
            let mut a = a.clone();
            for item in &mut a.items {
                match &mut item.kind {
                    Kind::Word(t) => *t = map[*t as usize],
                    Kind::Qty(Quantity {
                        dim: Dim::Compound(t),
                        ..
                    }) => *t = map[*t as usize],
                    Kind::Qty(_) => {}
                }
            }
            a
        };
        (renumber(&self.body), renumber(&self.title))
    }

    /// Approximate bytes held, for a cache's budget.
    pub(crate) fn size(&self) -> usize {
        let analysis = |a: &Analysis| {
            a.items.capacity() * std::mem::size_of::<Item>()
                + a.sentences.capacity() * std::mem::size_of::<Sentence>()
                + a.splits.capacity() * std::mem::size_of::<(usize, Split)>()
        };
        std::mem::size_of::<Self>()
            + analysis(&self.body)
            + analysis(&self.title)
            + self.names.capacity()
            + self.ends.capacity() * 4
    }
}

fn analyze_with(text: &str, vocab: &mut Vocab, classes: bool) -> Analysis {
    let lex = lexicon();
    let text = &*dot_leaders_as_colons(text);
    // One lowercase copy of the whole text (ASCII case only, so offsets stay the same)
    // lets every lexeme borrow its lowercase form instead of allocating it.
    let lower: Cow<'_, str> = if text.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(text.to_ascii_lowercase())
    } else {
        Cow::Borrowed(text)
    };
    let texts = Texts {
        orig: text,
        lower: &lower,
    };
    let raws = scan(text);
    let lexes = lex_all(&texts, &raws, lex);
    let mut toks = parse(&lexes, lex, vocab, classes);
    let mut flags = scope(&toks, &lower, !classes);
    if classes {
        tables::read_tables(text, &mut toks, &mut flags, vocab);
    }
    let mut a = build(&toks, &flags);
    readings::apply(&mut a, &lower, vocab);
    if classes {
        relatives(&mut a, &lower);
    }
    a
}

/// Marks the sentences of a source that speak of a relative ([`Item::others`]): those
/// that open with a relative who had or has something ("Older brother had a rash",
/// "Father with MI at 58", "Mother: breast cancer") or with a family history label. A
/// relative who reports ("Mother reports fever x 2 days") speaks of the patient.
fn relatives(a: &mut Analysis, lower: &str) {
    const RELATIVES: &[&str] = &[
        "mother",
        "father",
        "mom",
        "dad",
        "brother",
        "sister",
        "sibling",
        "son",
        "daughter",
        "grandmother",
        "grandfather",
        "granddaughter",
        "grandson",
        "grandchild",
        "niece",
        "nephew",
        "aunt",
        "uncle",
        "cousin",
        "twin",
        // ("His passenger (spouse) had a brief LOC": a companion's history is not his.)
        "spouse",
        "wife",
        "husband",
        "partner",
        "passenger",
        "roommate",
    ];
    const QUALIFIERS: &[&str] = &[
        "older", "younger", "maternal", "paternal", "half", "his", "her", "their",
        // (A patient's own message: "My granddaughter had a fever".)
        "my", "our",
    ];
    const HAD: &[&str] = &["had", "has", "with", "died", "diagnosed", "w/", "-"];
    for s in &a.sentences {
        let Some(text) = lower.get(s.start as usize..s.end as usize) else {
            continue;
        };
        let text = text.trim_start_matches(|c: char| c == '-' || c == '*' || c.is_whitespace());
        let family_label = text.starts_with("family history")
            || text.starts_with("fhx")
            || text.starts_with("fh:");
        let mut words = text.split_whitespace();
        let mut first = words.next();
        while first.is_some_and(|w| QUALIFIERS.contains(&w)) {
            first = words.next();
        }
        let relative = first.is_some_and(|w| {
            let (w, colon) = w.strip_suffix(':').map_or((w, false), |w| (w, true));
            let w = w.strip_suffix('s').unwrap_or(w);
            // (Past an aside: "passenger (spouse) had".)
            let mut next = words.next();
            if next.is_some_and(|n| n.starts_with('(')) {
                while next.is_some_and(|n| !n.ends_with(')')) {
                    next = words.next();
                }
                next = words.next();
            }
            RELATIVES.contains(&w) && (colon || next.is_some_and(|n| HAD.contains(&n)))
        });
        if family_label || relative {
            for it in &mut a.items[s.items.clone()] {
                it.others = true;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Stemming

/// A light suffix stripper (plurals, -ed, -ing, final e); applied once to both sides, so
/// "controlled"/"control" and "resolved"/"resolve" meet. Borrows unless it must add a "y".
pub(crate) fn stem(word: &str) -> Cow<'_, str> {
    if word.len() <= 3 || !word.is_ascii() {
        return Cow::Borrowed(word);
    }
    let mut s = word;
    if s.ends_with("ies") && s.len() > 4 {
        // Nothing below strips a word ending in "y".
        return Cow::Owned(format!("{}y", &s[..s.len() - 3]));
    } else if s.ends_with("sses") {
        s = &s[..s.len() - 2];
    } else if s.ends_with("ss") || s.ends_with("us") || s.ends_with("is") {
    } else if s.ends_with("es")
        && (s.ends_with("ches")
            || s.ends_with("shes")
            || s.ends_with("xes")
            || s.ends_with("zes")
            || s.ends_with("ses"))
    {
        s = &s[..s.len() - 2];
    } else if s.ends_with('s') {
        s = &s[..s.len() - 1];
    }
    // "hypoglycemic events" meet "hypoglycemia", "hypoxic" "hypoxia": the state's
    // adjective is its name.
    if (s.ends_with("emic") || s.ends_with("oxic")) && s.len() >= 7 {
        return Cow::Owned(format!("{}ia", &s[..s.len() - 2]));
    }
    // "laparoscopically" meets "laparoscopic".
    if s.ends_with("ically") && s.len() >= 9 {
        s = &s[..s.len() - 4];
    }
    // "dislocation" meets "dislocated", "intubation" "intubated".
    if s.ends_with("ation") && s.len() >= 8 {
        return Cow::Borrowed(&s[..s.len() - 3]);
    }
    let strip = if s.ends_with("ing") && s.len() >= 6 {
        3
    } else if s.ends_with("ed") && s.len() >= 5 {
        2
    } else {
        0
    };
    if strip > 0 {
        s = &s[..s.len() - strip];
        let b = s.as_bytes();
        let n = b.len();
        // "qualified" meets "qualify", "identified" "identify".
        if strip == 2 && n >= 4 && b[n - 1] == b'i' && !b"aeiou".contains(&b[n - 2]) {
            return Cow::Owned(format!("{}y", &s[..n - 1]));
        }
        if n >= 3
            && b[n - 1] == b[n - 2]
            && !matches!(b[n - 1], b's' | b'z' | b'a' | b'e' | b'i' | b'o' | b'u')
        {
            s = &s[..n - 1];
        }
    } else if s.ends_with('e') && s.len() > 3 && s != "plane" {
        // (An anatomical plane is no plan.)
        s = &s[..s.len() - 1];
    }
    Cow::Borrowed(s)
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
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' | '%' => true,
        '\0'..='\x7f' => false,
        _ => c.is_alphanumeric() || c == '°',
    }
}

/// Characters by index: bytes for ASCII text (the common case, no table to build), else
/// a table of (offset, char).
trait CharSeq {
    fn len(&self) -> usize;
    fn at(&self, i: usize) -> Option<char>;
    /// Byte offset of character `i` (the text's length past the end).
    fn offset(&self, i: usize) -> usize;
}

struct AsciiChars<'t>(&'t [u8]);

impl CharSeq for AsciiChars<'_> {
    fn len(&self) -> usize {
        self.0.len()
    }
    fn at(&self, i: usize) -> Option<char> {
        self.0.get(i).map(|b| char::from(*b))
    }
    fn offset(&self, i: usize) -> usize {
        i.min(self.0.len())
    }
}

struct WideChars {
    chars: Vec<(usize, char)>,
    len: usize,
}

impl CharSeq for WideChars {
    fn len(&self) -> usize {
        self.chars.len()
    }
    fn at(&self, i: usize) -> Option<char> {
        self.chars.get(i).map(|(_, c)| *c)
    }
    fn offset(&self, i: usize) -> usize {
        self.chars.get(i).map_or(self.len, |(o, _)| *o)
    }
}

/// "Fentanyl ............. NEGATIVE": a run of four or more dots leads a label to its
/// value, as a colon does (each dot would end a sentence). The text keeps its length, so
/// every offset stays the source's.
fn dot_leaders_as_colons(text: &str) -> Cow<'_, str> {
    if !text.contains("....") {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("....") {
        out.push_str(&rest[..at]);
        let run = rest[at..].bytes().take_while(|&b| b == b'.').count();
        out.push(':');
        out.extend(std::iter::repeat_n(' ', run - 1));
        rest = &rest[at + run..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

fn scan(text: &str) -> Vec<Raw> {
    if text.is_ascii() {
        scan_chars(text, &AsciiChars(text.as_bytes()))
    } else {
        let chars = WideChars {
            chars: text.char_indices().collect(),
            len: text.len(),
        };
        scan_chars(text, &chars)
    }
}

fn scan_chars(text: &str, chars: &impl CharSeq) -> Vec<Raw> {
    let at = |i: usize| chars.at(i);
    let offset = |i: usize| chars.offset(i);
    let n = chars.len();
    let mut out = Vec::with_capacity(n / 4);
    let mut i = 0;
    while i < n {
        let c = at(i).unwrap_or(' ');
        if is_word_char(c) && c != '%' {
            let start = i;
            let mut j = i + 1;
            // "until 34+0 wk PMA", "GA 40+4 wks": a gestational age's days after its weeks.
            let mut days_after = false;
            while j < n {
                let d = at(j).unwrap_or(' ');
                if is_word_char(d) {
                    if d == '%' {
                        j += 1;
                        break;
                    }
                    j += 1;
                    continue;
                }
                let prev = at(j - 1).unwrap_or(' ');
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
                    // "2+ edema" keeps its plus; "HER2+" is HER2 and a positive result.
                    '+' => {
                        let digits = (start..j).all(|k| at(k).is_some_and(|c| c.is_ascii_digit()));
                        // (Only before weeks: "Gleason 3+4=7" is two grades.)
                        let weeks = || {
                            let rest: String = (j + 2..j + 6).map_while(&at).collect();
                            rest.trim_start().starts_with('w')
                        };
                        days_after = digits
                            && at(j + 1).is_some_and(|c| matches!(c, '0'..='6'))
                            && !at(j + 2).is_some_and(|c| c.is_ascii_alphanumeric())
                            && weeks();
                        if digits && !days_after {
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
            if days_after {
                // (The weeks are the age a claim gives: the days are left out.)
                i = j + 2;
                continue;
            }
            // "ER+/PR+/HER2-", "GBS+": a sign right after a name is its result.
            let sign = at(j).filter(|c| matches!(c, '+' | '-'));
            let named = (start..j).any(|k| at(k).is_some_and(|c| c.is_alphabetic()));
            // (Not a hyphen left hanging before "or"/"and" and a hyphenated word: "third- or
            // fourth-degree", "pre- and post-op"; "GBS- and HSV-" are results.)
            let hanging = sign == Some('-') && {
                let rest = (j + 1..j + 40).map_while(&at).collect::<String>();
                let word = rest
                    .strip_prefix(" or ")
                    .or_else(|| rest.strip_prefix(" and "))
                    .and_then(|r| r.split(' ').next());
                word.and_then(|w| w.split_once('-'))
                    .is_some_and(|(a, b)| !a.is_empty() && b.starts_with(char::is_alphanumeric))
            };
            if let (Some(c), true, false) = (sign, named, hanging) {
                if !at(j + 1).is_some_and(|n| n.is_alphanumeric() || n == '>') {
                    out.push(Raw {
                        start: offset(j),
                        end: offset(j + 1),
                        kind: RawKind::Punct(if c == '+' { '⊕' } else { '⊖' }),
                    });
                    i = j + 1;
                }
            }
            continue;
        }
        match c {
            '.' | '!' | '?' => {
                let kind = if c == '.' && !ends_sentence(text, chars, i, out.last()) {
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
            // "2.4 -> 1.1", "1.6 → 1.4": a change from one value to the next.
            '-' if at(i + 1) == Some('>') => {
                out.push(Raw {
                    start: offset(i),
                    end: offset(i + 2),
                    kind: RawKind::Punct('→'),
                });
                i += 2;
                continue;
            }
            '→' => {
                out.push(Raw {
                    start: offset(i),
                    end: offset(i + 1),
                    kind: RawKind::Punct('→'),
                });
            }
            // ("|" parts a table's cells; it emits no token of its own.)
            '\n' | ';' | ',' | ':' | '(' | ')' | '[' | ']' | '<' | '>' | '/' | '=' | '|' => {
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
fn ends_sentence(text: &str, chars: &impl CharSeq, i: usize, prev: Option<&Raw>) -> bool {
    if let Some(p) = prev {
        if p.kind == RawKind::Word && p.end == chars.offset(i) {
            let w = &text[p.start..p.end];
            // (A side ending a place is no initial: "none on the L. No focal deficits.")
            let placed_side = matches!(w, "L" | "R") && {
                let before = text[..p.start].trim_end();
                before.len() > 4 && before[before.len() - 4..].eq_ignore_ascii_case(" the")
            };
            let single_cap =
                w.chars().count() == 1 && w.chars().all(|c| c.is_uppercase()) && !placed_side;
            let title = [
                "dr", "mr", "mrs", "ms", "st", "vs", "approx", "no", "e.g", "i.e", "sept",
            ]
            .iter()
            .any(|t| w.eq_ignore_ascii_case(t));
            if single_cap || title {
                return false;
            }
        }
    }
    let mut k = i + 1;
    while chars.at(k) == Some(' ') {
        k += 1;
    }
    match chars.at(k) {
        None => true,
        Some(c) => !c.is_lowercase(),
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
    /// Lowercase text: a slice of the lowercased input, owned only for non-ASCII words.
    text: Cow<'t, str>,
    /// The original spelling (case matters for PT, US, K, L, R...).
    orig: &'t str,
    /// The lexicon's entry for `text`, looked up once.
    entry: &'static Entry,
    start: usize,
    end: usize,
    /// First part of a hyphenated word ("R" of "R-sided").
    hyphen_head: bool,
}

/// The input and its ASCII-lowercased copy: the same byte offsets index both.
struct Texts<'t> {
    orig: &'t str,
    lower: &'t str,
}

fn lex_all<'t>(texts: &Texts<'t>, raws: &[Raw], lex: &'static Lexicon) -> Vec<Lex<'t>> {
    let mut out = Vec::with_capacity(raws.len() + 8);
    for raw in raws {
        let span = (raw.start, raw.end);
        let (kind, text) = match raw.kind {
            RawKind::Punct(c) => (LexKind::Punct(c), &texts.orig[raw.start..raw.end]),
            RawKind::Stop => (LexKind::Stop, "."),
            RawKind::Word => {
                lex_word(texts, raw.start..raw.end, span, lex, &mut out);
                continue;
            }
        };
        let entry = Lexicon::no_entry();
        push_lex(&mut out, Cow::Borrowed(text), text, span, entry, kind);
    }
    join_units_per(&mut out, lex);
    out
}

/// The written-out name of a unit, as its short form ("micrograms" -> "mcg").
fn unit_short(word: &str) -> Option<&'static str> {
    Some(match word {
        "microgram" | "micrograms" | "mcg" => "mcg",
        "milligram" | "milligrams" | "mg" => "mg",
        "gram" | "grams" | "g" => "g",
        "kilogram" | "kilograms" | "kg" => "kg",
        "unit" | "units" => "units",
        "milliliter" | "milliliters" | "millilitre" | "millilitres" | "ml" => "ml",
        "liter" | "liters" | "litre" | "litres" | "l" => "l",
        "deciliter" | "deciliters" | "decilitre" | "decilitres" | "dl" => "dl",
        "hour" | "hours" | "hr" | "h" => "h",
        "minute" | "minutes" | "min" => "min",
        _ => return None,
    })
}

/// "212 micrograms per mL" is "212 mcg/mL": an amount's unit, "per" and another unit make
/// one compound unit, as the slash does (see `lex_slash`).
fn join_units_per(out: &mut Vec<Lex<'_>>, lex: &'static Lexicon) {
    let mut i = 0;
    while i + 2 < out.len() {
        let unitlike = |l: &Lex<'_>| matches!(l.kind, LexKind::Word | LexKind::Unit(..));
        let joined = (out[i + 1].text == "per" && unitlike(&out[i]) && unitlike(&out[i + 2]))
            .then(|| Some((unit_short(&out[i].text)?, unit_short(&out[i + 2].text)?)))
            .flatten()
            // ("2 liters per minute" of oxygen is the litres, as "2 L/min" is.)
            .filter(|(amount, per)| (*amount, *per) != ("l", "min"))
            .filter(|(amount, _)| {
                lex.units
                    .get(*amount)
                    .is_some_and(|(dim, _)| *dim != Dim::Time)
            });
        if let Some((amount, per)) = joined {
            let end = out[i + 2].end;
            out[i].kind = LexKind::Unit(Dim::None, 1.0);
            out[i].text = Cow::Owned(format!("{amount}/{per}"));
            out[i].entry = Lexicon::no_entry();
            out[i].end = end;
            out.drain(i + 1..i + 3);
        }
        i += 1;
    }
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
    if s.contains(',') {
        s.replace(',', "").parse::<f64>().ok()
    } else {
        s.parse::<f64>().ok()
    }
}

/// A part of a lowercase word, borrowed when the word is.
fn sub<'t>(lower: &Cow<'t, str>, r: Range<usize>) -> Cow<'t, str> {
    match lower {
        Cow::Borrowed(s) => Cow::Borrowed(&s[r]),
        Cow::Owned(s) => Cow::Owned(s[r].to_owned()),
    }
}

/// Sub-ranges of `range` between occurrences of `sep` in `text`, empty ones skipped.
fn split_range(text: &str, range: Range<usize>, sep: char) -> Vec<Range<usize>> {
    let mut parts = Vec::new();
    let mut from = range.start;
    for (i, _) in text[range.clone()].match_indices(sep) {
        let at = range.start + i;
        if at > from {
            parts.push(from..at);
        }
        from = at + sep.len_utf8();
    }
    if range.end > from {
        parts.push(from..range.end);
    }
    parts
}

/// The word that ends right before byte `at` (spaces skipped), or "".
fn word_before(lower: &str, at: usize) -> &str {
    let head = lower[..at].trim_end_matches(' ');
    let start = head
        .rfind(|c: char| !c.is_ascii_alphanumeric())
        .map_or(0, |p| p + 1);
    &head[start..]
}

/// Lexes the word at `range` of the input; every lexeme it yields reports `span`.
fn lex_word<'t>(
    texts: &Texts<'t>,
    range: Range<usize>,
    span: (usize, usize),
    lex: &'static Lexicon,
    out: &mut Vec<Lex<'t>>,
) {
    let mut orig = &texts.orig[range.clone()];
    let mut lower: Cow<'t, str> = if orig.is_ascii() {
        Cow::Borrowed(&texts.lower[range.clone()])
    } else {
        Cow::Owned(orig.to_lowercase())
    };
    if lower.ends_with("'s") {
        let n = lower.len() - 2;
        lower = sub(&lower, 0..n);
        orig = &orig[..orig.len() - 2];
    }
    if lower.is_empty() {
        return;
    }
    // A part of the piece ("%" of "5%", "mg" of "10mg"), with its own entry.
    let push = |out: &mut Vec<Lex<'t>>, text: Cow<'t, str>, kind: LexKind| {
        let entry = lex.entry(&text);
        push_lex(out, text, orig, span, entry, kind);
    };

    // One pass over the bytes says which of the readings below can apply at all, so a
    // plain word (most of a text) skips their searches.
    let (mut digit, mut slash, mut dash, mut colon) = (false, false, false, false);
    for b in lower.bytes() {
        match b {
            b'0'..=b'9' => digit = true,
            b'/' => slash = true,
            b'-' => dash = true,
            b':' => colon = true,
            _ => {}
        }
    }
    // Whole-piece vocabulary first: "s/p", "c/d/i", "pip-tazo", "mg/dl", "x-ray".
    let entry = lex.entry(&lower);
    let push_whole = |out: &mut Vec<Lex<'t>>, text: Cow<'t, str>, kind: LexKind| {
        push_lex(out, text, orig, span, entry, kind);
    };
    if lex.case_abbr(orig).is_some()
        || entry.abbr.is_some()
        || entry.brand.is_some()
        || entry.freq.is_some()
        || entry.neg_morph.is_some()
    {
        push_whole(out, lower, LexKind::Word);
        return;
    }
    if let Some((dim, f)) = entry.unit {
        if slash || lower == "%" {
            push_whole(out, lower, LexKind::Unit(dim, f));
            return;
        }
    }
    if !digit && !slash && !dash {
        push_whole(out, lower, LexKind::Word);
        return;
    }
    // "pre-dose #3", "bottle #2": a number after "#" names which dose or bottle; it
    // measures nothing. (Not a count dispensed, "#2 devices", nor a day, "HD#2".)
    let numbered = range.start > 0
        && texts.lower.as_bytes().get(range.start - 1) == Some(&b'#')
        && lower.bytes().all(|b| b.is_ascii_digit())
        && matches!(
            word_before(texts.lower, range.start - 1),
            "dose" | "bottle" | "tube" | "sample" | "specimen" | "set"
        );
    if numbered {
        push_whole(out, lower, LexKind::Word);
        return;
    }
    if let Some(n) = parse_num(&lower) {
        push_whole(out, lower, LexKind::Num(n));
        return;
    }
    if let Some(rest) = lower.strip_suffix('%') {
        if let Some(n) = parse_num(rest) {
            let rest = sub(&lower, 0..lower.len() - 1);
            push(out, rest, LexKind::Num(n));
            push(out, Cow::Borrowed("%"), LexKind::Unit(Dim::Percent, 1.0));
            return;
        }
        if let Some((a, b)) = rest
            .split_once('-')
            .and_then(|(a, b)| Some((parse_num(a)?, parse_num(b)?)))
        {
            let q = Quantity::two(Dim::Percent, Shape::Range, a, b, 1.0);
            push_whole(out, lower, LexKind::Qty(q));
            return;
        }
    }
    // "titer 1:1000": a dilution, one part in so many (not a time of day: "1:40" is one
    // only after "titer").
    let titer = colon
        .then(|| lower.strip_prefix("1:").and_then(parse_num))
        .flatten()
        .filter(|n| {
            *n >= 2.0
                && (*n > 59.0
                    || matches!(
                        word_before(texts.lower, range.start),
                        "titer" | "titre" | "ana"
                    ))
        });
    if let Some(n) = titer {
        let q = Quantity::two(Dim::None, Shape::Pair, 1.0, n, 1.0);
        push_whole(out, lower, LexKind::Qty(q));
        return;
    }
    if let Some(q) = colon.then(|| clock(&lower)).flatten() {
        push_whole(out, lower, LexKind::Qty(q));
        return;
    }
    // "11/12-11/15": two dates joined by a dash, each read on its own.
    if let Some((a, b)) = (slash && dash).then(|| lower.split_once('-')).flatten() {
        let datelike = |p: &str| p.contains('/') && p.starts_with(|c: char| c.is_ascii_digit());
        if datelike(a) && datelike(b) && !b.contains('-') {
            let mid = range.start + a.len();
            lex_word(texts, range.start..mid, span, lex, out);
            lex_word(texts, mid + 1..range.start + orig.len(), span, lex, out);
            return;
        }
    }
    // Parts of the original piece, for words split at '/' or '-'.
    let orig_range = range.start..range.start + orig.len();
    if slash {
        lex_slash(texts, lower, orig_range, span, entry, lex, out);
        return;
    }
    if dash {
        lex_hyphen(texts, lower, orig_range, span, entry, lex, out);
        return;
    }
    // "POD7", "HD2", "DOL5": a day counter glued to its number is the two words; so is the
    // "q" of an interval ("q2 weeks" is "q 2 weeks").
    let counter = ["pod", "hd", "dol", "q"].into_iter().find(|p| {
        lower
            .strip_prefix(p)
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    });
    if let (Some(p), true) = (counter, orig.len() == lower.len()) {
        let mid = range.start + p.len();
        lex_word(texts, range.start..mid, span, lex, out);
        lex_word(texts, mid..range.start + orig.len(), span, lex, out);
        return;
    }
    // "x24h", "x3d": "for" a duration glued to its number and unit ("x 24 h").
    let times_unit = lower.strip_prefix('x').is_some_and(|rest| {
        rest.starts_with(|c: char| c.is_ascii_digit())
            && rest.ends_with(|c: char| c.is_ascii_alphabetic())
    });
    if times_unit && orig.len() == lower.len() {
        lex_word(texts, range.start..range.start + 1, span, lex, out);
        lex_word(
            texts,
            range.start + 1..range.start + orig.len(),
            span,
            lex,
            out,
        );
        return;
    }
    // "27F introducer sheath", "(8F, 8.5F)": a French size glued to its number, when a
    // device follows or the number has a fraction (no age has).
    if let Some(n) = orig.strip_suffix('F').and_then(|d| {
        let n = parse_num(d).filter(|n| (1.0..=40.0).contains(n))?;
        let device = || {
            let after = texts.lower.get(range.end..).unwrap_or("").trim_start();
            let word = &after[..after
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(after.len())];
            matches!(
                word,
                "sheath"
                    | "introducer"
                    | "catheter"
                    | "drain"
                    | "stent"
                    | "tube"
                    | "pigtail"
                    | "dilator"
                    | "cannula"
                    | "foley"
            )
        };
        (d.contains('.') || device()).then_some(n)
    }) {
        push(out, sub(&lower, 0..lower.len() - 1), LexKind::Num(n));
        push(
            out,
            Cow::Borrowed("fr"),
            LexKind::Unit(Dim::Length, 1.0 / 3.0),
        );
        return;
    }
    // "67M", "19F": an age and a sex, not 67 metres; "T 101F" is a temperature, read as
    // "101 F".
    if let Some(n) = orig
        .strip_suffix(['M', 'F'])
        .filter(|d| (1..=3).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|d| d.parse::<f64>().ok())
    {
        if orig.ends_with('F') && n >= 95.0 {
            let mid = range.start + orig.len() - 1;
            lex_word(texts, range.start..mid, span, lex, out);
            lex_word(texts, mid..mid + 1, span, lex, out);
        } else {
            push(out, sub(&lower, 0..lower.len() - 1), LexKind::Num(n));
        }
        return;
    }
    if let Some(q) = glued(&lower) {
        match q {
            Glued::Qty(q) => push_whole(out, lower, LexKind::Qty(q)),
            Glued::NumUnit(n, unit_at) => {
                let unit = sub(&lower, unit_at..lower.len());
                push_whole(out, lower, LexKind::Num(n));
                push(out, unit, LexKind::Word);
            }
            Glued::Num(n) => push_whole(out, lower, LexKind::Num(n)),
        }
        return;
    }
    push_whole(out, lower, LexKind::Word);
}

/// Every `a` to `b` hours, as times a day (lowest first).
fn every_range(a: f64, b: f64) -> Quantity {
    Quantity::two(Dim::Frequency, Shape::Range, 24.0 / b, 24.0 / a, 1.0)
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
    /// A number and the byte offset where its unit starts.
    NumUnit(f64, usize),
    Num(f64),
}

/// Letters and digits written together: q12h, 140s, x2, 2x, 10mg, 3rd.
fn glued(s: &str) -> Option<Glued> {
    let lexc = lexicon();
    let digits_at = s.find(|c: char| c.is_ascii_digit())?;
    let b = s.as_bytes();
    if let Some(rest) = s.strip_prefix('q') {
        // Every n hours, days, weeks or months, as doses a day.
        const PERIODS: &[(&str, f64)] = &[
            ("hrs", 1.0),
            ("hr", 1.0),
            ("h", 1.0),
            ("days", 24.0),
            ("d", 24.0),
            ("wks", 168.0),
            ("wk", 168.0),
            ("w", 168.0),
            ("mo", 720.0),
        ];
        for (suffix, hours) in PERIODS {
            if let Some(n) = rest.strip_suffix(suffix).and_then(parse_num) {
                if n > 0.0 {
                    let per_day = 24.0 / (n * hours);
                    return Some(Glued::Qty(Quantity::single(Dim::Frequency, per_day, 1.0)));
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
            return Some(Glued::NumUnit(n, end));
        }
    }
    None
}

/// Pushes one lexeme that reports `span`.
fn push_lex<'t>(
    out: &mut Vec<Lex<'t>>,
    text: Cow<'t, str>,
    orig: &'t str,
    span: (usize, usize),
    entry: &'static Entry,
    kind: LexKind,
) {
    out.push(Lex {
        kind,
        text,
        orig,
        entry,
        start: span.0,
        end: span.1,
        hyphen_head: false,
    });
}

fn lex_slash<'t>(
    texts: &Texts<'t>,
    lower: Cow<'t, str>,
    orig_range: Range<usize>,
    span: (usize, usize),
    entry: &'static Entry,
    lex: &'static Lexicon,
    out: &mut Vec<Lex<'t>>,
) {
    let orig = &texts.orig[orig_range.clone()];
    let parts: Vec<&str> = lower.split('/').collect();
    let nums: Vec<Option<f64>> = parts.iter().map(|p| parse_num(p)).collect();
    let push = |out: &mut Vec<Lex<'t>>, kind: LexKind| {
        push_lex(out, lower.clone(), orig, span, entry, kind);
    };
    // A unit written first in the piece ("mg" of "mg/2"), and a word the piece stands for
    // ("daily" of "g/d").
    let push_unit = |out: &mut Vec<Lex<'t>>, unit: &str, dim: Dim, factor: f64| {
        let text = sub(&lower, 0..unit.len());
        push_lex(
            out,
            text,
            orig,
            span,
            lex.entry(unit),
            LexKind::Unit(dim, factor),
        );
    };
    let push_word = |out: &mut Vec<Lex<'t>>, word: &'static str| {
        push_lex(
            out,
            Cow::Borrowed(word),
            orig,
            span,
            lex.entry(word),
            LexKind::Word,
        );
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
            // "09/09" is a date; "9/9" only after a word that introduces one ("on 9/9"),
            // since "4/5 strength" and "2/2 cultures" are not.
            let dated = matches!(
                word_before(texts.lower, orig_range.start),
                "on" | "since" | "until" | "by"
            );
            if (pa.len() == 2 && pb.len() == 2 || dated)
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
    // "ANC 3,450/uL": a count per microlitre glued to its number.
    if let ([_, per], [Some(n), None]) = (parts.as_slice(), nums.as_slice()) {
        if matches!(*per, "ul" | "µl" | "mm3") {
            let number = sub(&lower, 0..parts[0].len());
            push_lex(out, number, orig, span, entry, LexKind::Num(*n));
            let unit = sub(&lower, parts[0].len()..lower.len());
            push_lex(out, unit, orig, span, entry, LexKind::Unit(Dim::None, 1.0));
            return;
        }
    }
    // "Suboxone 8 mg/2 mg SL film": a combination's two amounts, each in its unit, not a
    // concentration per two milligrams.
    if let [unit, number] = parts.as_slice() {
        let again = texts
            .lower
            .get(orig_range.end..)
            .map(str::trim_start)
            .is_some_and(|rest| {
                rest.strip_prefix(unit)
                    .is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_alphanumeric()))
            });
        if let (Some(&(dim, factor)), Some(n), true) =
            (lex.units.get(unit), parse_num(number), again)
        {
            push_unit(out, unit, dim, factor);
            let number_text = sub(&lower, unit.len() + 1..lower.len());
            push_lex(out, number_text, orig, span, entry, LexKind::Num(n));
            return;
        }
    }
    // An amount per day ("1.5 L/day", "2 g/d") is the amount, daily. A dose in a syringe's
    // volume ("enoxaparin 40 mg/0.4 mL") or a patch's day ("nicotine patch 21 mg/24 hr") is
    // that amount (the rest follows as words; a suspension's "100 mg/5 mL" stays a
    // concentration), and oxygen in litres per minute ("2 L/min") is the litres a note also
    // writes alone ("home O2 2 L continuous").
    if let [amount, rest] = parts.as_slice() {
        let daily = matches!(*rest, "d" | "day");
        let dose = *rest == "24"
            || parse_num(rest).is_some_and(|n| n <= 1.0)
            || (*amount == "l" && *rest == "min");
        if let Some(&(dim, factor)) = lex.units.get(amount).filter(|_| daily || dose) {
            if dim != Dim::Time {
                push_unit(out, amount, dim, factor);
                if daily {
                    push_word(out, "daily");
                }
                return;
            }
        }
    }
    // "Sleep: 7-8 h/night": hours a night are hours, at night.
    if let [amount, "night" | "nt"] = parts.as_slice() {
        if let Some(&(Dim::Time, factor)) = lex.units.get(amount) {
            push_unit(out, amount, Dim::Time, factor);
            push_word(out, "night");
            return;
        }
    }
    // A compound unit: its first part is a unit (mg/dL, mcg/kg/min, K/uL).
    // (Also counts per volume: "3,100 copies/mL", "740 cells/uL", "10,000 CFU/mL".)
    if lex.units.contains_key(parts[0])
        || matches!(parts[0], "k" | "copies" | "cells" | "cfu")
        || parts[0].starts_with("x10")
    {
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
    // "WBC >50/hpf", "RBC 20-50/hpf": a count per microscope field is a unit of its own,
    // never a blood count's.
    if let [count, field @ ("hpf" | "lpf")] = parts.as_slice() {
        if count.starts_with(|c: char| c.is_ascii_digit()) {
            if let Some(first) = split_range(texts.orig, orig_range.clone(), '/')
                .into_iter()
                .next()
            {
                lex_word(texts, first, span, lex, out);
            }
            let unit = if *field == "hpf" { "/hpf" } else { "/lpf" };
            push_lex(
                out,
                Cow::Borrowed(unit),
                orig,
                span,
                lex.entry(field),
                LexKind::Unit(Dim::None, 1.0),
            );
            return;
        }
    }
    // Each part on its own; parts keep the whole piece's span.
    for part in split_range(texts.orig, orig_range, '/') {
        lex_word(texts, part, span, lex, out);
    }
}

fn lex_hyphen<'t>(
    texts: &Texts<'t>,
    lower: Cow<'t, str>,
    orig_range: Range<usize>,
    span: (usize, usize),
    entry: &'static Entry,
    lex: &'static Lexicon,
    out: &mut Vec<Lex<'t>>,
) {
    let orig = &texts.orig[orig_range.clone()];
    let push = |out: &mut Vec<Lex<'t>>, kind: LexKind| {
        push_lex(out, lower.clone(), orig, span, entry, kind);
    };
    let parts: Vec<&str> = lower.split('-').filter(|p| !p.is_empty()).collect();
    if parts.len() == 2 {
        if let (Some(a), Some(b)) = (parse_num(parts[0]), parse_num(parts[1])) {
            let shape = if a < b { Shape::Range } else { Shape::Pair };
            push(
                out,
                LexKind::Qty(Quantity::two(Dim::None, shape, a, b, 1.0)),
            );
            return;
        }
        // "60s-70s"
        if let (Some(a), Some(b)) = (
            parts[0].strip_suffix('s').and_then(parse_num),
            parts[1].strip_suffix('s').and_then(parse_num),
        ) {
            push(
                out,
                LexKind::Qty(Quantity::two(Dim::None, Shape::Range, a, b + 9.0, 1.0)),
            );
            return;
        }
    }
    // "q4-6h": every 4 to 6 hours.
    if let [a, b] = parts.as_slice() {
        let hours = |p: &str| {
            ["hrs", "hr", "h"]
                .iter()
                .find_map(|s| p.strip_suffix(s).and_then(parse_num))
        };
        if let (Some(a), Some(b)) = (a.strip_prefix('q').and_then(parse_num), hours(b)) {
            if a > 0.0 && b > a {
                push(out, LexKind::Qty(every_range(a, b)));
                return;
            }
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
                push(
                    out,
                    LexKind::Qty(Quantity::two(
                        Dim::Date,
                        Shape::Single,
                        m * 100.0 + d,
                        y,
                        1.0,
                    )),
                );
                return;
            }
        }
    }
    let origs = split_range(texts.orig, orig_range, '-');
    let count = origs.len();
    for (k, part) in origs.into_iter().enumerate() {
        let before = out.len();
        lex_word(texts, part, span, lex, out);
        if k + 1 < count {
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
        when: bool,
        anatomy: bool,
        morph_neg: bool,
        /// The class word of a drug, for sources ("antibiotic" for "ceftriaxone").
        class: Option<Term>,
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
    /// "was", "is", "were"...: after a negated subject the predicate is not negated
    /// ("no pneumothorax was seen on the chest radiograph").
    Copula,
    /// "on", "at", "in", "during", "after"...: where or when a finding was looked for, which a
    /// negation does not reach ("no perforation on CT" does not deny the CT).
    Place,
}

#[derive(Clone, Copy, Debug)]
struct Tok {
    kind: TokKind,
    start: usize,
    end: usize,
    lead: Lead,
    /// A word right after "for": the start of a purpose phrase.
    after_for: bool,
    /// See [`Item::narrowed`].
    narrowed: bool,
}

struct Parser<'a, 't> {
    lexes: &'a [Lex<'t>],
    lex: &'static Lexicon,
    vocab: &'a mut Vocab,
    out: Vec<Tok>,
    pending_non: bool,
    /// The lexeme [`Parser::step`] is handling: every token it emits starts there.
    cur: usize,
    /// Whether drug words carry their class (see [`analyze_source`]).
    classes: bool,
    /// The words being emitted name a lab test, not a drug.
    lab: bool,
}

fn parse(lexes: &[Lex<'_>], lex: &'static Lexicon, vocab: &mut Vocab, classes: bool) -> Vec<Tok> {
    let mut p = Parser {
        lexes,
        lex,
        vocab,
        out: Vec::with_capacity(lexes.len()),
        pending_non: false,
        cur: 0,
        classes,
        lab: false,
    };
    let mut i = 0;
    while i < lexes.len() {
        i = p.step(i);
    }
    p.out
}

impl Parser<'_, '_> {
    fn text(&self, i: usize) -> Option<&str> {
        self.lexes.get(i).map(|l| l.text.as_ref())
    }

    /// A time `minutes` after 12 or after an hour from 1 to 12, when the lexeme at `at` says
    /// which half of the day ("6 AM", "3:20 p.m."): that time on the 24-hour clock.
    fn twelve_hour(&self, minutes: f64, at: usize) -> Option<Quantity> {
        let half = match self.text(at)? {
            "am" | "a.m." => 0.0,
            "pm" | "p.m." => 12.0 * 60.0,
            _ => return None,
        };
        Some(Quantity::single(
            Dim::Clock,
            minutes % (12.0 * 60.0) + half,
            1.0,
        ))
    }

    fn entry_at(&self, i: usize) -> Option<&'static Entry> {
        self.lexes.get(i).map(|l| l.entry)
    }

    fn emit(&mut self, kind: TokKind, start: usize, end: usize) {
        let (mut lead, mut after_for, mut narrowed) = (Lead::None, false, false);
        match kind {
            TokKind::Qty(_) => lead = self.lead_before(start),
            TokKind::Word { .. } => {
                let before = self.word_before(start);
                // "r/o pericardial effusion", "to rule out PE": what a test was to rule out
                // is a purpose as much as what it was for.
                // ("Positive for ischemia", "notable for ataxia" are findings, not purposes.)
                let result_for = before == Some("for")
                    && matches!(
                        self.word_before_n(start, 2),
                        Some(
                            "positive"
                                | "negative"
                                | "pos"
                                | "neg"
                                | "notable"
                                | "significant"
                                | "remarkable"
                        )
                    );
                // ("If you notice new bruising, ... go to the ED": what a condition names
                // may never happen.)
                let condition = before == Some("if")
                    || (matches!(before, Some("you" | "she" | "he" | "they"))
                        && self.word_before_n(start, 2) == Some("if"));
                after_for = (matches!(before, Some("for" | "r/o")) && !result_for)
                    || (before == Some("out") && self.word_before_n(start, 2) == Some("rule"))
                    || condition;
                narrowed = matches!(
                    before,
                    Some(
                        "active"
                            | "further"
                            | "new"
                            | "recurrent"
                            | "ongoing"
                            | "residual"
                            | "additional"
                            | "persistent"
                            | "current"
                    )
                );
            }
            _ => {}
        }
        self.out.push(Tok {
            kind,
            start,
            end,
            lead,
            after_for,
            narrowed,
        });
    }

    /// The lexeme right before the piece that starts at `start` (the current lexeme's, or
    /// an earlier lexeme's of the same piece).
    fn word_before(&self, start: usize) -> Option<&str> {
        self.word_before_n(start, 1)
    }

    /// The `n`th lexeme before `start` (1: the one right before).
    fn word_before_n(&self, start: usize, n: usize) -> Option<&str> {
        let mut at = self.cur.min(self.lexes.len());
        while at > 0 && self.lexes[at - 1].start >= start {
            at -= 1;
        }
        at.checked_sub(n).and_then(|p| self.text(p))
    }

    /// [`Parser::word_before`] read as a [`Lead`].
    fn lead_before(&self, start: usize) -> Lead {
        match self.word_before(start) {
            Some("from") => Lead::From,
            // ("started at 50 mg BID": the dose a titration starts from.)
            Some("at")
                if matches!(
                    self.word_before_n(start, 2),
                    Some("started" | "initiated" | "begun" | "began" | "starting")
                ) =>
            {
                Lead::From
            }
            Some("to" | "->" | "→") => Lead::To,
            Some("for" | "x" | "over") => Lead::For,
            Some("in" | "within") => Lead::In,
            Some("then") => Lead::Then,
            Some(">" | "≥") => Lead::Above,
            Some("<" | "≤") => Lead::Below,
            Some("than") => match self.word_before_n(start, 2) {
                Some("greater" | "more" | "higher") => Lead::Above,
                Some("less" | "fewer" | "lower") => Lead::Below,
                _ => Lead::None,
            },
            // ("extended from every 6 weeks to every 8 weeks": an interval's change.)
            Some("every") => match self.word_before_n(start, 2) {
                Some("from") => Lead::From,
                Some("to" | "->" | "→") => Lead::To,
                _ => Lead::None,
            },
            _ => Lead::None,
        }
    }

    /// The first `closing` bracket among lexemes `from..until`, within the sentence.
    fn closing(&self, from: usize, until: usize, closing: char) -> Option<usize> {
        (from..self.lexes.len().min(until))
            .take_while(|k| self.lexes[*k].kind != LexKind::Stop)
            .find(|k| self.lexes[*k].kind == LexKind::Punct(closing))
    }

    /// Whether lexeme `i` is a label: a colon follows it ("OD: narrow angle").
    fn labels(&self, i: usize) -> bool {
        self.lexes
            .get(i + 1)
            .is_some_and(|n| n.kind == LexKind::Punct(':'))
    }

    fn num_at(&self, i: usize) -> Option<f64> {
        let l = self.lexes.get(i)?;
        match l.kind {
            LexKind::Num(n) => Some(n),
            LexKind::Word => l.entry.number,
            _ => None,
        }
    }

    /// Handles lexeme `i` (and any it absorbs); returns the next index.
    fn step(&mut self, i: usize) -> usize {
        self.cur = i;
        let l = &self.lexes[i];
        match &l.kind {
            LexKind::Stop => {
                self.emit(TokKind::Sentence, l.start, l.end);
                i + 1
            }
            LexKind::Punct(c) => {
                // "troponin T <0.01 ng/mL": a result below a small detection limit is a
                // negative result (but "BP < 130/80" and "LDL < 70" are goals).
                // ("Urine protein/creatinine ratio 2.4 mg/mg (<0.3) H": a limit in parentheses
                // right after a reading is its reference, not a result.)
                let reference = i > 0
                    && matches!(self.lexes[i - 1].kind, LexKind::Punct('('))
                    && self
                        .out
                        .iter()
                        .rev()
                        .find(|t| t.start < self.lexes[i - 1].start)
                        .is_some_and(|t| matches!(t.kind, TokKind::Qty(_)));
                if *c == '<' && !reference && self.num_at(i + 1).is_some_and(|n| n < 1.0) {
                    self.emit(TokKind::NegPost, l.start, l.end);
                    return i + 1;
                }
                // "WBC [4.0-11.0 K/uL]: 18.6", "Procalcitonin [<0.5 ng/mL]: 12.4": a value in
                // square brackets beside a result is its reference range. It is left out, so
                // that the result stands beside its name and the range is never taken for a
                // reading (nor its "<" for a result below a limit).
                // So is one in parentheses that says so: "CRP (ref <0.5 mg/dL): 11/04 18.6".
                let labelled = *c == '('
                    && self.lexes.get(i + 1).is_some_and(|l| {
                        l.kind == LexKind::Word
                            && matches!(&*l.text, "ref" | "reference" | "nl" | "normal")
                    });
                // And one in parentheses that closes a table row's name cell before its
                // readings: "NT-proBNP (<125 pg/mL) | 2,840 H | ..." (not a header's, "CRP
                // (<8 mg/L) | ESR ...", which gives its column's unit).
                let cell = *c == '('
                    && self.closing(i + 1, i + 9, ')').is_some_and(|close| {
                        matches!(
                            self.lexes.get(close + 1).map(|l| &l.kind),
                            Some(LexKind::Punct('|'))
                        ) && matches!(
                            self.lexes.get(close + 2).map(|l| &l.kind),
                            Some(LexKind::Num(_) | LexKind::Qty(_))
                        )
                    });
                if *c == '[' || labelled || cell {
                    let closing = if *c == '[' { ']' } else { ')' };
                    let at = |k: usize| self.lexes.get(k).map(|l| &l.kind);
                    let mut start = i + 1 + usize::from(labelled);
                    if matches!(at(start), Some(LexKind::Punct(':'))) {
                        start += 1;
                    }
                    let bound = matches!(at(start), Some(LexKind::Punct('<' | '>' | '≤' | '≥')));
                    let first = start + usize::from(bound);
                    let close = self.closing(first + 1, first + 8, closing);
                    if let (Some(LexKind::Num(_) | LexKind::Qty(_)), Some(close)) =
                        (at(first), close)
                    {
                        self.emit(TokKind::Soft, l.start, self.lexes[close].end);
                        return close + 1;
                    }
                }
                // ("ELISA (collected 11/05 15:30; resulted 11/06 11:50): NEGATIVE": a
                // semicolon inside parentheses parts a note, not the sentence around it.)
                let in_parentheses = *c == ';'
                    && self.lexes[..i]
                        .iter()
                        .rev()
                        .take(24)
                        .take_while(|p| !matches!(p.kind, LexKind::Punct('\n' | ')' | ';')))
                        .any(|p| matches!(p.kind, LexKind::Punct('(')));
                let kind = match c {
                    '⊕' => TokKind::Affirm,
                    '⊖' => TokKind::NegPost,
                    ';' if in_parentheses => TokKind::Clause,
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
                // "by 3:20 PM": a time of day on the twelve-hour clock is read on the
                // twenty-four-hour one ("15:20").
                if q.dim == Dim::Clock && (60.0..13.0 * 60.0).contains(&q.raw_a) {
                    if let Some(q) = self.twelve_hour(q.raw_a, i + 1) {
                        self.emit(TokKind::Qty(q), start, self.lexes[i + 1].end);
                        return i + 2;
                    }
                }
                let next = self.quantity_unit(i, i + 1, q, start, end);
                // "Apgars 8/9 at 1 and 5 minutes": the times are the pair's.
                if q.shape == Shape::Pair && self.after_apgar(i) {
                    self.apgar_times(next).unwrap_or(next)
                } else {
                    next
                }
            }
            LexKind::Num(n) => self.number(i, *n),
            LexKind::Unit(..) => {
                // A rate of time units with no number before it ("6 headache days/month")
                // still names its words.
                let lexes = self.lexes;
                let l = &lexes[i];
                let parts = || l.text.split('/');
                let timed = |p: &str| matches!(self.lex.units.get(p), Some((Dim::Time, _)));
                if l.text.contains('/') && parts().all(timed) {
                    for p in parts() {
                        self.plain_word(p, self.lex.entry(p), l.start, l.end, false);
                    }
                }
                i + 1
            }
            LexKind::Word => self.word(i),
        }
    }

    /// A number, with what follows it: a range ("6 to 8"), a month ("24 September"), a
    /// unit, "times daily", or a preceding "every" making it a frequency.
    fn number(&mut self, i: usize, n: f64) -> usize {
        if let Some(next) = self.apgar_pair(i, n) {
            return next;
        }
        // "twenty-four hours": a tens word and a units word are one number.
        let units =
            (self.lexes[i].kind == LexKind::Word && (20.0..=90.0).contains(&n) && n % 10.0 == 0.0)
                .then(|| self.lexes.get(i + 1))
                .flatten()
                .filter(|l| l.kind == LexKind::Word)
                .and_then(|l| l.entry.number)
                .filter(|m| (1.0..=9.0).contains(m) && m.fract() == 0.0);
        let (n, last) = match units {
            Some(m) => (n + m, i + 1),
            None => (n, i),
        };
        let start = self.lexes[i].start;
        let mut end = self.lexes[last].end;
        let mut j = last + 1;
        // "3.2 x 2.8 cm", "8 x 5 x 4 cm": the unit at the end of a size is each side's.
        if last == i {
            let mut k = i + 1;
            while self.text(k) == Some("x") && self.num_at(k + 1).is_some() {
                k += 2;
            }
            let unit = (k > i + 1)
                .then(|| self.entry_at(k))
                .flatten()
                .and_then(|e| e.unit)
                .filter(|(dim, _)| *dim == Dim::Length);
            if let Some((dim, factor)) = unit {
                self.emit(TokKind::Qty(Quantity::single(dim, n, factor)), start, end);
                return j;
            }
        }
        // "2 of 2 sets", "1 of 4 bottles": a count out of a count, no measurement.
        if last == i && self.text(i + 1) == Some("of") {
            if let Some(m) = self
                .num_at(i + 2)
                .filter(|m| m.fract() == 0.0 && n.fract() == 0.0 && (n..=100.0).contains(m))
            {
                let end = self.lexes[i + 2].end;
                let q = Quantity::two(Dim::Count, Shape::Pair, n, m, 1.0);
                self.emit(TokKind::Qty(q), start, end);
                return i + 3;
            }
        }
        // "pain 3 out of 10" is the score a note writes "3/10".
        if last == i && self.text(i + 1) == Some("out") && self.text(i + 2) == Some("of") {
            if let Some(m) = self.num_at(i + 3).filter(|m| *m >= n && *m > 0.0) {
                let end = self.lexes[i + 3].end;
                let q = Quantity::two(Dim::None, Shape::Pair, n, m, 1.0);
                self.emit(TokKind::Qty(q), start, end);
                return i + 4;
            }
        }
        // "POD 2", "HD#3", "DOL 28", "hospital day 4": a day's place, not a reading.
        let counter = |k: usize| matches!(self.text(k), Some("pod" | "hd" | "dol" | "ppd" | "day"));
        let counted = i.checked_sub(1).is_some_and(|p| {
            counter(p) || (self.text(p) == Some("#") && p.checked_sub(1).is_some_and(counter))
        });
        if counted && n.fract() == 0.0 && (0.0..=400.0).contains(&n) {
            self.emit(TokKind::Qty(Quantity::single(Dim::Day, n, 1.0)), start, end);
            return j;
        }
        // "week 16" of a treatment is its place in weeks (day 112), as "day 112" would be.
        let week = i
            .checked_sub(1)
            .is_some_and(|p| matches!(self.text(p), Some("week" | "wk")));
        if week && n.fract() == 0.0 && (1.0..=200.0).contains(&n) {
            self.emit(
                TokKind::Qty(Quantity::single(Dim::Day, n * 7.0, 1.0)),
                start,
                end,
            );
            return j;
        }
        // "Hour 24 (05/19 10:05): MTX 38.1 umol/L": an hour's place since a start, as "at
        // 24 h" is.
        let hour = i
            .checked_sub(1)
            .is_some_and(|p| self.text(p) == Some("hour"));
        if hour && last == i && n.fract() == 0.0 && (0.0..=400.0).contains(&n) {
            self.emit(
                TokKind::Qty(Quantity::single(Dim::Time, n, 1.0)),
                start,
                end,
            );
            return j;
        }
        // "2.4 million units" (penicillin G benzathine): units, written as 2.4.
        if self.text(j) == Some("million")
            && matches!(self.text(j + 1), Some("units" | "unit" | "u"))
        {
            let q = Quantity::single(Dim::Units, n, 1e6);
            self.emit(TokKind::Qty(q), start, self.lexes[j + 1].end);
            return j + 2;
        }
        // "Bicillin L-A 2.4 MU IM": million units in capitals (a rate or concentration in
        // milliunits is written "mU/min", "mU/L").
        if self.lexes.get(j).is_some_and(|l| l.orig == "MU")
            && self
                .lexes
                .get(j + 1)
                .is_none_or(|l| !l.orig.starts_with('/') && l.text != "per")
        {
            let q = Quantity::single(Dim::Units, n, 1e6);
            self.emit(TokKind::Qty(q), start, self.lexes[j].end);
            return j + 1;
        }
        // "7 more days", "two additional weeks": a duration still to come.
        if matches!(
            self.text(j),
            Some("more" | "additional" | "further" | "extra")
        ) {
            if let Some((Dim::Time, factor)) = self.entry_at(j + 1).and_then(|e| e.unit) {
                let q = Quantity::single(Dim::Time, n, factor);
                self.emit(TokKind::Qty(q), start, self.lexes[j + 1].end);
                return j + 2;
            }
        }
        // "by 6 AM", "at 9 pm": a time of day.
        if (1.0..=12.0).contains(&n) && n.fract() == 0.0 {
            if let Some(q) = self.twelve_hour(n * 60.0, j) {
                self.emit(TokKind::Qty(q), start, self.lexes[j].end);
                return j + 1;
            }
        }
        // "24 September 2026"
        if let Some(m) = self.entry_at(j).and_then(|e| e.month) {
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
        // "five and a half hours": the half joins the number.
        if n.fract() == 0.0
            && self.text(j) == Some("and")
            && self.text(j + 1) == Some("a")
            && self.text(j + 2) == Some("half")
        {
            let q = Quantity::single(Dim::None, n + 0.5, 1.0);
            end = self.lexes[j + 2].end;
            return self.quantity_unit(i, j + 3, q, start, end);
        }
        // "twice" and a glued "x2" (with no unit after it: "x7 days" is a duration) count
        // times: never a lab value's number.
        // (So does "x 2 sets", written apart.)
        let no_unit_after = self.entry_at(i + 1).is_none_or(|e| e.unit.is_none())
            && !matches!(
                self.lexes.get(i + 1).map(|l| &l.kind),
                Some(LexKind::Unit(..))
            );
        let glued_times = (self
            .text(i)
            .is_some_and(|t| t.len() > 1 && (t.starts_with('x') || t.ends_with('x')))
            || (i > 0 && self.text(i - 1) == Some("x") && self.num_at(i - 2).is_none()))
            && no_unit_after;
        let dim = if self.text(i) == Some("twice") || glued_times {
            Dim::Count
        } else {
            Dim::None
        };
        let mut q = Quantity::single(dim, n, 1.0);
        // "6 to 8 weeks" (not a numbered item's number: "from 40/uL in tube 1 to 8/uL").
        let numbered = i > 0
            && matches!(
                self.text(i - 1),
                Some("tube" | "set" | "sample" | "test" | "trial" | "attempt")
            );
        if matches!(self.text(j), Some("to")) && !numbered {
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
            if let Some(per_day) = self.entry_at(j + 1).and_then(|e| e.freq) {
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
        // "iCa 1.92 [1.15-1.32] mmol/L": the unit after a bracketed reference range is the
        // value's too (the range itself is left out).
        if q.dim == Dim::None
            && matches!(
                self.lexes.get(j).map(|l| &l.kind),
                Some(LexKind::Punct('['))
            )
        {
            let unit_after = self.closing(j + 1, j + 8, ']').filter(|c| {
                matches!(
                    self.lexes.get(c + 1).map(|l| &l.kind),
                    Some(LexKind::Unit(..))
                )
            });
            if let Some(c) = unit_after {
                j = c + 1;
            }
        }
        // "Creon 36,000 lipase units": the enzyme whose units a strength counts is no word
        // between the number and its unit.
        if q.dim == Dim::None
            && self
                .lexes
                .get(j)
                .is_some_and(|l| matches!(&*l.text, "lipase" | "usp"))
            && self.lexes.get(j + 1).is_some_and(|l| {
                matches!(l.kind, LexKind::Unit(..))
                    || l.entry.unit.is_some_and(|u| u.0 == Dim::Units)
            })
        {
            j += 1;
        }
        // "Zinc   58   60-120 mcg/dL   L": in a table row, the unit after the reference range
        // right behind a bare reading is the reading's too.
        if q.dim == Dim::None
            && j == first + 1
            && matches!(
                self.lexes.get(j).map(|l| &l.kind),
                Some(LexKind::Qty(r)) if r.shape == Shape::Range && r.dim == Dim::None
            )
            && matches!(
                self.lexes.get(j + 1).map(|l| &l.kind),
                Some(LexKind::Unit(..))
            )
        {
            j += 1;
        }
        // "11/04 18.6 H; 11/09 9.4 H": a capital H closing a reading is its flag (high), not
        // hours (but "x 24 H" is a duration).
        let flag = self.lead_before(start) != Lead::For
            && self.lexes.get(j).is_some_and(|l| {
                &*l.text == "h"
                    && l.orig == "H"
                    && self
                        .lexes
                        .get(j + 1)
                        .is_none_or(|n| matches!(n.kind, LexKind::Stop | LexKind::Punct(_)))
            });
        // "T-score -1.8 L femoral neck": a capital L before a body part is its side, not
        // litres.
        let side_next = self.lexes.get(j).is_some_and(|l| {
            l.orig == "L"
                && self.lexes.get(j + 1).is_some_and(|n| {
                    n.kind == LexKind::Word && n.entry.anatomy
                        || matches!(&*n.text, "femoral" | "renal" | "hepatic")
                })
        });
        if q.dim == Dim::None && !flag && !side_next {
            if let Some(next) = self.lexes.get(j) {
                // ("110 mcg/actuation": a strength per puff or tablet is its mass, in the
                // mass unit's own factor.)
                let per_dose_form = matches!(next.kind, LexKind::Unit(Dim::None, _))
                    .then(|| quantity::per_dose_form_mass(&next.text))
                    .flatten()
                    .and_then(|mass| self.lex.entry(mass).unit)
                    .filter(|(dim, _)| *dim == Dim::Mass);
                let unit = match &next.kind {
                    LexKind::Unit(Dim::None, _) if per_dose_form.is_some() => per_dose_form,
                    LexKind::Unit(Dim::None, _) => {
                        let (unit, factor) = quantity::mass_rate_in_mg(&next.text);
                        let (unit, per_dl) = quantity::per_litre(&unit);
                        let factor = factor * per_dl;
                        let unit = quantity::same_concentration(&unit);
                        let (unit, per_thousand) = quantity::cells_in_thousands(unit);
                        let factor = factor * per_thousand;
                        // "Li 2.4 mmol/L" is "2.4 mEq/L": for an ion of one charge the two
                        // units are one (not for magnesium or calcium).
                        let monovalent = (first.saturating_sub(4)..first).any(|k| {
                            matches!(
                                self.text(k),
                                Some(
                                    "li" | "lithium"
                                        | "na"
                                        | "sodium"
                                        | "k"
                                        | "potassium"
                                        | "cl"
                                        | "chloride"
                                        | "hco3"
                                        | "bicarbonate"
                                        | "bicarb"
                                )
                            )
                        });
                        let unit = if monovalent && unit == "meq/l" {
                            "mmol/l"
                        } else {
                            unit
                        };
                        Some((Dim::Compound(self.vocab.id(unit)), factor))
                    }
                    LexKind::Unit(d, f) => Some((*d, *f)),
                    LexKind::Word => {
                        let t: &str = &next.text;
                        if (t == "f" && next.orig == "F") || t == "°f" {
                            // Fahrenheit, converted to Celsius.
                            q = Quantity {
                                raw_a: (q.raw_a - 32.0) * 5.0 / 9.0,
                                raw_b: (q.raw_b - 32.0) * 5.0 / 9.0,
                                ..q
                            };
                            Some((Dim::Temperature, 1.0))
                        } else if matches!(t, "x" | "times") {
                            None
                        } else if t == "in" && self.lexes.get(j + 1).is_some_and(|l| l.entry.stop) {
                            // "228/134 in the right arm" is where, not inches.
                            None
                        } else {
                            next.entry.unit
                        }
                    }
                    _ => None,
                };
                // ("PEEP 5 cm H2O": centimetres of water, a pressure.)
                let water = unit.is_some_and(|(dim, _)| dim == Dim::Length)
                    && &*next.text == "cm"
                    && self.lexes.get(j + 1).is_some_and(|l| &*l.text == "h2o");
                if water {
                    q = q.with_unit(Dim::Pressure, lexicon::CMH2O_IN_MMHG);
                    end = self.lexes[j + 1].end;
                    j += 2;
                } else if let Some((dim, f)) = unit {
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
            // "every 4 to 6 hours" is 4 to 6 times a day.
            if every && q.dim == Dim::Time && q.shape == Shape::Range && q.a > 0.0 {
                q = every_range(q.a, q.b);
            }
        }
        self.emit(TokKind::Qty(q), start, end);
        // The value before an arrow is where the change starts.
        if matches!(
            self.lexes.get(j).map(|l| &l.kind),
            Some(LexKind::Punct('→'))
        ) {
            if let Some(t) = self
                .out
                .last_mut()
                .filter(|t| matches!(t.lead, Lead::None | Lead::In | Lead::Above | Lead::Below))
            {
                t.lead = Lead::From;
            }
        }
        j
    }

    fn word(&mut self, i: usize) -> usize {
        let lexes = self.lexes;
        let l = &lexes[i];
        let text: &str = &l.text;
        let (start, end) = (l.start, l.end);

        // Phrases, longest first.
        if let Some((len, replacement)) = self.phrase_at(i) {
            let end = self.lexes[i + len - 1].end;
            match replacement {
                "" => {}
                "\u{1}NEGPRE" => self.emit(TokKind::NegPre, start, end),
                "\u{1}NEGPOST" => self.emit(TokKind::NegPost, start, end),
                // "Occult scaphoid fracture not excluded": what may still be there is
                // stated neither way, as what a test was to rule out.
                "\u{1}HEDGEPOST" => {
                    let subject = self
                        .out
                        .iter()
                        .rposition(|t| !matches!(t.kind, TokKind::Word { .. } | TokKind::Side(_)))
                        .map_or(0, |p| p + 1);
                    if let Some(first) = self.out[subject..]
                        .iter_mut()
                        .find(|t| matches!(t.kind, TokKind::Word { .. }))
                    {
                        first.after_for = true;
                    }
                }
                // A denial of what precedes that also names what it denies.
                // (Or, before it, a denial of what it names: "sterile blood culture".)
                words => {
                    if let Some(rest) = words.strip_prefix("\u{1}NEGPOST ") {
                        self.emit(TokKind::NegPost, start, end);
                        self.expand(rest, start, end, false);
                    } else if let Some(rest) = words.strip_prefix("\u{1}NEGPRE ") {
                        self.emit(TokKind::NegPre, start, end);
                        self.expand(rest, start, end, false);
                    } else {
                        self.expand(words, start, end, false);
                    }
                }
            }
            return i + len;
        }

        // A drug's susceptibility: "moxifloxacin resistant", "moxifloxacin R" are not
        // sensitive to it, "vancomycin S" is (an R or S after a drug is no side).
        let after_drug = matches!(self.out.last(), Some(t) if matches!(t.kind, TokKind::Word { drug: true, .. }));
        let result_letter = matches!(l.orig, "R" | "S")
            && self
                .lexes
                .get(i + 1)
                .is_none_or(|n| n.kind != LexKind::Word);
        if after_drug && (text == "resistant" || result_letter) {
            // (A word denied by itself, as "non" does, so it stays in the drug's run.)
            if text == "resistant" || l.orig == "R" {
                self.pending_non = true;
            }
            self.plain_word("sensitive", self.lex.entry("sensitive"), start, end, false);
            return i + 1;
        }
        // Month name dates: "September 24, 2026", "Sept 24", "December 2025".
        let entry = l.entry;
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

        // "receded by more than half": a half of a whole, with no unit of its own, is 50%
        // (">50%").
        if text == "half"
            && i > 0
            && matches!(
                self.text(i - 1),
                Some("than" | "by" | "over" | "nearly" | "almost")
            )
            && self
                .entry_at(i + 1)
                .is_none_or(|e| e.unit.is_none() && e.number.is_none())
        {
            let q = Quantity::single(Dim::Percent, 50.0, 1.0);
            self.emit(TokKind::Qty(q), l.start, l.end);
            return i + 1;
        }
        // "AAST grade III", "NYHA class IV": a roman numeral naming a grade is its number,
        // so "grade IV" and "grade 3" compare ("IV contrast" stays the route).
        if i > 0
            && matches!(
                self.text(i - 1),
                Some("grade" | "class" | "stage" | "type" | "tier" | "category")
            )
        {
            let roman = ["i", "ii", "iii", "iv", "v", "vi"]
                .iter()
                .position(|r| *r == text);
            if let Some(n) = roman {
                return self.number(i, n as f64 + 1.0);
            }
        }
        // Number words behave as numbers.
        if let Some(n) = entry.number {
            if !(text == "half" || text == "couple") || self.num_at(i + 1).is_none() {
                return self.number(i, n);
            }
        }

        // "for a week", "in a month": one of the unit ("once a day" and "5 mg a day" are
        // rates, not durations).
        if matches!(text, "a" | "an")
            && i > 0
            && matches!(
                self.text(i - 1),
                Some("for" | "in" | "within" | "over" | "after" | "about" | "next" | "by")
            )
            && self
                .entry_at(i + 1)
                .is_some_and(|e| matches!(e.unit, Some((Dim::Time, _))))
        {
            return self.number(i, 1.0);
        }

        // "Mg 1.3 mg/dL (L)", "K 6.7 (HH, critical)": a lab flag says the value is low or
        // high, as a claim may ("magnesium was low").
        if matches!(l.orig, "L" | "H" | "LL" | "HH")
            && i > 0
            && self.lexes[i - 1].kind == LexKind::Punct('(')
            && self
                .lexes
                .get(i + 1)
                .is_some_and(|n| matches!(n.kind, LexKind::Punct(')' | ',')))
        {
            let word = if l.orig.starts_with('L') {
                "low"
            } else {
                "elevated"
            };
            let lex = self.lex;
            self.plain_word(word, lex.entry(word), start, end, true);
            return i + 1;
        }
        // L / R as sides only before a word ("L hip", "R-sided"); "(L)" is a lab flag.
        if matches!(l.orig, "L" | "R" | "l" | "r") {
            let word_at = |k: usize| {
                self.lexes.get(k).is_some_and(|n| {
                    n.kind == LexKind::Word && (n.entry.unit.is_none() || n.entry.anatomy)
                })
            };
            // ("R 7th rib fx": an ordinal between the side and its body part.)
            // (Or a size: "R 20 Fr chest tube".)
            let sized = || {
                self.lexes
                    .get(i + 1)
                    .is_some_and(|n| matches!(n.kind, LexKind::Num(_)))
                    && self.lexes.get(i + 2).is_some_and(|n| {
                        n.kind == LexKind::Word && n.entry.unit.is_some() && !n.entry.anatomy
                    })
                    && self.lexes.get(i + 3).is_some_and(|n| {
                        n.kind == LexKind::Word && n.entry.unit.is_none() && !n.entry.light
                    })
            };
            let next_is_word = word_at(i + 1)
                || (self.lexes.get(i + 1).is_some_and(|n| ordinal(n.orig)) && word_at(i + 2))
                || sized();
            // (The letter ends its clause: nothing, or punctuation, follows.)
            let ends_clause = || {
                self.lexes.get(i + 1).is_none_or(|n| {
                    matches!(
                        n.kind,
                        LexKind::Punct('.' | ';' | ',' | ')') | LexKind::Stop
                    )
                })
            };
            // ... or set off by a comma at the end of its clause ("Anterior epistaxis, L").
            let closing = matches!(l.orig, "L" | "R")
                && i > 0
                && self.lexes[i - 1].kind == LexKind::Punct(',')
                && ends_clause();
            // ... or between a test's name and its reading ("ABI L 0.92, TBI L 0.61"); a lab
            // flag comes after the reading, litres after a number.
            let before_reading = matches!(l.orig, "L" | "R")
                && i > 0
                && self.lexes[i - 1].kind == LexKind::Word
                && self
                    .lexes
                    .get(i + 1)
                    .is_some_and(|n| matches!(n.kind, LexKind::Num(_)));
            // ... or ending a place after "on the" / "to the" ("clonus on the R, none on
            // the L"; "deviated to the L").
            let placed = matches!(l.orig, "L" | "R")
                && i > 1
                && self.lexes[i - 1].text == "the"
                && matches!(&*self.lexes[i - 2].text, "on" | "to" | "toward" | "towards")
                && ends_clause();
            // ... or a side label's answer ("Side: R.", "Laterality: L").
            let labelled = matches!(l.orig, "L" | "R")
                && i > 1
                && self.lexes[i - 1].kind == LexKind::Punct(':')
                && matches!(&*self.lexes[i - 2].text, "side" | "laterality")
                && ends_clause();
            if ((l.orig == "L" || l.orig == "R" || l.hyphen_head) && next_is_word)
                || closing
                || before_reading
                || placed
                || labelled
            {
                let side = if text == "l" { Side::Left } else { Side::Right };
                self.emit(TokKind::Side(side), start, end);
            }
            return i + 1;
        }

        // "TSH below 0.01" says what "TSH <0.01" says: a result under a small detection
        // limit (see the '<' of `step`).
        let under = match text {
            "below" => Some(i + 1),
            "less" if self.text(i + 1) == Some("than") => Some(i + 2),
            _ => None,
        };
        if let Some(j) = under.filter(|&j| self.num_at(j).is_some_and(|n| n < 1.0)) {
            self.emit(TokKind::NegPost, start, self.lexes[j - 1].end);
            return j;
        }
        // "hs-troponin", "hs-CRP": high-sensitivity, not "at bedtime".
        if text == "hs" && l.hyphen_head {
            self.expand("high sensitivity", start, end, true);
            return i + 1;
        }
        if text == "non" {
            // "non-operatively" is "nonoperatively" when the lexicon knows the joined word.
            if let Some(next) = self.lexes.get(i + 1).filter(|n| n.kind == LexKind::Word) {
                let joined = format!("non{}", next.text);
                let joined_entry = self.lex.entry(&joined);
                if joined_entry.neg_morph.is_some() {
                    self.plain_word(&joined, joined_entry, start, next.end, false);
                    return i + 2;
                }
            }
            self.pending_non = true;
            return i + 1;
        }

        // Case-sensitive abbreviations, then the lowercase tables. The case-sensitive ones
        // are lab and clinical shorthand ("K 3.4", "Na 147"): never a drug a value belongs
        // to.
        // "OD" is the right eye in a text that names the left or both eyes the same way
        // ("VA OD 20/25, OS 20/40") and as a label ("OD: narrow angle"); elsewhere it is as
        // often an overdose or once daily.
        // (So is it in a sentence about an eye: "Dexamethasone 0.7 mg intravitreal implant
        // was injected inferotemporally OD". The sentence's own words, so that a claim and
        // the source sentence it repeats read it alike.)
        let ends_sentence =
            |o: &Lex| matches!(o.kind, LexKind::Stop | LexKind::Punct('.' | '\n' | ';'));
        let sentence = || {
            let first = self.lexes[..i]
                .iter()
                .rposition(ends_sentence)
                .map_or(0, |p| p + 1);
            let last = self.lexes[i..]
                .iter()
                .position(ends_sentence)
                .map_or(self.lexes.len(), |p| i + p);
            &self.lexes[first..last]
        };
        if l.orig == "OD"
            && (self.labels(i)
                || self.lexes.iter().any(|o| matches!(o.orig, "OS" | "OU"))
                || sentence().iter().any(|o| {
                    matches!(
                        &*o.text,
                        "intravitreal"
                            | "intraocular"
                            | "iop"
                            | "vitreous"
                            | "retina"
                            | "retinal"
                            | "cornea"
                            | "corneal"
                            | "macula"
                            | "macular"
                            | "eye"
                            | "eyes"
                            | "ophthalmic"
                            | "gtt"
                            | "gtts"
                            | "pupil"
                            | "conjunctival"
                    )
                }))
        {
            self.expand("right eye", start, end, true);
            return i + 1;
        }
        // The ears (auris sinistra, dextra, utraque) in a text about ears, as a label ("AS:
        // TM hemorrhagic ... AD: TM intact") or beside each other; elsewhere "AS" is as
        // often aortic stenosis and "AD" autonomic dysreflexia.
        // ("otic suspension 4 drops AU BID": "AU" in a text about ears is both of them.)
        if matches!(l.orig, "AS" | "AD" | "AU")
            && (self.labels(i)
                || l.orig == "AU"
                || (self.lexes.iter().any(|o| o.orig == "AS")
                    && self.lexes.iter().any(|o| o.orig == "AD")))
            && self.lexes.iter().any(|o| {
                matches!(
                    &*o.text,
                    "tm" | "tms" | "ear" | "ears" | "otoscopy" | "tympanic" | "otalgia"
                )
            })
        {
            let ear = match l.orig {
                "AS" => "left ear",
                "AD" => "right ear",
                _ => "bilateral ear",
            };
            self.expand(ear, start, end, true);
            return i + 1;
        }
        // "VA" is visual acuity beside the eyes ("VA sc: OD 20/25"); "DLCO/VA" is another.
        if l.orig == "VA"
            && self
                .lexes
                .iter()
                .any(|o| matches!(o.orig, "OS" | "OU" | "OD"))
        {
            self.expand("visual acuity", start, end, true);
            return i + 1;
        }
        // "Blood cx x2", "urine cx": after a specimen, "cx" is a culture (elsewhere it is as
        // often the cervix).
        if matches!(text, "cx" | "cxs")
            && i.checked_sub(1)
                .and_then(|p| self.text(p))
                .is_some_and(|p| {
                    matches!(
                        p,
                        "blood"
                            | "urine"
                            | "wound"
                            | "sputum"
                            | "csf"
                            | "stool"
                            | "throat"
                            | "tissue"
                            | "bone"
                            | "fluid"
                            | "surveillance"
                            | "catheter"
                            | "tip"
                    )
                })
        {
            self.expand("culture", start, end, true);
            return i + 1;
        }
        // "HD 5", "HD#3": before a number "HD" counts hospital days; elsewhere ("outpatient
        // HD MWF", "HD initiated 11/06") it is hemodialysis.
        if text == "hd"
            && self
                .lexes
                .get(i + 1)
                .is_some_and(|n| matches!(n.kind, LexKind::Num(_) | LexKind::Punct('#')))
        {
            self.expand("hospital day", start, end, true);
            return i + 1;
        }
        // ("TBI 0.27", "a TBI of 0.64": before a number, a toe-brachial index, not a brain
        // injury.)
        // (Not a year: "TBI 2019 after a fall".)
        let number_at = |k: usize| {
            self.lexes.get(k).is_some_and(|n| {
                matches!(n.kind, LexKind::Num(v) if !(v.fract() == 0.0 && (1900.0..=2100.0).contains(&v)))
            })
        };
        let linked = |k: usize| {
            self.lexes
                .get(k)
                .is_some_and(|n| matches!(&*n.text, "of" | "was" | "is" | ":" | "="))
        };
        // "IR placed L PCN", "PCN to gravity drainage": a percutaneous nephrostomy, not
        // penicillin, beside a word of a tube's placement or care.
        if text == "pcn" {
            let tube_word = |k: usize| {
                self.lexes.get(k).is_some_and(|n| {
                    matches!(
                        &*n.text,
                        "placed"
                            | "placement"
                            | "tube"
                            | "tubes"
                            | "drain"
                            | "drainage"
                            | "flush"
                            | "flushed"
                            | "exchange"
                            | "exchanged"
                            | "ir"
                            | "nephrostomy"
                            | "site"
                            | "care"
                    )
                })
            };
            if (i.saturating_sub(3)..i + 4).any(|k| k != i && tube_word(k)) {
                self.expand("percutaneous nephrostomy", start, end, true);
                return i + 1;
            }
        }
        if text == "tbi" && (number_at(i + 1) || (linked(i + 1) && number_at(i + 2))) {
            self.expand("toe brachial index", start, end, true);
            return i + 1;
        }
        if let Some(exp) = self.lex.case_abbr(l.orig) {
            self.lab = true;
            self.expand(exp, start, end, true);
            self.lab = false;
            return i + 1;
        }
        if let Some(exp) = entry.abbr.or(entry.brand) {
            self.expand(exp, start, end, true);
            return i + 1;
        }
        // A plural of an abbreviation ("WBCs", "PVCs") is the abbreviation, when the lexicon
        // knows nothing of the plural itself ("hrs" is a unit).
        if let Some(exp) = std::ptr::eq(entry, Lexicon::no_entry())
            .then(|| text.strip_suffix('s'))
            .flatten()
            .filter(|s| s.len() >= 2)
            .and_then(|s| self.lex.entry(s).abbr)
        {
            self.expand(exp, start, end, true);
            return i + 1;
        }
        // In a crossmatch, "compatible" is the result ("AHG crossmatch incompatible (1+)"),
        // not the "compatible with" of an impression.
        if matches!(text, "compatible" | "incompatible")
            && self
                .lexes
                .iter()
                .any(|o| matches!(&*o.text, "crossmatch" | "crossmatched" | "crossmatches"))
        {
            let word = if text == "compatible" {
                "compatibility"
            } else {
                "incompatible"
            };
            self.plain_word(word, self.lex.entry(word), start, end, false);
            return i + 1;
        }
        // Before a content word these cues negate what follows ("absent pulses",
        // "negative blood culture", "undetectable viral load"); after one, what precedes.
        // ("first neg BCx" is the first negative blood culture.)
        if matches!(text, "absent" | "negative" | "neg" | "undetectable") {
            // After "was" it says what precedes, whatever follows ("troponin was negative
            // twice").
            let after_copula =
                matches!(self.out.last(), Some(t) if matches!(t.kind, TokKind::Copula));
            // (A side or a time after it says where or when: "Ortolani/Barlow negative
            // bilaterally".)
            let next_content = self.lexes.get(i + 1).is_some_and(|n| {
                n.kind == LexKind::Word
                    && !n.entry.stop
                    && !matches!(
                        &*n.text,
                        "bilaterally" | "bilateral" | "twice" | "again" | "throughout" | "today"
                    )
            });
            let kind = if next_content && !after_copula {
                TokKind::NegPre
            } else {
                TokKind::NegPost
            };
            self.emit(kind, start, end);
            return i + 1;
        }
        self.plain_word(text, entry, start, end, false);
        i + 1
    }

    /// The words of an expansion or a phrase's replacement; "non" negates the next word
    /// alone ("room air" is "non oxygen").
    fn expand(&mut self, words: &'static str, start: usize, end: usize, expanded: bool) {
        for w in words.split(' ') {
            if w == "non" {
                self.pending_non = true;
            } else {
                self.plain_word(w, self.lex.entry(w), start, end, expanded);
            }
        }
    }

    /// Whether the current lexeme is followed by a number and a unit per volume ("147
    /// mmol/L", "3.4 mEq/L").
    fn concentration_follows(&self) -> bool {
        let (Some(n), Some(u)) = (self.lexes.get(self.cur + 1), self.lexes.get(self.cur + 2))
        else {
            return false;
        };
        matches!(n.kind, LexKind::Num(_))
            && matches!(u.kind, LexKind::Unit(..))
            && (u.text.ends_with("/l") || u.text.ends_with("/dl"))
    }

    fn phrase_at(&self, i: usize) -> Option<(usize, &'static str)> {
        for (words, replacement) in &self.lexes.get(i)?.entry.phrases {
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
    fn plain_word(
        &mut self,
        w: &str,
        entry: &'static Entry,
        start: usize,
        end: usize,
        expanded: bool,
    ) {
        let lex = self.lex;
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
        // "She was off supplemental oxygen", "remains off pressors": off after a state's
        // verb denies what follows.
        if w == "off"
            && matches!(
                self.word_before(start),
                Some("was" | "is" | "were" | "are" | "been" | "remains" | "remained" | "now")
            )
        {
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
            if matches!(w, "is" | "was" | "were" | "are" | "been") {
                self.emit(TokKind::Copula, start, end);
            } else if matches!(
                w,
                "on" | "at"
                    | "in"
                    | "by"
                    | "during"
                    | "after"
                    | "following"
                    | "before"
                    | "since"
                    | "until"
                    | "within"
                    | "against"
                    | "from"
                    | "around"
            ) {
                self.emit(TokKind::Place, start, end);
            }
            return;
        }
        if !expanded && w.len() == 1 && !w.as_bytes()[0].is_ascii_digit() {
            return;
        }
        let (base, base_entry, morph) = match entry.neg_morph {
            Some(b) => (b, lex.entry(b), true),
            None => (w, entry, false),
        };
        let morph_neg = morph ^ std::mem::take(&mut self.pending_non);
        let WordInfo {
            term,
            drug,
            light,
            when,
            anatomy,
            class,
        } = self.vocab.word(base, base_entry, lex);
        // "Sodium 147 mmol/L" is a lab value: an electrolyte followed by a concentration.
        let drug = drug
            && !self.lab
            && !(lexicon::ELECTROLYTES.contains(&base) && self.concentration_follows());
        let class = class
            .filter(|_| self.classes)
            .map(|c| self.vocab.word(c, lex.entry(c), lex).term);
        self.emit(
            TokKind::Word {
                term,
                drug,
                light,
                when,
                anatomy,
                morph_neg,
                class,
            },
            start,
            end,
        );
    }
}

/// The canonical spelling of a content word: synonym target or stem.
#[cfg(test)]
pub(crate) fn canonical<'w>(word: &'w str, lex: &'static Lexicon) -> Cow<'w, str> {
    canonical_of(word, lex.entry(word), lex)
}

/// [`canonical`] with the word's entry already looked up.
fn canonical_of<'w>(word: &'w str, entry: &'static Entry, lex: &'static Lexicon) -> Cow<'w, str> {
    if let Some(t) = &entry.synonym {
        return Cow::Borrowed(t.as_str());
    }
    let s = stem(word);
    if s == word {
        return s;
    }
    match &lex.entry(&s).synonym {
        Some(t) => Cow::Borrowed(t.as_str()),
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
    /// See [`Item::earlier`].
    earlier: bool,
    /// See [`Item::located`].
    located: bool,
    /// See [`Item::tested`].
    tested: bool,
    /// See [`Item::asserted`].
    asserted: bool,
    /// Names a protocol ("PE" of "CTA chest (PE protocol)"): see [`Item::purpose`].
    protocol: bool,
}

/// `lower` is the lowercased text the tokens' offsets point into.
/// `claim`: the text is a claim, not a source (see the conjunct rule below).
fn scope(toks: &[Tok], lower: &str, claim: bool) -> Vec<Flags> {
    let n = toks.len();
    let mut flags = vec![Flags::default(); n];

    // Pre-negation: cue negates up to NEG_WINDOW following content words. A comma keeps
    // the scope only when a list follows ("denies fever, chills or sweats"); otherwise it
    // starts a new statement ("no fever, tolerating diet").
    let mut remaining = 0usize;
    // "CT was not performed and MRI was ordered": a denied predicate ends at "and".
    let mut predicate = false;
    let mut denied_list = false;
    // Whether the current denial has reached a word other than a time point.
    let mut denied_content = false;
    // The denial is of an action after a modal ("should not soak in a bath"): the place it
    // would be done in is denied with it.
    let mut denied_action = false;
    // The window ran out on the words of a denied name, with nothing else since.
    let mut exhausted = false;
    // A review of symptoms' denial ended by a place ("denied any change in vision, eye pain
    // or discharge"): the comma after the place goes on with the list.
    let mut placed_list = false;
    // Whether the word after token `i` is one of `words`.
    let next_word_in = |i: usize, words: &[&str]| {
        toks.get(i + 1).is_some_and(|t| {
            matches!(t.kind, TokKind::Word { .. }) && words.contains(&&lower[t.start..t.end])
        })
    };
    // A denial opened this sentence's statement ("No filling defect in ...").
    let mut denied_in_sentence = false;
    for i in 0..n {
        let was_exhausted = std::mem::take(&mut exhausted);
        match toks[i].kind {
            TokKind::Sentence => denied_in_sentence = false,
            TokKind::NegPre => denied_in_sentence = true,
            TokKind::Copula | TokKind::Affirm => denied_in_sentence = false,
            // ("with no growths, plus mild redness ... suggesting reflux": a conjunct other
            // than a list's "or" opens a statement of its own.)
            TokKind::Conj if !matches!(&lower[toks[i].start..toks[i].end], "or" | "nor") => {
                denied_in_sentence = false
            }
            _ => {}
        }
        match toks[i].kind {
            TokKind::NegPre => {
                placed_list = false;
                // "the culture isolated no Burkholderia": the verb whose object is denied
                // is denied with it ("no Burkholderia isolated").
                if i > 0
                    && lower.get(toks[i].start..toks[i].end) == Some("no")
                    && matches!(toks[i - 1].kind, TokKind::Word { light: false, .. })
                    && participle(lower, &toks[i - 1])
                {
                    flags[i - 1].neg = true;
                }
                remaining = NEG_WINDOW;
                denied_content = false;
                denied_action = matches!(
                    word_before(lower, toks[i].start),
                    "should" | "must" | "do" | "does" | "can" | "will"
                );
                let cue = lower.get(toks[i].start..toks[i].end);
                // ("was negative for nitrites and leukocyte esterase" is a list, not a
                // denied predicate.)
                predicate = i > 0
                    && matches!(toks[i - 1].kind, TokKind::Copula)
                    && cue != Some("negative for");
                // "Denies CP, orthopnea, PND, presyncope": a review of symptoms lists what
                // it denies with commas alone.
                denied_list = matches!(cue, Some("denies" | "denied" | "negative for"));
            }
            TokKind::Conj if predicate => remaining = 0,
            // "no free air and new bowel obstruction": in a claim, a conjunct that says
            // something new or changing is read as stated, so a source's denial of it
            // contradicts. A source keeps the denial ("denies fever and new rash"). Each
            // side takes the reading whose mistake is a missed support, never a false one.
            TokKind::Conj
                if claim
                    && remaining > 0
                    && next_word_in(
                        i,
                        &["new", "worsening", "increasing", "increased", "enlarging"],
                    ) =>
            {
                remaining = 0;
            }
            // "no acute fracture and normal alignment": a conjunct that opens with a finding
            // stated as normal is a statement of its own.
            TokKind::Conj
                if remaining > 0
                    && next_word_in(
                        i,
                        &["normal", "intact", "preserved", "unremarkable", "stable"],
                    ) =>
            {
                remaining = 0;
            }
            // The scope covers the negated subject, not what is said of it, except the
            // passive verb that only restates the absence ("no seizures were captured"
            // says what "no seizures captured" says).
            TokKind::Copula if remaining > 0 && remaining < NEG_WINDOW => {
                remaining = 0;
                if let Some(next) = toks.get(i + 1) {
                    if matches!(next.kind, TokKind::Word { .. }) && participle(lower, next) {
                        flags[i + 1].neg = true;
                    }
                }
            }
            // "no perforation on CT" does not deny the CT, but "not on hydroxyurea" denies
            // the drug: a place word ends the scope only once it has negated something.
            // ("not discharged on maintenance tocolysis": a time point denied is no thing
            // denied, so the place after it is what is denied.)
            // ("must not put any weight on her right leg": a body part is where the action
            // would be done, not what is denied.)
            // (A time is no place of the action: "should not receive any live vaccines
            // during treatment" does not deny the treatment.)
            TokKind::Place
                if remaining < NEG_WINDOW
                    && denied_content
                    && (!denied_action
                        || body_part_follows(toks, i)
                        || matches!(
                            lower.get(toks[i].start..toks[i].end),
                            Some("during" | "after" | "before" | "until" | "following")
                        )) =>
            {
                placed_list = denied_list && remaining > 0;
                remaining = 0;
            }
            // "without desaturations x 10 days prior to d/c": a duration after the denied
            // thing says for how long; what follows it is not denied.
            TokKind::Qty(q) if q.dim == Dim::Time && remaining < NEG_WINDOW => remaining = 0,
            // "discontinued for lack of benefit and hydroxyzine 25 mg at bedtime was added": a
            // conjunct with a singular verb of its own is a statement of its own (a denied
            // pair takes a plural one: "no fever and chills were reported").
            TokKind::Conj
                if remaining > 0
                    && denied_content
                    && lower.get(toks[i].start..toks[i].end) == Some("and")
                    && toks[i + 1..]
                        .iter()
                        .take_while(|t| {
                            !matches!(t.kind, TokKind::Sentence | TokKind::Clause | TokKind::Soft)
                        })
                        .find(|t| matches!(t.kind, TokKind::Copula))
                        .is_some_and(|t| {
                            matches!(lower.get(t.start..t.end), Some("was" | "is"))
                        }) =>
            {
                remaining = 0
            }
            // "no endoscopy indicated for a gastric coin": what the denied thing would have
            // been for is not denied with it.
            TokKind::Word { .. }
                if remaining > 0
                    && remaining < NEG_WINDOW
                    && i > 0
                    && lower
                        .get(toks[i - 1].end..toks[i].start)
                        .is_some_and(|gap| gap.split_whitespace().next() == Some("for"))
                    && matches!(
                        lower.get(toks[i - 1].start..toks[i - 1].end),
                        Some("needed" | "indicated" | "required" | "warranted" | "necessary")
                    ) =>
            {
                remaining = 0
            }
            // So does a conjunction that opens another statement ("should not drive while
            // taking oxycodone" does not deny the oxycodone).
            TokKind::Conj
                if remaining < NEG_WINDOW
                    && matches!(
                        &lower[toks[i].start..toks[i].end],
                        "while" | "whereas" | "although" | "but"
                    ) =>
            {
                remaining = 0
            }
            // "No LV thrombus identified with ultrasound enhancing agent": what a finding was
            // looked for with is not denied.
            TokKind::Conj
                if remaining < NEG_WINDOW
                    && denied_content
                    && lower.get(toks[i].start..toks[i].end) == Some("with")
                    && matches!(
                        word_before(lower, toks[i].start),
                        "identified" | "seen" | "visualized" | "demonstrated" | "detected"
                    ) =>
            {
                remaining = 0
            }
            // "No pain with passive stretch of the toes", "no tenderness with palpation": the
            // manoeuvre that brings a finding out is where it was looked for, not denied
            // (as "on" would say: "no pain on passive toe stretch").
            TokKind::Conj
                if remaining < NEG_WINDOW
                    && denied_content
                    && lower.get(toks[i].start..toks[i].end) == Some("with")
                    && toks.get(i + 1).is_some_and(|t| {
                        lower
                            .get(t.start..t.end)
                            .is_some_and(|w| MANOEUVRES.contains(&w))
                    }) =>
            {
                remaining = 0
            }
            // "no VT/VF events with BiV pacing 96%": a "with" phrase holding a reading is
            // a statement of its own.
            TokKind::Conj
                if remaining < NEG_WINDOW
                    && lower.get(toks[i].start..toks[i].end) == Some("with")
                    && toks[i + 1..]
                        .iter()
                        .take_while(|t| {
                            !matches!(t.kind, TokKind::Sentence | TokKind::Clause | TokKind::Soft)
                        })
                        .any(|t| matches!(t.kind, TokKind::Qty(_))) =>
            {
                remaining = 0
            }
            // "saw no need for bronchoscopy and recommended a follow-up chest X-ray": a
            // conjunct that opens with a verb of what was done is a statement of its own.
            TokKind::Conj if remaining < NEG_WINDOW && next_word_in(i, &DONE_VERBS) => {
                remaining = 0
            }
            // "no pulmonary embolism and a stable 4 mm nodule": a conjunct that opens with an
            // article or a possessive ("and her ECG") is a thing of its own, not one more
            // denied (also after a comma that kept a list's denial: "negative for vegetation
            // or abscess, and the L-spine MRI showed ...").
            TokKind::Conj
                if remaining > 0
                    && lower.get(toks[i].end..).is_some_and(|rest| {
                        let rest = rest.trim_start();
                        ["a ", "an ", "the ", "her ", "his ", "their "]
                            .iter()
                            .any(|article| rest.starts_with(article))
                    }) =>
            {
                remaining = 0
            }
            // "told not to rub the eye and to wear the shield": a second infinitive is an
            // instruction of its own.
            TokKind::Conj
                if remaining > 0
                    && remaining < NEG_WINDOW
                    && lower.get(toks[i].end..).is_some_and(|rest| {
                        rest.trim_start().starts_with("to ")
                            && !rest.trim_start()[3..].starts_with("the ")
                    }) =>
            {
                remaining = 0
            }
            // "a venous ultrasound ruled out a clot": the cue in the active voice denies what
            // follows it.
            TokKind::NegPost if rules_out_forward(toks, lower, i) => {
                remaining = NEG_WINDOW;
                predicate = false;
                denied_list = false;
            }
            TokKind::Sentence | TokKind::Soft | TokKind::Affirm | TokKind::NegPost => {
                remaining = 0;
                placed_list = false;
            }
            // "extending to, but not into, the IVC": a comma closing the denied
            // preposition leaves the denial to what follows it.
            TokKind::Clause
                if remaining == NEG_WINDOW
                    && i > 0
                    && matches!(toks[i - 1].kind, TokKind::NegPre)
                    && lower
                        .get(toks[i - 1].end..toks[i].start)
                        .is_some_and(|between| {
                            matches!(
                                between.trim(),
                                "into" | "onto" | "to" | "in" | "on" | "beyond" | "past" | "across"
                            )
                        }) => {}
            TokKind::Clause if remaining > 0 || std::mem::take(&mut placed_list) => {
                // (Until a verb of what is present: "denies SI/HI, endorses low mood".)
                let affirming = toks.get(i + 1).is_some_and(|t| {
                    matches!(
                        lower.get(t.start..t.end),
                        Some(
                            "endorses"
                                | "endorsed"
                                | "reports"
                                | "reported"
                                | "admits"
                                | "notes"
                                | "complains"
                                | "has"
                                | "had"
                        )
                    )
                });
                // (A part with a verb of its own is a statement of its own: "negative for
                // nitrite and leukocyte esterase, and free T4 was within normal limits".)
                let own_verb = toks[i + 1..]
                    .iter()
                    .take_while(|t| {
                        !matches!(t.kind, TokKind::Sentence | TokKind::Soft | TokKind::Clause)
                    })
                    .any(|t| matches!(t.kind, TokKind::Copula));
                let list_follows = (denied_list && !affirming && !own_verb)
                    || toks[i + 1..]
                        .iter()
                        .take_while(|t| !matches!(t.kind, TokKind::Sentence | TokKind::Soft))
                        .any(|t| matches!(t.kind, TokKind::ListOr));
                // Each item of a denied list gets the whole window ("No acute intracranial
                // hemorrhage, mass effect or territorial infarct").
                remaining = if list_follows { NEG_WINDOW } else { 0 };
            }
            TokKind::ListOr if remaining > 0 => remaining = NEG_WINDOW,
            // "no injury to the left kidney": what the denied thing would be to is not
            // denied ("left kidney intact").
            TokKind::Word { .. }
                if remaining > 0
                    && remaining < NEG_WINDOW
                    && lower.get(..toks[i].start).is_some_and(|before| {
                        let before = before.trim_end();
                        let before = ["left", "right", "bilateral"]
                            .iter()
                            .find_map(|side| before.strip_suffix(side))
                            .unwrap_or(before)
                            .trim_end();
                        // (Not an infinitive: "did not need to return".)
                        // (Nor what it would be of: "no significant stenosis of either
                        // cervical ICA" leaves the arteries there.)
                        [
                            " to the",
                            " to his",
                            " to her",
                            " of the",
                            " of either",
                            " of both",
                            // ("no pain over the transplant kidney")
                            " over the",
                        ]
                        .iter()
                        .any(|to| before.ends_with(to))
                            // ("No anaphylactoid reaction to NAC": a drug is no infinitive,
                            // and it was given.)
                            || (before.ends_with(" to")
                                && matches!(toks[i].kind, TokKind::Word { drug: true, .. }))
                    }) =>
            {
                remaining = 0;
                // ("no widening of the mediastinum": what the denied finding would be of is
                // where it was looked for, stated neither way.)
                for k in i..n {
                    match toks[k].kind {
                        TokKind::Word { .. } => flags[k].located = true,
                        // ("no injury to the stomach or duodenum": either place.)
                        TokKind::Side(_) | TokKind::ListOr => {}
                        _ => break,
                    }
                }
            }
            // "No focal parieto-occipital white matter hypodensity to suggest PRES": what the
            // denied finding would suggest is denied with it, however long its name.
            // (Also past the places it was looked for: "No filling defect in the main,
            // lobar, segmental or subsegmental pulmonary arteries to suggest pulmonary
            // embolism".)
            TokKind::Word { .. }
                if (remaining > 0 || was_exhausted || denied_in_sentence)
                    && matches!(
                        lower.get(toks[i].start..toks[i].end),
                        Some("suggest" | "suggesting" | "suggestive")
                    ) =>
            {
                flags[i].neg = true;
                remaining = NEG_WINDOW;
            }
            TokKind::Word { when, .. } if remaining > 0 => {
                flags[i].neg = true;
                denied_content |= !when;
                // "no injection-site reaction": a site and the word that names it say where
                // the denied head was looked for; their own polarity is not stated.
                let site = |j: usize| {
                    toks.get(j).is_some_and(|t| {
                        matches!(t.kind, TokKind::Word { .. })
                            && lower
                                .get(t.start..t.end)
                                .is_some_and(|w| w == "site" || w.ends_with("-site"))
                    })
                };
                flags[i].located = site(i) || site(i + 1);
                remaining -= 1;
                exhausted = remaining == 0;
            }
            _ => {}
        }
    }
    // Post-negation: cue negates the content words back to the start of its clause. A
    // pre-negation cue that ends its statement right after a label's colon ("Tobacco:
    // denies.") answers the label the same way, also with the verb of a finding after it
    // ("Crescents: none identified.", "Emboli: none seen.").
    for i in 0..n {
        let ends = |j: usize| {
            toks.get(j)
                .is_none_or(|t| matches!(t.kind, TokKind::Sentence | TokKind::Clause))
        };
        // (An aside in parentheses after a bare answer, "Anticoagulation: none (no AFib)",
        // leaves it the statement's end.)
        let ends_aside =
            |j: usize| ends(j) || toks.get(j).is_some_and(|t| opens_parenthesis(t, lower));
        // (Or says for now: "Activated charcoal: not indicated at this time - now >4 h".)
        let ends_after_time = |j: usize| {
            ends(j)
                || toks.get(j - 1).is_some_and(|t| {
                    lower.get(t.end..).is_some_and(|rest| {
                        [" at this time", " at present", " currently"]
                            .iter()
                            .any(|p| rest.starts_with(p))
                    })
                })
        };
        let label_answer = matches!(toks[i].kind, TokKind::NegPre)
            && i > 0
            && is_colon(&toks[i - 1], lower)
            && (ends_aside(i + 1)
                || (toks.get(i + 1).is_some_and(|t| {
                    matches!(t.kind, TokKind::Word { .. })
                        && participle(lower, t)
                        // ("Metanephrines: not elevated" says how much, not whether.)
                        && !matches!(
                            lower.get(t.start..t.end),
                            Some("elevated" | "increased" | "decreased" | "raised" | "reduced")
                        )
                }) && ends_after_time(i + 2)));
        // "her thyroid and celiac screening were normal": a screening found normal found
        // none of what it screens for, as "celiac screen negative" says.
        let screen_normal = i > 1
            && matches!(toks[i - 1].kind, TokKind::Copula)
            && matches!(toks[i - 2].kind, TokKind::Word { .. })
            && lower.get(toks[i].start..toks[i].end) == Some("normal")
            && matches!(
                lower.get(toks[i - 2].start..toks[i - 2].end),
                Some("screen" | "screening" | "screens" | "screenings")
            );
        // (Only the screening's own name: "thyroid and celiac screening" leaves the
        // thyroid, an organ, to its own words.)
        if screen_normal {
            negate_back(toks, &mut flags, lower, i, false);
            continue;
        }
        // "RPR | 05/28/2026 | Nonreactive", "HIV-1/2 Ag/Ab: non-reactive": a serology's
        // result ending its statement answers the test before it, as "negative" does (the
        // word keeps its own denied "reactive").
        let nonreactive = matches!(
            toks[i].kind,
            TokKind::Word {
                morph_neg: true,
                ..
            }
        ) && lower
            .get(toks[i].start..toks[i].end)
            .is_some_and(|w| w.ends_with("reactive"))
            && toks.get(i + 1).is_none_or(|t| {
                matches!(
                    t.kind,
                    TokKind::Sentence | TokKind::Clause | TokKind::Soft | TokKind::Conj
                )
            });
        if nonreactive {
            negate_back(toks, &mut flags, lower, i, false);
            continue;
        }
        // "Anti-PF4/heparin antibody, IgG-specific ELISA: OD 0.21. Result: NEGATIVE": a bare
        // "Result:" label passes its answer to the test named before it on its line.
        // (The label is a stopword, so the sentence opens right before its colon.)
        let generic_label = i >= 2
            && matches!(toks[i].kind, TokKind::NegPre | TokKind::NegPost)
            && is_colon(&toks[i - 1], lower)
            && matches!(toks[i - 2].kind, TokKind::Sentence)
            && matches!(
                word_before(lower, toks[i - 1].start),
                "result" | "results" | "interpretation"
            )
            && ends_aside(i + 1);
        if let Some(label) = generic_label
            .then(|| label_before(toks, lower, i - 1))
            .flatten()
        {
            for k in label {
                if matches!(toks[k].kind, TokKind::Word { .. }) {
                    flags[k].neg = true;
                }
            }
            continue;
        }
        if !matches!(toks[i].kind, TokKind::NegPost) && !label_answer
            || rules_out_forward(toks, lower, i)
            || contrasts_places(toks, lower, i)
        {
            continue;
        }
        // "orthostatic vitals: supine BP 124/72, HR 84; standing BP 120/70, HR 90. Negative;
        // no dizziness.": a bare result opening a sentence answers the label of the
        // sentence before it on its line.
        if matches!(toks[i].kind, TokKind::NegPost) && i > 0 && ends(i + 1) {
            if let Some(label) = label_before(toks, lower, i) {
                for k in label {
                    if matches!(toks[k].kind, TokKind::Word { .. }) {
                        flags[k].neg = true;
                    }
                }
                continue;
            }
        }
        negate_back(toks, &mut flags, lower, i, compound_subject(toks, i, lower));
        // "Celiac screening was negative (tTG-IgA <1.0 U/mL)": the test named in a
        // parenthesis right after the result is the one that was negative.
        if toks.get(i + 1).is_some_and(|t| opens_parenthesis(t, lower)) {
            for k in i + 2..n {
                match toks[k].kind {
                    TokKind::Word { .. } => flags[k].neg = true,
                    TokKind::Qty(_) | TokKind::NegPost => {}
                    _ => break,
                }
            }
        }
    }
    // "Intubation was not needed": denying a framing verb ("needed", "seen", "performed")
    // denies its subject, as "no intubation was needed" does.
    for i in 1..n.saturating_sub(1) {
        if !matches!(toks[i].kind, TokKind::NegPre) {
            continue;
        }
        // ("Albuterol was not continued" says it was given, then stopped.)
        // ("Haloperidol not used": a verb of giving or doing frames its subject as well.)
        let verb = lower.get(toks[i + 1].start..toks[i + 1].end);
        let framing = (matches!(toks[i + 1].kind, TokKind::Word { light: true, .. })
            && participle(lower, &toks[i + 1])
            && verb != Some("continued"))
            || verb.is_some_and(|v| DENIED_DOING.contains(&v));
        // "Vitamin K not given": the same without the copula, when the verb ends the
        // statement.
        let ends = toks
            .get(i + 2)
            .is_none_or(|t| matches!(t.kind, TokKind::Sentence | TokKind::Clause | TokKind::Soft));
        let subject_before = matches!(toks[i - 1].kind, TokKind::Copula)
            || (matches!(toks[i - 1].kind, TokKind::Word { .. }) && ends);
        if subject_before && framing {
            negate_back(toks, &mut flags, lower, i, compound_subject(toks, i, lower));
        }
    }
    // "Donor-specific antibodies (Luminex single antigen, 10/07): no DSA detected": a label
    // whose words its answer denies again is denied with them.
    let mut start = 0;
    while start < n {
        let end = (start..n)
            .find(|&k| matches!(toks[k].kind, TokKind::Sentence))
            .unwrap_or(n);
        let head_end = (start..end)
            .find(|&k| !matches!(toks[k].kind, TokKind::Word { .. }))
            .unwrap_or(end);
        let colon = (head_end..end).find(|&k| is_colon(&toks[k], lower));
        if let Some(c) = colon.filter(|_| head_end > start) {
            let denied = |t: Term| {
                (c + 1..end).any(|k| {
                    flags[k].neg && matches!(toks[k].kind, TokKind::Word { term, .. } if term == t)
                })
            };
            let restated = (start..head_end).all(|k| {
                matches!(toks[k].kind, TokKind::Word { term, light, .. } if light || denied(term))
            }) && (start..head_end).any(|k| {
                matches!(toks[k].kind, TokKind::Word { term, light: false, .. } if denied(term))
            });
            if restated {
                for f in &mut flags[start..head_end] {
                    f.neg = true;
                }
            }
        }
        start = end + 1;
    }
    // "No DVT" denies the thrombosis: the words an abbreviation spells out before its head
    // ("deep vein") only say which one, and state no polarity of their own ("right deep
    // veins fully compressible").
    // (Not a hyphenated name, "antibody-mediated rejection", nor an abbreviation that
    // holds its own negation, "NKDA".)
    for i in 0..n.saturating_sub(1) {
        let spelled_out = |t: &Tok| t.start == toks[i].start;
        if !(flags[i].neg
            && spelled_out(&toks[i + 1])
            && matches!(toks[i].kind, TokKind::Word { .. })
            && matches!(toks[i + 1].kind, TokKind::Word { .. }))
        {
            continue;
        }
        let abbreviation = lower
            .get(toks[i].start..toks[i].end)
            .is_some_and(|w| w.bytes().all(|b| b.is_ascii_alphabetic()));
        // The span's tokens: those written at the same place as this one.
        let span_start = toks[..i]
            .iter()
            .rposition(|t| !spelled_out(t))
            .map_or(0, |p| p + 1);
        let span_end = toks[i..]
            .iter()
            .position(|t| !spelled_out(t))
            .map_or(n, |p| i + p);
        let own_negation = toks[span_start..span_end]
            .iter()
            .any(|t| matches!(t.kind, TokKind::NegPre | TokKind::NegPost));
        // (Denied by a cue before it, as a finding is: "UDS: negative" answers the whole
        // test.)
        let denied_before = toks[..span_start]
            .iter()
            .rev()
            .take(NEG_WINDOW)
            .find(|t| !matches!(t.kind, TokKind::Word { .. }))
            .is_some_and(|t| matches!(t.kind, TokKind::NegPre));
        if abbreviation && denied_before && !own_negation {
            flags[i].located = true;
        }
    }
    // "No diabetic retinopathy OU": the body part of a sided abbreviation after a denied
    // finding is where it was looked for, not denied itself.
    for i in 0..n {
        if !(flags[i].neg && matches!(toks[i].kind, TokKind::Word { anatomy: true, .. })) {
            continue;
        }
        let written_with_side = toks
            .iter()
            .any(|t| t.start == toks[i].start && matches!(t.kind, TokKind::Side(_)));
        let denied_before = toks[..i].iter().zip(&flags[..i]).any(|(t, f)| {
            f.neg
                && t.start != toks[i].start
                && matches!(t.kind, TokKind::Word { anatomy: false, .. })
        });
        if written_with_side && denied_before {
            flags[i].located = true;
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
        // The words of one written token count once: "RLE DVT" is two words, not six.
        let mut last_span = toks[i].start;
        let mut k = i + 1;
        // ("right-sided 14 Fr pigtail chest tube": "sided" only repeats the side.)
        let mut side_end = i;
        while k < n && applied < SIDE_WINDOW {
            match toks[k].kind {
                TokKind::Word { .. }
                    if k == side_end + 1
                        && lower
                            .get(toks[k].start..toks[k].end)
                            .is_some_and(|w| w.ends_with("sided")) =>
                {
                    flags[k].side = Some(side);
                    side_end = k;
                }
                // "46 y/o R-handed M bitten on the dorsum of the L hand": handedness is
                // the side of nothing that follows it.
                TokKind::Word { .. }
                    if k == i + 1
                        && lower
                            .get(toks[k].start..toks[k].end)
                            .is_some_and(|w| w.ends_with("handed")) =>
                {
                    flags[k].side = Some(side);
                    break;
                }
                TokKind::Word { .. } => {
                    flags[k].side = Some(side);
                    if toks[k].start != last_span {
                        applied += 1;
                        last_span = toks[k].start;
                    }
                }
                TokKind::NegPre | TokKind::NegPost | TokKind::Affirm | TokKind::Place => {}
                // "R 7th rib fx": an ordinal says which one, the body part follows.
                TokKind::Qty(_)
                    if applied == 0
                        && lower.get(toks[k].start..toks[k].end).is_some_and(ordinal) => {}
                // "R 20 Fr chest tube": a device's size right after the side says which
                // one; the device follows. (So do two sizes: "left 6 Fr x 26 cm double-J
                // ureteral stent".)
                TokKind::Qty(q)
                    if applied == 0
                        && k == side_end + 1
                        && q.dim == Dim::Length
                        && toks.get(k + 1).is_some_and(|t| match t.kind {
                            TokKind::Word { .. } => true,
                            TokKind::Qty(next) => next.dim == Dim::Length,
                            _ => false,
                        }) =>
                {
                    flags[k].side = Some(side);
                    side_end = k;
                }
                // "R frontal and parietal burr hole evacuation", "R knee and hip": a side
                // before a pair of places joined by "and" is both places'.
                TokKind::Conj
                    if applied == 1 && lower.get(toks[k].start..toks[k].end) == Some("and") => {}
                // "R ABI 0.62": the value measured on that side ends the window, unless a
                // body part's size is followed by what it has ("left kidney 5.4 cm with mild
                // pelviectasis").
                TokKind::Qty(q) if !q.is_calendar() => {
                    flags[k].side = Some(side);
                    let sized =
                        k > 0 && matches!(toks[k - 1].kind, TokKind::Word { anatomy: true, .. });
                    let with = lower
                        .get(toks[k].end..)
                        .is_some_and(|rest| rest.trim_start().starts_with("with "));
                    if !(sized && with) {
                        break;
                    }
                    applied = 0;
                    // (Past the "with".)
                    if toks
                        .get(k + 1)
                        .is_some_and(|t| matches!(t.kind, TokKind::Conj))
                    {
                        k += 1;
                    }
                }
                _ => break,
            }
            k += 1;
        }
        // "DVT of the L CFV, FV, popliteal and calf veins": a side before a list of body
        // parts is each one's.
        if applied > 0 {
            if let Some(end) = sided_list_end(toks, lower, k) {
                for f in &mut flags[k..end] {
                    f.side.get_or_insert(side);
                }
            }
        }
        // "left ventral intermediate nucleus (VIM)": a short name in parentheses right
        // after the sided words is theirs.
        if applied > 0 && k < n && opens_parenthesis(&toks[k], lower) {
            let name = toks[k + 1..]
                .iter()
                .take_while(|t| matches!(t.kind, TokKind::Word { .. }))
                .count();
            let closes = toks.get(k + 1 + name).is_some_and(|t| {
                matches!(t.kind, TokKind::Soft) && lower.as_bytes().get(t.start) == Some(&b')')
            });
            if name > 0
                && closes
                && toks[k + 1..=k + name]
                    .iter()
                    .all(|t| t.start == toks[k + 1].start)
            {
                for f in &mut flags[k + 1..=k + name] {
                    f.side = Some(side);
                }
            }
        }
        // "Weber lateralizes to the LEFT", "uvula deviated to the right": a side that ends
        // its phrase after "to (the)" is where the word before it points.
        let to_before = lower.get(..toks[i].start).is_some_and(|before| {
            let before = before.trim_end();
            before.ends_with(" to the") || before.ends_with(" to")
        });
        if applied == 0
            && to_before
            && i > 0
            && matches!(toks[i - 1].kind, TokKind::Word { .. })
            && toks
                .get(i + 1)
                .is_none_or(|t| !matches!(t.kind, TokKind::Word { .. }))
        {
            flags[i - 1].side.get_or_insert(side);
        }
        // "Moderate right pleural effusion. Small left pleural effusion.": a severity right
        // before a side is that side's ("a moderate left and a small right pleural
        // effusion" swaps them).
        if i > 0
            && matches!(toks[i - 1].kind, TokKind::Word { .. })
            && matches!(
                lower.get(toks[i - 1].start..toks[i - 1].end),
                Some("mild" | "moderate" | "severe" | "small" | "large" | "trace" | "minimal")
            )
        {
            flags[i - 1].side.get_or_insert(side);
        }
        // "Arthrocentesis of the left knee" is a left knee arthrocentesis: the word before
        // "of (the)" is of the side too.
        let of_before = lower.get(..toks[i].start).is_some_and(|before| {
            let before = before.trim_end();
            before.ends_with(" of the") || before.ends_with(" of")
        });
        if of_before && i > 0 && matches!(toks[i - 1].kind, TokKind::Word { .. }) {
            flags[i - 1].side.get_or_insert(side);
        }
        // "Bedside arthrocentesis L knee: 45 mL": a procedure or finding written right
        // before a sided body part is of that side, as "of the" would say. (Not a word
        // negated by its own form: "abnormal L axillary LN" leaves "normal" the node's.)
        let sided_body_part = i > 0
            && matches!(
                toks[i - 1].kind,
                TokKind::Word {
                    anatomy: false,
                    light: false,
                    morph_neg: false,
                    ..
                }
            )
            && lower
                .get(toks[i - 1].end..toks[i].start)
                .is_some_and(|gap| gap.bytes().all(|b| b == b' '))
            && toks
                .get(i + 1)
                .is_some_and(|t| matches!(t.kind, TokKind::Word { anatomy: true, .. }));
        if sided_body_part {
            flags[i - 1].side.get_or_insert(side);
        }
        // "SCD on RLE", "rash on the left arm": what is on a side's body part is of that side;
        // so is what lies along or within a sided place ("abscess along the left lamina
        // papyracea"), whatever the place is called.
        let place_word = i
            .checked_sub(1)
            .and_then(|p| lower.get(toks[p].start..toks[p].end));
        let along = matches!(place_word, Some("along" | "within" | "at"));
        let on_body_part = i > 1
            && matches!(toks[i - 2].kind, TokKind::Word { .. })
            && if along {
                toks.get(i + 1)
                    .is_some_and(|t| matches!(t.kind, TokKind::Word { .. }))
            } else {
                matches!(toks[i - 1].kind, TokKind::Place)
                    && matches!(place_word, Some("on" | "in"))
                    && toks[i + 1..]
                        .iter()
                        .take(2)
                        .any(|t| matches!(t.kind, TokKind::Word { anatomy: true, .. }))
            };
        if on_body_part {
            flags[i - 2].side.get_or_insert(side);
        }
        // In a claim, "A 10.2 Fr drain was placed into the left hepatic duct": what was
        // placed in a side's body part is of that side.
        let verb = toks[..i]
            .iter()
            .rposition(|t| !matches!(t.kind, TokKind::Place));
        let placed_in = claim
            && verb.is_some_and(|v| {
                lower
                    .get(toks[v].start..toks[v].end)
                    .is_some_and(|w| matches!(w, "placed" | "inserted"))
                    && lower.get(toks[v].end..toks[i].start).is_some_and(|gap| {
                        matches!(gap.trim(), "in" | "into" | "in the" | "into the")
                    })
            })
            && toks
                .get(i + 1)
                .is_some_and(|t| matches!(t.kind, TokKind::Word { .. }));
        // (What was placed, not the placing: "placed" is said of both sides.)
        if let Some(v) = verb.filter(|_| placed_in) {
            let subject_end = toks[..v]
                .iter()
                .rposition(|t| !matches!(t.kind, TokKind::Copula))
                .map_or(0, |e| e + 1);
            for k in (0..subject_end).rev() {
                match toks[k].kind {
                    TokKind::Word { .. } | TokKind::Qty(_) => {
                        flags[k].side.get_or_insert(side);
                    }
                    _ => break,
                }
            }
        }
        // "painful vision loss OS": an eye written as its abbreviation right after a
        // finding is where the finding is.
        let eye_after = i > 0
            && matches!(toks[i - 1].kind, TokKind::Word { .. })
            && lower
                .get(toks[i].start..toks[i].end)
                .is_some_and(|w| matches!(w, "os" | "od" | "ou"));
        // "ABI L 0.92": so is a side between a test's name and its reading.
        let test_side = i > 0
            && matches!(toks[i - 1].kind, TokKind::Word { .. })
            && matches!(toks.get(i + 1).map(|t| t.kind), Some(TokKind::Qty(_)))
            && lower
                .get(toks[i].start..toks[i].end)
                .is_some_and(|w| matches!(w, "l" | "r"));
        // ("ABI R 0.38, L 0.81": the test is of both sides.)
        let other_follows = test_side
            && lower.get(toks[i + 1].end..).is_some_and(|rest| {
                let rest = rest.trim_start_matches([',', ';', ' ']);
                let other = if side == Side::Left { 'r' } else { 'l' };
                rest.strip_prefix(other).is_some_and(|r| {
                    r.starts_with(' ') && r.trim_start().starts_with(|c: char| c.is_ascii_digit())
                })
            });
        if other_follows {
            side_back(toks, &mut flags, i, Side::Both);
        } else if eye_after || test_side {
            side_back(toks, &mut flags, i, side);
        }
        // "R wrist XR: nondisplaced distal radius fracture": a side in a label gives it to
        // the label's value (as a report's title does to its findings).
        let colon = toks[i + 1..]
            .iter()
            .take(4)
            .position(|t| !matches!(t.kind, TokKind::Word { .. }))
            .map(|p| i + 1 + p)
            .filter(|&c| is_colon(&toks[c], lower));
        // A label that opens its line and ends with its side ("Duplex LEFT: CFA and
        // profunda triphasic. ... SFA occluded from the mid-thigh") gives its side to the
        // whole line, up to the other side.
        let opens_line = || {
            let first = toks[..i]
                .iter()
                .rposition(|t| !matches!(t.kind, TokKind::Word { .. }))
                .map_or(0, |p| p + 1);
            // (A period's sentence end may stand for the newline after it too.)
            i - first <= 3
                && lower.get(..toks[first].start).is_some_and(|before| {
                    before.trim_end_matches([' ', '\t']).ends_with('\n') || before.trim().is_empty()
                })
        };
        let ends_line = |k: usize| {
            let to = toks.get(k + 1).map_or(lower.len(), |t| t.start);
            lower
                .get(toks[k].start..to)
                .is_some_and(|gap| gap.contains('\n'))
        };
        // "MRI LEFT FOOT WITHOUT AND WITH CONTRAST": an imaging report's title naming a
        // sided body part gives that side to the report's unsided body parts ("osteomyelitis
        // of the distal and middle phalanges of the 2nd toe").
        let titled = !claim
            && toks[i + 1..]
                .first()
                .is_some_and(|t| matches!(t.kind, TokKind::Word { anatomy: true, .. }))
            && lower.find('\n').is_none_or(|e| toks[i].start < e)
            && !toks[..i]
                .iter()
                .any(|t| matches!(t.kind, TokKind::Sentence | TokKind::Side(_)))
            && toks[..i].iter().any(|t| {
                lower.get(t.start..t.end).is_some_and(|w| {
                    matches!(
                        w,
                        "mri" | "ct" | "xr" | "x-ray" | "radiograph" | "radiographs"
                    )
                })
            });
        if titled {
            for k in i + 1..n {
                if matches!(toks[k].kind, TokKind::Word { anatomy: true, .. }) {
                    flags[k].side.get_or_insert(side);
                }
            }
        }
        // "PROCEDURE NOTE - PANRETINAL PHOTOCOAGULATION. Eye: OS. Indication: PDR.": a
        // source's label naming the side it was done on ("Eye:", "Side:", "Laterality:",
        // "Site:") gives that side to the note's heading and to the rest of its own line.
        let side_label = !claim
            && i >= 2
            && is_colon(&toks[i - 1], lower)
            && lower
                .get(toks[i - 2].start..toks[i - 2].end)
                .is_some_and(|w| matches!(w, "eye" | "side" | "laterality" | "site"))
            && (i == 2 || matches!(toks[i - 3].kind, TokKind::Sentence));
        // "Dx: L brachial plexus birth injury, upper trunk (C5-C6, Erb palsy)": a diagnosis
        // that opens with its side keeps it to the end of its line.
        let diagnosis_label = !claim
            && i >= 2
            && is_colon(&toks[i - 1], lower)
            && lower
                .get(toks[i - 2].start..toks[i - 2].end)
                .is_some_and(|w| matches!(w, "dx" | "diagnosis"))
            && (i == 2 || matches!(toks[i - 3].kind, TokKind::Sentence));
        if diagnosis_label {
            side_to_line_end(toks, &mut flags, i + 1, side, ends_line, |_| true);
        }
        if side_label {
            let heading_end = toks
                .iter()
                .position(|t| matches!(t.kind, TokKind::Sentence))
                .unwrap_or(n);
            let first_line_end = lower.find('\n').unwrap_or(lower.len());
            for k in 0..heading_end.min(i - 2) {
                if toks[k].start < first_line_end && matches!(toks[k].kind, TokKind::Word { .. }) {
                    flags[k].side.get_or_insert(side);
                }
            }
            side_to_line_end(toks, &mut flags, i + 1, side, ends_line, |other| {
                other != side
            });
        }
        // (An eye's abbreviation is its side and the word "eye" at one place: "SLE OD: 1 mm
        // metallic FB embedded in the paracentral cornea".)
        let right_after =
            |c: usize| c == i + 1 || (c == i + 2 && toks[i + 1].start == toks[i].start);
        if let Some(c) = colon.filter(|&c| right_after(c) && opens_line()) {
            side_to_line_end(toks, &mut flags, c + 1, side, ends_line, |other| {
                other != side
            });
        } else if let Some(c) = colon {
            let mut marked = 0;
            for k in c + 1..n {
                match toks[k].kind {
                    TokKind::Word { .. } if marked < 2 * SIDE_WINDOW => {
                        if flags[k].side.is_none() {
                            flags[k].side = Some(side);
                        }
                        marked += 1;
                    }
                    // ("Right: No germinal matrix or intraventricular hemorrhage.")
                    TokKind::NegPre
                    | TokKind::NegPost
                    | TokKind::Affirm
                    | TokKind::Qty(_)
                    | TokKind::ListOr => {}
                    _ => break,
                }
            }
        }
        // "Dx: AOM, right ear", "Cellulitis, RLE": a side and a body part set off by a
        // comma say where the finding before them is.
        let clause_end = |k: usize| {
            toks.get(k).is_none_or(|t| {
                matches!(t.kind, TokKind::Sentence | TokKind::Clause | TokKind::Soft)
            })
        };
        let anatomy = |k: usize| {
            toks.get(k)
                .is_some_and(|t| matches!(t.kind, TokKind::Word { anatomy: true, .. }))
        };
        // ("right lower extremity": the body part may come second.)
        // ("Anterior epistaxis, L": the side alone may be all that follows.)
        let body_part_ends_clause = clause_end(i + 1)
            || (anatomy(i + 1) && clause_end(i + 2))
            || (matches!(toks.get(i + 1).map(|t| t.kind), Some(TokKind::Word { .. }))
                && anatomy(i + 2)
                && clause_end(i + 3));
        let after_comma =
            i > 0 && matches!(toks[i - 1].kind, TokKind::Clause) && body_part_ends_clause;
        // "Eye: LEFT.": a side that is a label's whole value is the label's.
        let label_value =
            applied == 0 && i > 1 && is_colon(&toks[i - 1], lower) && clause_end(i + 1);
        if after_comma || label_value {
            side_back(toks, &mut flags, i - 1, side);
        }
        // "Hearing screen: pass L ear, refer R ear": a result word that opens its clause,
        // then a side and the body part ending it, is that side's result.
        let opens_clause = i > 0
            && matches!(toks[i - 1].kind, TokKind::Word { .. })
            && (i == 1
                || matches!(
                    toks[i - 2].kind,
                    TokKind::Sentence | TokKind::Clause | TokKind::Soft | TokKind::Conj
                ));
        if opens_clause && applied > 0 && anatomy(i + 1) && clause_end(i + 2) {
            flags[i - 1].side.get_or_insert(side);
        }
        // "A 14 Fr pigtail chest tube was placed in the L 2nd intercostal space": what was
        // placed in a sided site is of that side.
        // ("Triamcinolone 40 mg was injected into the left knee": the injection too.)
        // (The verb before "in", or before "into", which is a stop word.)
        let verb_at = if i >= 2 && matches!(toks[i - 1].kind, TokKind::Place) {
            Some(i - 2)
        } else {
            (i >= 1
                && lower
                    .get(toks[i - 1].end..toks[i].start)
                    .is_some_and(|gap| matches!(gap.trim(), "into" | "into the")))
            .then(|| i - 1)
        };
        let verb = |v: &usize| lower.get(toks[*v].start..toks[*v].end);
        if let Some(v) = verb_at.filter(|v| claim && verb(v) == Some("injected")) {
            flags[v].side.get_or_insert(side);
        }
        let placed_into = verb_at.filter(|v| {
            !claim
                && verb(v)
                    .is_some_and(|w| matches!(w, "placed" | "inserted" | "positioned" | "sited"))
        });
        if let Some(v) = placed_into {
            let mut marked = 0;
            for k in (0..v).rev() {
                match toks[k].kind {
                    TokKind::Word { .. } if marked < SIDE_WINDOW => {
                        flags[k].side.get_or_insert(side);
                        marked += 1;
                    }
                    TokKind::Copula => {}
                    TokKind::Qty(q) if q.dim == Dim::Length => {}
                    _ => break,
                }
            }
        }
        // "ABI 0.62 on the right, 0.91 on the left", "BP 228/134 in the right arm": a
        // value followed by "on/in the" and a side was measured on that side.
        let before = toks[..i]
            .iter()
            .rposition(|t| !matches!(t.kind, TokKind::Place));
        // "No hydronephrosis was seen on the left": with nothing after it, a side after
        // "on/in the" says where the clause's finding was looked for.
        let placed = i > 0 && matches!(toks[i - 1].kind, TokKind::Place);
        // "L4-5", "C5-6": a number joined to a word by a hyphen names a level, as the word
        // does; it measures nothing.
        let level = |k: usize| {
            matches!(toks[k].kind, TokKind::Qty(_))
                && k > 0
                && matches!(toks[k - 1].kind, TokKind::Word { .. })
                // (The parts of one hyphenated piece report its whole span.)
                && toks[k - 1].start == toks[k].start
                && lower.get(toks[k].start..toks[k].end).is_some_and(|w| w.contains('-'))
        };
        // ("MRI SHOULDER RIGHT WITHOUT CONTRAST": a study's contrast after the side is no
        // body part of it.)
        let contrast_follows = lower.get(toks[i].end..).is_some_and(|rest| {
            let rest = rest.trim_start();
            [
                "without contrast",
                "with contrast",
                "w/o contrast",
                "w/ contrast",
                "with and without",
            ]
            .iter()
            .any(|p| rest.starts_with(p))
        });
        match before.map(|b| (b, toks[b].kind)) {
            Some((b, TokKind::Word { anatomy: true, .. }))
                if (applied == 0 || contrast_follows) && b + 1 == i =>
            {
                flags[b].side = Some(side);
            }
            // ("Incidental durotomy at L4-5 on the right"; "the durotomy at L4-5 was on the
            // left".)
            Some((b, TokKind::Word { .. } | TokKind::Copula | TokKind::Qty(_)))
                if applied == 0
                    && placed
                    && (!matches!(toks[b].kind, TokKind::Qty(_)) || level(b)) =>
            {
                let mut marked = 0;
                for k in (0..=b).rev() {
                    match toks[k].kind {
                        TokKind::Word { .. } if marked < SIDE_WINDOW => {
                            if flags[k].side.is_none() {
                                flags[k].side = Some(side);
                            }
                            marked += 1;
                        }
                        TokKind::Copula | TokKind::Place | TokKind::NegPre | TokKind::NegPost => {}
                        TokKind::Qty(_) if level(k) => {}
                        _ => break,
                    }
                }
            }
            Some((b, TokKind::Qty(q))) if !q.is_calendar() && (applied == 0 || b + 1 < i) => {
                flags[b].side = Some(side);
            }
            _ => {}
        }
    }
    // "Margins were positive for carcinoma", "Blood cultures negative for MRSA": the words
    // before the cue (back through its copula) are what was tested.
    for i in 0..n {
        if !matches!(toks[i].kind, TokKind::Affirm | TokKind::NegPre) {
            continue;
        }
        let cue = lower.get(toks[i].start..toks[i].end).unwrap_or("");
        let for_next = lower
            .get(toks[i].end..)
            .is_some_and(|rest| rest.trim_start().starts_with("for "));
        let tested_cue = match toks[i].kind {
            TokKind::Affirm => cue == "positive" && for_next,
            TokKind::NegPre => cue == "negative for",
            _ => false,
        };
        // "Penicillin skin testing was positive": the words before the cue are its result.
        let result_cue = matches!(toks[i].kind, TokKind::Affirm)
            && matches!(cue, "positive" | "detected" | "present")
            && !for_next;
        for k in subject_before(toks, i) {
            flags[k].asserted |= result_cue;
            flags[k].tested |= tested_cue;
        }
    }
    // "CTA CHEST (PE PROTOCOL)": a study's protocol names what it looks for, not a finding.
    let protocols = if lower.contains("protocol") {
        1..n
    } else {
        0..0
    };
    for i in protocols {
        if matches!(toks[i].kind, TokKind::Word { .. })
            && lower.get(toks[i].start..toks[i].end) == Some("protocol")
        {
            for k in (0..i).rev() {
                match toks[k].kind {
                    TokKind::Word { .. } => flags[k].protocol = true,
                    _ => break,
                }
            }
        }
    }
    // "Q: bilateral LE cellulitis not improving on cefazolin": a consult's question names
    // what the consultant was asked about, as a protocol does; the answer follows.
    if !claim && (lower.contains("q:") || lower.contains("consult")) {
        let mut line_start = 0;
        while line_start < lower.len() {
            let line_end = lower[line_start..]
                .find('\n')
                .map_or(lower.len(), |p| line_start + p);
            let line = lower[line_start..line_end].trim_start();
            if ["q:", "reason for consult", "consult question"]
                .iter()
                .any(|q| line.starts_with(q))
            {
                mark_question(toks, &mut flags, line_start..line_end);
            }
            line_start = line_end + 1;
        }
    }
    // ("CONSULT - DECISION-MAKING CAPACITY. Question: capacity to decline PEG placement":
    // so does a question a sentence opens with, to the sentence's end.)
    if !claim && lower.contains("question:") {
        for (at, _) in lower.match_indices("question:") {
            let opens = lower[..at]
                .trim_end_matches(' ')
                .chars()
                .next_back()
                .is_none_or(|c| matches!(c, '.' | '\n' | ':'));
            if !opens {
                continue;
            }
            mark_question(toks, &mut flags, at..part_end(lower, at));
        }
    }
    // ("Indication: ICD pocket erythema; evaluate for lead or valve vegetation": what a
    // study was asked to look for, to the end of its part.)
    // (One pass over the text's " for ", each checked for the verb before it.)
    if !claim {
        for (space, _) in lower.match_indices(" for ") {
            let before = &lower[..space];
            let verb = ["evaluate", "assess", "evaluation", "eval"]
                .iter()
                .find(|v| before.ends_with(*v));
            if let Some(verb) = verb {
                let at = space - verb.len();
                mark_question(toks, &mut flags, at..part_end(lower, at));
            }
        }
    }
    // "eFAST was ... negative in the pelvis": the body part a test was negative in is
    // where nothing was found.
    for i in 0..n.saturating_sub(2) {
        let negative = matches!(toks[i].kind, TokKind::NegPost)
            && lower.get(toks[i].start..toks[i].end) == Some("negative");
        let in_part = matches!(toks[i + 1].kind, TokKind::Place)
            && lower.get(toks[i + 1].start..toks[i + 1].end) == Some("in")
            && matches!(toks[i + 2].kind, TokKind::Word { anatomy: true, .. });
        if negative && in_part {
            for k in i + 2..n {
                match toks[k].kind {
                    TokKind::Word { .. } => flags[k].neg = true,
                    _ => break,
                }
            }
        }
    }
    // In a claim, a side named once holds for the later values of its sentence that name
    // none ("Left eye visual acuity was 20/40 with IOP 22 mmHg").
    if claim {
        let mut current = None;
        for (t, f) in toks.iter().zip(flags.iter_mut()) {
            match t.kind {
                TokKind::Sentence => current = None,
                TokKind::Side(s) => current = Some(s),
                TokKind::Qty(q) if !q.is_calendar() && f.side.is_none() => f.side = current,
                _ => {}
            }
        }
    }
    // "Left kidney: 10.8 cm. ... Non-obstructing 4 mm calculus in the lower pole.": a line
    // opened by a sided body part as its label speaks of that side to its end, in every
    // sentence, unless another side is named.
    for i in 0..n {
        let TokKind::Side(side) = toks[i].kind else {
            continue;
        };
        // (Written as a side: "OD:" labels are left to the eyes' own rules.)
        let written = matches!(
            lower.get(toks[i].start..toks[i].end),
            Some("left" | "right" | "l" | "r" | "lt" | "rt")
        );
        if !written {
            continue;
        }
        let label_words = toks[i + 1..]
            .iter()
            .take_while(|t| matches!(t.kind, TokKind::Word { .. }))
            .count();
        let colon = i + 1 + label_words;
        let body_part = toks[i + 1..colon]
            .iter()
            .any(|t| matches!(t.kind, TokKind::Word { anatomy: true, .. }));
        if !(1..=3).contains(&label_words)
            || !body_part
            || !toks.get(colon).is_some_and(|t| is_colon(t, lower))
        {
            continue;
        }
        // (At the line's start, or after its own heading: "FINDINGS: Right hand: ...".)
        let line_start = lower[..toks[i].start].rfind('\n').map_or(0, |p| p + 1);
        let before = lower[line_start..toks[i].start].trim();
        let heading = before
            .strip_suffix(':')
            .is_some_and(|h| !h.contains(':') && h.split_whitespace().count() <= 2);
        if !(before.is_empty() || heading) {
            continue;
        }
        let line_end = lower[toks[colon].end..]
            .find('\n')
            .map_or(lower.len(), |p| toks[colon].end + p);
        let end = toks[colon..]
            .iter()
            .position(|t| t.start >= line_end || matches!(t.kind, TokKind::Side(_)))
            .map_or(n, |p| colon + p);
        for k in colon + 1..end {
            if matches!(toks[k].kind, TokKind::Word { .. } | TokKind::Qty(_)) {
                flags[k].side.get_or_insert(side);
            }
        }
    }
    // "without neck leak or swelling": a body part naming where a denied finding would be is
    // its place; its own polarity is not stated ("no leak or swelling in the neck").
    for i in 0..n.saturating_sub(1) {
        // (Not before a light head: "denies chest pain" denies the chest pain.)
        let (
            TokKind::Word { anatomy: true, .. },
            TokKind::Word {
                anatomy: false,
                light: false,
                ..
            },
        ) = (toks[i].kind, toks[i + 1].kind)
        else {
            continue;
        };
        if flags[i].neg && flags[i + 1].neg {
            flags[i].located = true;
            // (The other words of one written word: "arm" is "upper extremity"; and the
            // region a spine is named by: "No acute cervical spine fracture".)
            let first = (0..i)
                .rev()
                .take_while(|&k| toks[k].start == toks[i].start)
                .last()
                .unwrap_or(i);
            let region = first > 0
                && flags[first - 1].neg
                && matches!(
                    lower.get(toks[first - 1].start..toks[first - 1].end),
                    Some("cervical" | "thoracic" | "lumbar" | "sacral" | "lumbosacral")
                );
            for f in &mut flags[first - usize::from(region)..i] {
                f.located = true;
            }
        }
    }
    comparison(toks, lower, &mut flags);
    history(toks, lower, &mut flags);
    cutoffs(toks, lower, &mut flags);
    other_members(toks, lower, &mut flags);
    // "an awake fiberoptic intubation setup at bedside": what equipment is kept ready for
    // has not been done.
    // (Every token is asked, so the cheap tests come first.)
    for i in 0..n.saturating_sub(1) {
        let next = &toks[i + 1];
        let ready = matches!(toks[i].kind, TokKind::Word { .. })
            && matches!(next.kind, TokKind::Word { .. })
            && matches!(
                lower.as_bytes().get(next.start),
                Some(b's' | b'k' | b't' | b'c')
            )
            && matches!(
                lower.get(next.start..next.end),
                Some("setup" | "set-up" | "kit" | "tray" | "cart")
            );
        if ready {
            flags[i].protocol = true;
        }
    }
    // "No hydronephrosis or peri-transplant collection": what a denied finding is around is
    // its place, not denied itself.
    for i in 0..n {
        let around = flags[i].neg
            && (i == 0 || toks[i - 1].start != toks[i].start)
            && lower[toks[i].start..].starts_with("peri-");
        if around {
            let word_end = lower[toks[i].start..]
                .find(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '.' | ')'))
                .map_or(lower.len(), |e| toks[i].start + e);
            for k in (i..n).take_while(|&k| toks[k].start < word_end) {
                flags[k].located = true;
            }
        }
    }
    flags
}

/// "7 mm saccular aneurysm ... No other intracranial aneurysm": a denial of any other member
/// of a kind says the kind is there, so its words state no polarity of their own (neither
/// the denial of an aneurysm nor the aneurysm itself).
fn other_members(toks: &[Tok], lower: &str, flags: &mut [Flags]) {
    for i in 0..toks.len().saturating_sub(1) {
        // (The word "other" is a stop word, no token: it is the gap after the cue.)
        let others = |text: Option<&str>| matches!(text, Some("other" | "additional"));
        let denies_others = matches!(toks[i].kind, TokKind::NegPre)
            && lower.get(toks[i].start..toks[i].end) == Some("no")
            && (others(lower.get(toks[i].end..toks[i + 1].start).map(str::trim))
                || others(lower.get(toks[i + 1].start..toks[i + 1].end)));
        if !denies_others {
            continue;
        }
        for (t, f) in toks[i + 1..].iter().zip(&mut flags[i + 1..]) {
            if !f.neg && !matches!(t.kind, TokKind::Word { light: true, .. }) {
                break;
            }
            if matches!(t.kind, TokKind::Word { .. }) {
                f.neg = false;
                f.protocol = true;
            }
        }
    }
}

/// Where the part of `lower` from `at` ends: at its line end, semicolon or sentence end.
fn part_end(lower: &str, at: usize) -> usize {
    lower[at..]
        .find(['\n', ';'])
        .into_iter()
        .chain(lower[at..].find(". "))
        .min()
        .map_or(lower.len(), |p| at + p)
}

/// Marks the words of a consult's question (those starting within `span` of the text) as
/// what was asked, as a protocol's are: they state no finding.
fn mark_question(toks: &[Tok], flags: &mut [Flags], span: Range<usize>) {
    for (t, f) in toks.iter().zip(flags.iter_mut()) {
        if span.contains(&t.start) && matches!(t.kind, TokKind::Word { .. }) {
            f.protocol = true;
        }
    }
}

/// "Rubella IgG 5.2 IU/mL: NON-IMMUNE (immune >=10)": the words of a cutoff in parentheses
/// say what a value beyond it would mean, not what this one is; as a protocol's words, they
/// state no polarity, even for a claim of an earlier time.
fn cutoffs(toks: &[Tok], lower: &str, flags: &mut [Flags]) {
    for open in 0..toks.len() {
        if !opens_parenthesis(&toks[open], lower) {
            continue;
        }
        let words = toks[open + 1..]
            .iter()
            .take_while(|t| matches!(t.kind, TokKind::Word { .. }))
            .count();
        let value = open + 1 + words;
        let cutoff = (1..=2).contains(&words)
            && toks.get(value).is_some_and(|t| {
                matches!(t.kind, TokKind::Qty(_))
                    && lower
                        .get(toks[value - 1].end..t.start)
                        .is_some_and(|gap| gap.contains(['<', '>', '≥', '≤']))
            })
            && lower
                .get(toks[value].end..)
                .is_some_and(|rest| rest.trim_start().starts_with(')'));
        if cutoff {
            for f in &mut flags[open + 1..value] {
                f.protocol = true;
            }
        }
    }
}

/// What an examiner does to bring a finding out ("pain with passive stretch").
const MANOEUVRES: &[&str] = &[
    "passive",
    "active",
    "palpation",
    "ambulation",
    "ambulating",
    "walking",
    "exertion",
    "movement",
    "motion",
    "range",
    "stretch",
    "stretching",
    "flexion",
    "extension",
    "rotation",
    "compression",
    "percussion",
    "inspiration",
    "urination",
    "voiding",
    "swallowing",
    "coughing",
    "weight",
    "weightbearing",
];

/// Where a list that goes on from a side's words at the comma `at` ends ("the L CFV, FV,
/// popliteal and calf veins"), when it is one: short items of words, the last after "and"
/// or "or", half of them or more body parts, then the statement's end.
fn sided_list_end(toks: &[Tok], lower: &str, at: usize) -> Option<usize> {
    if !toks
        .get(at)
        .is_some_and(|t| matches!(t.kind, TokKind::Clause))
    {
        return None;
    }
    let (mut items, mut body_parts) = (0, 0);
    let mut k = at;
    loop {
        let last = match toks.get(k).map(|t| t.kind) {
            Some(TokKind::Clause) => false,
            Some(TokKind::ListOr) => true,
            Some(TokKind::Conj) if lower.get(toks[k].start..toks[k].end) == Some("and") => true,
            _ => return None,
        };
        let first = k + 1;
        k = first;
        let mut words = 0;
        let mut anatomy = false;
        while let Some(TokKind::Word { anatomy: a, .. }) = toks.get(k).map(|t| t.kind) {
            if k == first || toks[k].start != toks[k - 1].start {
                words += 1;
            }
            anatomy |= a;
            k += 1;
        }
        if words == 0 || words > 2 {
            return None;
        }
        items += 1;
        body_parts += usize::from(anatomy);
        if last {
            let ends = toks
                .get(k)
                .is_none_or(|t| matches!(t.kind, TokKind::Sentence | TokKind::Soft));
            return (ends && 2 * body_parts >= items).then_some(k);
        }
    }
}

/// Gives `side` to the unsided words from `from` to the end of the line, stopping early at
/// a side for which `stops` holds.
fn side_to_line_end(
    toks: &[Tok],
    flags: &mut [Flags],
    from: usize,
    side: Side,
    ends_line: impl Fn(usize) -> bool,
    stops: impl Fn(Side) -> bool,
) {
    for k in from..toks.len() {
        match toks[k].kind {
            TokKind::Sentence if ends_line(k) => break,
            TokKind::Side(other) if stops(other) => break,
            TokKind::Word { .. } => {
                flags[k].side.get_or_insert(side);
            }
            _ => {}
        }
    }
}

/// Gives `side` to the words right before `end` (up to [`SIDE_WINDOW`] of them) that have
/// none: the finding a side set after it speaks of.
fn side_back(toks: &[Tok], flags: &mut [Flags], end: usize, side: Side) {
    for k in (0..end)
        .rev()
        .take_while(|&k| matches!(toks[k].kind, TokKind::Word { .. }))
        .take(SIDE_WINDOW)
    {
        flags[k].side.get_or_insert(side);
    }
}

/// Marks what a note calls history ("h/o priapism (2019, resolved)", "hx of gout") as of an
/// earlier time, as a comparison's words are: it says nothing of this admission.
fn history(toks: &[Tok], lower: &str, flags: &mut [Flags]) {
    if !(lower.contains("h/o")
        || lower.contains("hx")
        || lower.contains("history of")
        || lower.contains("prior")
        || lower.contains("previous")
        || lower.contains("historical"))
    {
        return;
    }
    // ("prior R femoral DVT (2021)" is of the past as "h/o" is; "prior to discharge" is a
    // time.)
    let cue_before = |t: &Tok| {
        let before = lower[..t.start].trim_end();
        // (Every cue ends in one of these letters: most words are past at one test.)
        if !matches!(
            before.as_bytes().last(),
            Some(b'o' | b'x' | b'f' | b'r' | b's' | b'y' | b'l')
        ) {
            return false;
        }
        [
            "h/o",
            "hx of",
            "hx",
            "history of",
            "prior",
            "previous",
            "previously",
            // ("Historical record: antibody screen negative 03/2022".)
            "historical",
        ]
        .iter()
        .any(|cue| {
            before.ends_with(cue)
                && before[..before.len() - cue.len()]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_ascii_alphanumeric())
        })
    };
    let mut on = false;
    // "Previous site (10/13/2026): RLQ abdomen": a label the sentence opens with a cue
    // makes its answer of the past too. (`label`: the sentence opened so, and no comma or
    // conjunction has come since; `answer`: its colon has come.)
    let (mut words, mut label, mut answer) = (0usize, false, false);
    for (i, t) in toks.iter().enumerate() {
        match t.kind {
            TokKind::Word { .. } => {
                on = on || cue_before(t);
                // (The cue is the sentence's first word: "Previous site", "Prior dose".)
                label |= on && words == 1;
                words += 1;
                if on || answer {
                    flags[i].earlier = true;
                }
            }
            // ("h/o L knee replacement": the side may come first.)
            TokKind::Side(_) => on = on || cue_before(t),
            TokKind::Sentence => {
                (on, words, label, answer) = (false, 0, false, false);
            }
            TokKind::Soft if label && is_colon(t, lower) => {
                on = false;
                answer = true;
            }
            TokKind::Clause | TokKind::Conj if !answer => {
                on = false;
                label = false;
            }
            _ => on = false,
        }
    }
}

/// Marks the words of a comparison with an earlier study: from "compared with/to" to the
/// end of its phrase, through a parenthesis opened in it ("compared with the 2023 outside
/// biopsy (class III, with 2 cellular crescents), now diffuse and without crescents").
fn comparison(toks: &[Tok], lower: &str, flags: &mut [Flags]) {
    if !lower.contains("compar") {
        return;
    }
    let mut on = false;
    let mut depth = 0u32;
    // "Comparison: TTE 05/2019 showed a small pericardial effusion": a label opening its
    // sentence makes the whole sentence the earlier study's, up to a word of the present.
    let mut label = false;
    let mut first = true;
    for (i, t) in toks.iter().enumerate() {
        let own = lower.get(t.start..t.end).unwrap_or("");
        // ("compared", "comparison": content words, so tokens of their own.)
        if own.starts_with("compar") {
            on = true;
            depth = 0;
            label = first && toks.get(i + 1).is_some_and(|n| is_colon(n, lower));
        }
        first = matches!(t.kind, TokKind::Sentence);
        if label {
            if t.kind == TokKind::Sentence || matches!(own, "now" | "currently" | "today") {
                (on, label) = (false, false);
            }
            flags[i].earlier = on;
            continue;
        }
        if !on {
            continue;
        }
        match t.kind {
            TokKind::Sentence => on = false,
            TokKind::Soft => match own.as_bytes().first() {
                Some(b'(' | b'[') => depth += 1,
                Some(b')' | b']') => depth = depth.saturating_sub(1),
                _ if depth == 0 => on = false,
                _ => {}
            },
            TokKind::Clause if depth == 0 => on = false,
            // ("with" and "to" of "compared with/to" are conjunctions to the lexicon.)
            TokKind::Conj if depth == 0 && !matches!(own, "with" | "to") => on = false,
            _ => {}
        }
        flags[i].earlier = on;
    }
}

/// The words of the subject right before the cue at `i`, back through its copula and sides
/// ("skin testing" of "skin testing was positive").
fn subject_before(toks: &[Tok], i: usize) -> impl Iterator<Item = usize> + '_ {
    (0..i)
        .rev()
        .take_while(|&k| {
            matches!(
                toks[k].kind,
                TokKind::Word { .. } | TokKind::Copula | TokKind::Side(_)
            )
        })
        .filter(|&k| matches!(toks[k].kind, TokKind::Word { .. }))
}

/// A label's colon ("Tobacco:", "R wrist XR:").
fn is_colon(tok: &Tok, lower: &str) -> bool {
    matches!(tok.kind, TokKind::Soft) && lower.as_bytes().get(tok.start) == Some(&b':')
}

fn opens_parenthesis(tok: &Tok, lower: &str) -> bool {
    matches!(tok.kind, TokKind::Soft) && lower.as_bytes().get(tok.start) == Some(&b'(')
}

fn closes_parenthesis(tok: &Tok, lower: &str) -> bool {
    matches!(tok.kind, TokKind::Soft) && lower.as_bytes().get(tok.start) == Some(&b')')
}

/// Whether a word is an ordinal written in digits ("7th", "2nd").
fn ordinal(word: &str) -> bool {
    word.len() > 2
        && word.as_bytes()[0].is_ascii_digit()
        && ["st", "nd", "rd", "th"].iter().any(|o| word.ends_with(o))
}

/// For a cue at `at` that opens a sentence, or that follows the last reading of a line of
/// several parts after a dash ("supine BP 120/70, HR 58; standing 3 min BP 112/68, HR 66 -
/// negative"), the tokens of the label of its line (the words before the line's first
/// colon).
fn label_before(toks: &[Tok], lower: &str, at: usize) -> Option<std::ops::Range<usize>> {
    let opens = matches!(toks[at - 1].kind, TokKind::Sentence);
    let after_readings = matches!(toks[at - 1].kind, TokKind::Qty(_))
        && lower
            .get(toks[at - 1].end..toks[at].start)
            .is_some_and(|gap| gap.trim() == "-");
    if !opens && !after_readings {
        return None;
    }
    let line_start = lower[..toks[at].start].rfind('\n').map_or(0, |p| p + 1);
    let start = toks[..at].iter().position(|t| t.start >= line_start)?;
    if after_readings
        && !toks[start..at]
            .iter()
            .any(|t| matches!(t.kind, TokKind::Sentence))
    {
        return None;
    }
    let colon = (start..at - 1).find(|&k| is_colon(&toks[k], lower))?;
    Some(start..colon)
}

/// For a comma at `comma` inside the subject of a post-negation cue at `at`: `Some(comma)`
/// when the statement, from its start to the cue, is a list of short names (one to three
/// words, no verb of their own) parted by commas and conjunctions.
fn listed_from(toks: &[Tok], lower: &str, comma: usize, at: usize) -> Option<usize> {
    let start = toks[..comma]
        .iter()
        .rposition(|t| matches!(t.kind, TokKind::Sentence | TokKind::Soft))
        .map_or(0, |p| p + 1);
    let mut words = 0;
    for t in &toks[start..at] {
        match t.kind {
            // (A result is no name: "protein 1+, blood negative", "hips stable, Ortolani/Barlow
            // negative".)
            TokKind::Word { .. }
                if !participle(lower, t)
                    && !matches!(
                        lower.get(t.start..t.end),
                        Some(
                            "stable"
                                | "intact"
                                | "normal"
                                | "clear"
                                | "soft"
                                | "unremarkable"
                                | "present"
                                | "improving"
                        )
                    )
                    && !lower
                        .as_bytes()
                        .get(t.start)
                        .is_some_and(u8::is_ascii_digit) =>
            {
                words += 1;
                if words > 3 {
                    return None;
                }
            }
            TokKind::Clause | TokKind::Conj if words > 0 => words = 0,
            // (A serotype after its name: "adenovirus 40/41".)
            TokKind::Qty(q) if words > 0 && q.dim == Dim::None && q.shape == Shape::Pair => {}
            _ => return None,
        }
    }
    (words > 0).then_some(comma)
}

/// Whether the cue at `i` is "ruled out" or "avoided" in the active voice ("ultrasound ruled
/// out a clot", "the team avoided chlordiazepoxide"): no copula before it and a word after
/// it in its clause.
/// "7 bands in CSF not present in paired serum": a denial that names another place than
/// the one its subject was found in says where the subject is not, and denies nothing
/// the clause states of the first place.
fn contrasts_places(toks: &[Tok], lower: &str, i: usize) -> bool {
    let clause_start = toks[..i]
        .iter()
        .rposition(|t| matches!(t.kind, TokKind::Sentence | TokKind::Clause))
        .map_or(0, |k| toks[k].end);
    matches!(toks[i].kind, TokKind::NegPost)
        && lower
            .get(toks[i].end..)
            .is_some_and(|rest| rest.trim_start().starts_with("in "))
        && lower
            .get(clause_start..toks[i].start)
            .is_some_and(|before| before.contains(" in "))
}

fn rules_out_forward(toks: &[Tok], lower: &str, i: usize) -> bool {
    matches!(toks[i].kind, TokKind::NegPost)
        && matches!(
            lower.get(toks[i].start..toks[i].end),
            Some("ruled out" | "avoided")
        )
        && !(i > 0 && matches!(toks[i - 1].kind, TokKind::Copula))
        // ("L IJ avoided due to prior thrombosis": the stop words "due to" leave no token
        // of their own, so the text after the cue says why.)
        && !lower.get(toks[i].end..).is_some_and(|rest| {
            let rest = rest.trim_start();
            ["due ", "because ", "secondary ", "given "]
                .iter()
                .any(|w| rest.starts_with(w))
        })
        && toks.get(i + 1).is_some_and(|t| {
            // ("chlordiazepoxide avoided given liver injury" says why.)
            matches!(t.kind, TokKind::Word { .. })
                && !participle(lower, t)
                && !matches!(
                    lower.get(t.start..t.end),
                    Some("due" | "because" | "secondary")
                )
        })
}

/// Verbs of what was done, which open a statement of their own after "and" ("no need for
/// bronchoscopy and recommended a repeat CXR").
const DONE_VERBS: [&str; 19] = [
    "recommended",
    "started",
    "restarted",
    "resumed",
    "continued",
    "received",
    "underwent",
    "completed",
    "tolerated",
    "treated",
    "advised",
    "planned",
    "scheduled",
    "referred",
    "ordered",
    "placed",
    "showed",
    "used",
    "gave",
];

/// Verbs of giving or doing that, denied right after their subject ("Haloperidol not used",
/// "Foley not placed"), deny the subject as a light framing verb does.
const DENIED_DOING: [&str; 9] = [
    // ("Left Meckel cave and cavernous sinus are not involved.")
    "involved",
    "used",
    "administered",
    "prescribed",
    "ordered",
    "obtained",
    "placed",
    "attempted",
    "indicated",
];

/// Negates the label before the colon at `colon`: its words (at most `limit`), through its
/// parentheses and commas, back to the sentence's start or an earlier label's colon.
fn negate_label(toks: &[Tok], flags: &mut [Flags], lower: &str, colon: usize, limit: usize) {
    let mut count = 0;
    // Where the parenthesis being walked through opens, when it says how or when the test
    // was done ("Donor-specific antibodies (single antigen beads, 08/10): negative"): its
    // words are the test's place, and state no polarity of their own.
    let mut aside_opens: Option<usize> = None;
    for k in (0..colon).rev() {
        if count >= limit {
            break;
        }
        if aside_opens == Some(k) {
            aside_opens = None;
        }
        match toks[k].kind {
            TokKind::Sentence => break,
            TokKind::Soft if is_colon(&toks[k], lower) => break,
            TokKind::Soft if closes_parenthesis(&toks[k], lower) => {
                let open = toks[..k].iter().rposition(|t| opens_parenthesis(t, lower));
                let how = open.is_some_and(|o| {
                    toks[o + 1..k]
                        .iter()
                        .any(|t| matches!(t.kind, TokKind::Clause | TokKind::Qty(_)))
                });
                aside_opens = open.filter(|_| how);
            }
            TokKind::Word { .. } => {
                flags[k].neg = true;
                flags[k].located |= aside_opens.is_some();
                count += 1;
            }
            _ => {}
        }
    }
}

/// Negates the content words before `at` back to the start of its clause; a compound
/// subject ("Troponin and D-dimer were negative") is negated whole.
fn negate_back(toks: &[Tok], flags: &mut [Flags], lower: &str, at: usize, mut compound: bool) {
    // "Aspergillus galactomannan antigen (serum), collected 10/19: NEGATIVE": the cue
    // answers the whole label, through its parentheses and commas, back to the line's start
    // or an earlier label.
    if at > 1 && is_colon(&toks[at - 1], lower) {
        negate_label(toks, flags, lower, at - 1, NEG_WINDOW * 2);
        return;
    }
    // "protein, blood, leukocyte esterase and nitrite all negative": "all" (or "both")
    // before the cue denies the whole list before it.
    let all_of = matches!(word_before(lower, toks[at].start), "all" | "both");
    let mut window = if all_of { 2 * NEG_WINDOW } else { NEG_WINDOW };
    let mut count = 0;
    let mut last_negated = 0;
    let mut k = at;
    // The farthest "on/in/at ..." with a negated word before it: what lies between it and
    // the cue says where the head was looked at ("H. pylori immunostain on the random
    // gastric biopsies was negative").
    let mut place: Option<usize> = None;
    let mut pending_place: Option<usize> = None;
    let byte = |k: usize| lower.as_bytes().get(toks[k].start).copied();
    while k > 0 && count < window {
        k -= 1;
        // "Carboprost (Hemabate) deliberately avoided": a drug's other name in parentheses
        // names the same subject, which the cue answers through it.
        if byte(k) == Some(b')') && matches!(toks[k].kind, TokKind::Soft) {
            let open = toks[..k]
                .iter()
                .rposition(|t| matches!(t.kind, TokKind::Soft))
                .filter(|&o| opens_parenthesis(&toks[o], lower) && o + 1 < k);
            // (Or any short list closing right before the cue: "HSV PCRs (CSF, blood,
            // surface) all negative".)
            let named = open.is_some_and(|o| {
                toks[o + 1..k]
                    .iter()
                    .all(|t| matches!(t.kind, TokKind::Word { drug: true, .. }))
                    || (k + 1 == at
                        && toks[o + 1..k].len() <= 8
                        && toks[o + 1..k]
                            .iter()
                            .all(|t| matches!(t.kind, TokKind::Word { .. } | TokKind::Clause)))
            });
            if let (Some(o), true) = (open, named) {
                for f in &mut flags[o + 1..k] {
                    f.neg = true;
                }
                k = o;
                continue;
            }
        }
        match toks[k].kind {
            // "Blood cultures: negative", "Tobacco: denies": the cue is the label's value.
            TokKind::Soft if k + 1 == at && is_colon(&toks[k], lower) => {}
            // "APAP <10 mcg/mL (undetectable)": the cue qualifies the value before it.
            TokKind::Soft
                if k + 1 == at
                    && opens_parenthesis(&toks[k], lower)
                    && k > 0
                    && matches!(toks[k - 1].kind, TokKind::Qty(_)) => {}
            // "Zinc transporter 8 (ZnT8) antibody: <10 U/mL (negative)": the result of a
            // label's value is the label's (also after a comma: "ELISA: OD 0.21, NEGATIVE").
            TokKind::Soft
                if count == 0
                    && is_colon(&toks[k], lower)
                    && toks[k + 1..at]
                        .iter()
                        .any(|t| matches!(t.kind, TokKind::Qty(_)))
                    && toks[k + 1..at].iter().all(|t| {
                        matches!(t.kind, TokKind::Qty(_) | TokKind::Soft | TokKind::Clause)
                    }) =>
            {
                negate_label(toks, flags, lower, k, usize::MAX);
                return;
            }
            // "hs-troponin I <3 ng/L at 0 h and 3 h (negative x2)": a conjunction between
            // two of the readings the result answers.
            TokKind::Conj
                if count == 0
                    && k > 0
                    && matches!(toks[k - 1].kind, TokKind::Qty(_))
                    && matches!(toks[k + 1].kind, TokKind::Qty(_)) => {}
            // (The comma between the value and its result.)
            TokKind::Clause
                if count == 0
                    && k + 1 == at
                    && k > 0
                    && matches!(toks[k - 1].kind, TokKind::Qty(_)) => {}
            // "discontinued once cultures were negative": what a subordinate clause's
            // subject is denied of ends at its conjunction.
            TokKind::Word { .. }
                if count > 0
                    && matches!(
                        word_before(lower, last_negated),
                        "once" | "when" | "because" | "since" | "while" | "whereas"
                    ) =>
            {
                break
            }
            TokKind::Word { .. } => {
                flags[k].neg = true;
                count += 1;
                last_negated = toks[k].start;
                if pending_place.is_some() {
                    place = pending_place.take();
                }
            }
            // "Injected triamcinolone 40 mg after Gram stain negative": what happened
            // before or after the tested thing is another event.
            TokKind::Place
                if count > 0
                    && matches!(
                        lower.get(toks[k].start..toks[k].end),
                        Some("after" | "before" | "until" | "following")
                    ) =>
            {
                break
            }
            TokKind::Place if count > 0 => pending_place = Some(k),
            // "The 10/14 urinalysis was nitrite negative": with the result's own words after
            // the copula, its subject is what was tested, not what was denied.
            TokKind::Copula if count > 0 => break,
            TokKind::Qty(_) | TokKind::Side(_) | TokKind::Copula | TokKind::Place => {}
            TokKind::Conj if compound => compound = false,
            TokKind::Conj | TokKind::Clause if all_of && count > 0 => {}
            // "RSV, influenza A/B, SARS-CoV-2 not detected": a list of short names that is the
            // whole statement is denied whole.
            // (However long: "Rotavirus, adenovirus 40/41, sapovirus, Salmonella, Shigella,
            // Campylobacter, STEC not detected".)
            // (Joined by "and"/"or" as well: "Influenza A/B, RSV and SARS-CoV-2 NOT
            // detected".)
            // (Not past a semicolon: "(visual inspection and spectrophotometry; bilirubin
            // not detected)" parts two statements.)
            TokKind::Clause | TokKind::Conj
                if count > 0
                    && byte(k) != Some(b';')
                    && k == listed_from(toks, lower, k, at).unwrap_or(0) =>
            {
                window = 2 * NEG_WINDOW;
            }
            _ => break,
        }
    }
    if let Some(p) = place {
        for f in &mut flags[p + 1..at] {
            f.located = f.neg;
        }
    }
}

/// Whether the words after the place word at `i` name a body part ("on her right leg").
fn body_part_follows(toks: &[Tok], i: usize) -> bool {
    toks[i + 1..]
        .iter()
        .take_while(|t| matches!(t.kind, TokKind::Word { .. } | TokKind::Side(_)))
        .any(|t| matches!(t.kind, TokKind::Word { anatomy: true, .. }))
}

/// A past participle ("seen", "captured", "identified"), read off the token's text.
fn participle(lower: &str, tok: &Tok) -> bool {
    lower.get(tok.start..tok.end).is_some_and(|w| {
        !w.contains(' ')
            && (w.ends_with("ed") || matches!(w, "seen" | "found" | "shown" | "given" | "done"))
    })
}

/// Whether the post-negation cue at `i` follows "<singular noun> were/are", which only a
/// subject of two or more things joined by "and" explains ("troponin and lactate were
/// negative"). "He had fever and cultures were negative" has a plural noun and keeps the
/// cue to its own clause.
fn compound_subject(toks: &[Tok], i: usize, lower: &str) -> bool {
    let (Some(copula), Some(noun)) = (
        i.checked_sub(1).and_then(|k| toks.get(k)),
        i.checked_sub(2).and_then(|k| toks.get(k)),
    ) else {
        return false;
    };
    let plural_copula = matches!(copula.kind, TokKind::Copula)
        && matches!(lower.get(copula.start..copula.end), Some("were" | "are"));
    let singular_noun = matches!(noun.kind, TokKind::Word { .. })
        && lower.get(noun.start..noun.end).is_some_and(|w| {
            !w.ends_with('s') || w.ends_with("ss") || w.ends_with("us") || w.ends_with("is")
        });
    // ... or a subject of two names that opens its sentence, "Lupus anticoagulant and
    // anticardiolipin antibodies were negative" (not "He had fever and cultures were
    // negative", whose first part follows a verb).
    let named_pair = || {
        let start = toks[..i]
            .iter()
            .rposition(|t| matches!(t.kind, TokKind::Sentence | TokKind::Soft | TokKind::Clause))
            .map_or(0, |p| p + 1);
        let part = &toks[start..i - 1];
        let conj = part.iter().position(|t| {
            matches!(t.kind, TokKind::Conj) && lower.get(t.start..t.end) == Some("and")
        });
        let opens = lower[..part.first().map_or(0, |t| t.start)]
            .trim_end()
            .ends_with(['.', ':', ';'])
            || part.first().is_some_and(|t| t.start == 0);
        conj.is_some_and(|c| {
            (1..=3).contains(&c)
                && (1..=3).contains(&(part.len() - c - 1))
                && part
                    .iter()
                    .enumerate()
                    .all(|(k, t)| k == c || matches!(t.kind, TokKind::Word { .. }))
        }) && opens
    };
    plural_copula && (singular_noun || named_pair())
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
    // Inside a purpose phrase: from a word after "for" to the end of its clause or
    // predicate.
    let mut purpose = false;
    let mut run = 0u32;
    // Class words of the sentence's drugs, added at its end so the items' neighbourhoods
    // stay as written.
    let mut classes: Vec<Item> = Vec::new();
    let close = |a: &mut Analysis,
                 classes: &mut Vec<Item>,
                 from: usize,
                 start: Option<usize>,
                 end: usize| {
        for mut c in classes.drain(..) {
            let prev = a.items.last().copied().unwrap_or(c);
            c.pos = a.items.len() as u32;
            c.values_before = prev.values_before
                + u32::from(
                    matches!(prev.kind, Kind::Qty(q) if !matches!(q.dim, Dim::Frequency | Dim::Count | Dim::Date | Dim::Clock)),
                );
            a.items.push(c);
        }
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
        match t.kind {
            TokKind::Word { .. } => purpose |= t.after_for,
            TokKind::Qty(_) | TokKind::Side(_) => {}
            _ => purpose = false,
        }
        if !matches!(t.kind, TokKind::Word { .. } | TokKind::Side(_)) {
            run += 1;
        }
        let kind = match t.kind {
            TokKind::Word {
                term,
                drug,
                light,
                when,
                anatomy,
                ..
            } => Some((Kind::Word(term), drug, light, when, anatomy)),
            TokKind::Qty(q) => Some((Kind::Qty(q), false, false, false, false)),
            TokKind::Sentence => {
                close(&mut a, &mut classes, sent_start_item, sent_start, sent_end);
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
        if let Some((kind, drug, light, when, anatomy)) = kind {
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
            let values_before = a.items.last().map_or(0, |p: &Item| {
                p.values_before
                    + u32::from(matches!(p.kind, Kind::Qty(q) if !matches!(q.dim, Dim::Frequency | Dim::Count | Dim::Date | Dim::Clock)))
            });
            a.items.push(Item {
                values_before,
                lead: t.lead,
                purpose: (purpose || f.protocol) && matches!(kind, Kind::Word(_)),
                narrowed: t.narrowed,
                kind,
                pos,
                clause,
                sent: a.sentences.len() as u32,
                run,
                neg: f.neg,
                side: f.side,
                drug,
                light,
                when,
                earlier: f.earlier,
                located: f.located,
                anatomy,
                tested: f.tested,
                asserted: f.asserted,
                others: false,
                implied: false,
            });
            if let TokKind::Word {
                class: Some(class), ..
            } = t.kind
            {
                let item = a.items[a.items.len() - 1];
                if !classes
                    .iter()
                    .any(|c| c.term() == Some(class) && c.neg == item.neg)
                {
                    classes.push(Item {
                        kind: Kind::Word(class),
                        drug: false,
                        purpose: false,
                        implied: true,
                        ..item
                    });
                }
            }
        }
    }
    close(&mut a, &mut classes, sent_start_item, sent_start, sent_end);
    a
}

#[cfg(test)]
pub(crate) fn describe(a: &Analysis, vocab: &Vocab, text: &str) -> String {
    let names: std::collections::HashMap<Term, &str> = vocab.names().collect();
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
                Kind::Qty(q) => {
                    let dim = match q.dim {
                        Dim::Compound(u) => format!("Compound({})", names.get(&u).unwrap_or(&"?")),
                        d => format!("{d:?}"),
                    };
                    format!("<{dim} {:?} {}/{}>", q.shape, q.a, q.b)
                }
            };
            if it.neg {
                w = format!("NOT:{w}");
            }
            if it.located {
                w = format!("AT:{w}");
            }
            if it.others {
                w = format!("REL:{w}");
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

    /// A debugging aid, not a check: `DEBUG_TEXT="..." cargo test -p evaluation --lib
    /// debug_text -- --ignored --nocapture`
    #[test]
    #[ignore = "debugging aid, run by hand"]
    fn debug_text() {
        if let Ok(t) = std::env::var("DEBUG_TEXT") {
            let mut v = Vocab::default();
            // (`DEBUG_AS_SOURCE=1` reads it as a source: tables and drug classes.)
            let a = if std::env::var("DEBUG_AS_SOURCE").is_ok() {
                analyze_source(&t, &mut v)
            } else {
                analyze(&t, &mut v)
            };
            println!("{}", describe(&a, &v, &t));
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod phase_timing {
    use super::*;
    /// A timing diagnostic, not a check: `TIMING=300 cargo test --release -p evaluation
    /// --lib phase_timing -- --ignored --nocapture`.
    #[test]
    #[ignore = "timing diagnostic, run by hand"]
    fn phase_timing() {
        #[derive(serde::Deserialize)]
        struct Data {
            sources: Vec<domain::SourceReference>,
        }
        let p = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/benches/data/pipeline_input.json"
        );
        let data: Data = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
        let lex = lexicon();
        let n = 300u32;
        let mut acc = [std::time::Duration::ZERO; 5];
        let mut counts = (0, 0, 0, 0);
        let warm = std::env::var("WARM").is_ok();
        let mut v = Vocab::with_capacity(2048);
        for _ in 0..n {
            if !warm {
                v = Vocab::with_capacity(2048);
            }
            for s in &data.sources {
                let text = &s.content;
                let t = std::time::Instant::now();
                let raws = scan(text);
                acc[0] += t.elapsed();
                let t = std::time::Instant::now();
                let lower = text.to_ascii_lowercase();
                let texts = Texts {
                    orig: text,
                    lower: &lower,
                };
                let lexes = lex_all(&texts, &raws, lex);
                acc[1] += t.elapsed();
                let t = std::time::Instant::now();
                let toks = parse(&lexes, lex, &mut v, true);
                acc[2] += t.elapsed();
                let t = std::time::Instant::now();
                let flags = scope(&toks, &lower, false);
                acc[3] += t.elapsed();
                let t = std::time::Instant::now();
                std::hint::black_box(build(&toks, &flags));
                acc[4] += t.elapsed();
                counts = (text.len(), raws.len(), lexes.len(), toks.len());
            }
        }
        eprintln!(
            "last doc sizes {counts:?} words {} ids {}",
            v.words.len(),
            v.ids.len()
        );
        for (l, d) in ["scan", "lex", "parse", "scope", "build"].iter().zip(acc) {
            eprintln!("{l}: {:?}", d / n);
        }
    }
}
