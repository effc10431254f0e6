//! Evidence: each claim checked against the sources it cites, in the labelling order
//! no_citation, citation_not_found, contradicted, supported, partially_supported, unsupported.

use crate::text::quantity::{Dim, Quantity, Shape};
use crate::text::{analyze, analyze_source, Analysis, Item, Kind, Lead, Side, Split, Term, Vocab};
use crate::TenantAnalyses;
use chrono::Datelike;
use domain::{
    Claim, EvidenceResult, EvidenceSpan, SourceReference, SourceType, Support, Timestamp,
};
use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

mod notation;
mod owner;
mod sides;
mod timed;

/// Coverage at or above which a fact counts as stated by the sources.
const SUPPORTED_MIN: f64 = 0.70;
/// Coverage at or above which a fact counts as partly stated.
const PARTIAL_MIN: f64 = 0.40;
/// Weight of a quantity in a fact's coverage (a number is a fact of its own).
const QTY_WEIGHT: f64 = 2.5;
/// Weight of a frequency (BID, daily): real but small.
const FREQ_WEIGHT: f64 = 1.0;
/// Credit for a fact word found in the best sentence's neighbours or its document title.
const NEAR_CREDIT: f64 = 0.9;
/// Credit for a fact word found only elsewhere in the cited sources.
const FAR_CREDIT: f64 = 0.6;
/// Context similarity from which a source quantity describes the same attribute.
const SAME_ATTRIBUTE_SIM: f64 = 0.3;
/// Context similarity from which a different value in the source contradicts the claim.
const CONTRADICT_SIM: f64 = 0.4;
/// Similarity floor of a source quantity of the same dimension owned by the same drug.
const DRUG_OWNER_SIM: f64 = 0.5;
/// Candidates within this share of the best similarity are treated as equally good.
const NEAR_TIE: f64 = 0.92;
/// Context similarity enough for a matching value once the claim's other values have
/// explained the better-placed ones: some shared context, since the value itself matched
/// and its rivals are accounted for ("4,820 pg/mL (admission 9,150 pg/mL)" puts the older
/// value in a parenthesis, away from the name of the test).
const PAIRED_SIM: f64 = 0.1;
/// Closeness given to a clause's left-out subject, taken from the clause before it.
const ELIDED_PROX: f64 = 0.8;
/// Share of the best sentence's score from which another sentence is also "aligned".
const ALIGNED_SHARE: f64 = 0.8;
/// Share of a fact's word weight the best sentence must hold before polarity is compared.
const POLARITY_MIN_OVERLAP: f64 = 0.5;
const BM25_K1: f64 = 1.2;
const BM25_B: f64 = 0.75;

/// Context of one value: (term, side, informativeness, closeness) per nearby word.
type Context = Vec<(Term, Option<Side>, f64, f64)>;

/// A source value a claim's value may speak about: (similarity of their contexts, values
/// match, same written number, comparable, the value).
/// A source value considered as evidence for a claim value.
struct Cand {
    /// Similarity of the words around the two values.
    sim: f64,
    /// Same value (and same end of a change).
    matched: bool,
    /// Same written number in another dimension (mg vs mL).
    written: bool,
    /// Same dimension, so a different value disagrees.
    comparable: bool,
    value: Quantity,
    /// The source sentence it stands in.
    at: (usize, usize),
    /// The word before it ("then 5 mg": a later phase).
    lead: Lead,
    /// Every other value of the claim's sentence stands right next to it in the source
    /// ("250 mg daily x 4 days" for "250 mg daily ... for four days").
    described: bool,
    /// A tablet's strength, equal to the claim's value, that only names the tablets of a
    /// larger dose ("4 mg tab: 2 tabs (8 mg)" for "4 mg").
    strength_of_value: bool,
    /// The word right after it in its sentence ("18 mm at C6": C6).
    next: Option<Term>,
    /// For a frequency, the dose it is the frequency of ("200 mg PO daily": 200 mg).
    dose_before: Option<Quantity>,
    /// Its place among its sentence's items.
    pos: usize,
}

/// One analysed source document, with what every claim asks of it precomputed.
struct Doc {
    body: Analysis,
    /// Every term of body and title.
    terms: TermSet,
    title_terms: TermSet,
    /// Title words with a side ("XR right wrist"): a report's side is often only there.
    title_sides: Vec<(Term, Side)>,
    /// The one side an imaging report's title names ("US DUPLEX VENOUS RUE"): the side of
    /// the findings its sentences leave unsided.
    report_side: Option<Side>,
    /// Per body item: the context of a quantity, computed when a claim first compares
    /// with it (most source values never are), and its owning drug.
    value_context: Vec<OnceLock<Context>>,
    value_owner: Vec<Option<Term>>,
    /// Body item indices of the quantities, ascending, and where each sentence's begin
    /// (one more entry than sentences): a claim's value is compared with these only,
    /// without walking the words between them.
    values: Vec<u32>,
    sentence_values: Vec<u32>,
    /// Per sentence: the first sentence of its line, and of the run of sentences it ends
    /// joined by semicolons on that line ("Prior: 12/08 Plt 118; 12/09 Plt 126").
    line_start: Vec<u32>,
    chain_start: Vec<u32>,
}

impl Doc {
    /// Indices (into sentence `s`'s items) of its quantities, ascending.
    fn values_in(&self, s: usize) -> impl ExactSizeIterator<Item = usize> + Clone + '_ {
        let first = self.body.sentences.get(s).map_or(0, |s| s.items.start);
        let (lo, hi) = match self.sentence_values.get(s..s + 2) {
            Some(&[lo, hi]) => (lo as usize, hi as usize),
            _ => (0, 0),
        };
        self.values[lo..hi].iter().map(move |v| *v as usize - first)
    }
}

/// The run's sources, analysed once and shared by every claim and medication check.
pub(crate) struct Corpus<'a> {
    pub(crate) sources: &'a [SourceReference],
    pub(crate) vocab: Vocab,
    /// Where source analyses are kept across evaluations, if anywhere.
    kept: Option<TenantAnalyses<'a>>,
    analysed: Option<Arc<Analysed>>,
    /// Per source: authored no later than the output, so usable as evidence.
    usable: Vec<bool>,
    /// The words the checks ask about by name, interned at the first claim.
    named: Option<Named>,
}

/// The sources analysed, with their statistics: shared by every evaluation of the same
/// source set when kept ([`TenantAnalyses::set`]).
pub(crate) struct Analysed {
    docs: Vec<Doc>,
    postings: Postings,
    /// IDF per term id (terms first seen after the sources, e.g. in claims, get `max_idf`).
    idf: Vec<f64>,
    max_idf: f64,
    avg_len: f64,
    /// The run's vocabulary right after the sources; an evaluation continues from a copy.
    vocab: Vocab,
}

impl Analysed {
    /// Approximate bytes held, for a cache's budget (value contexts filled later included).
    pub(crate) fn size(&self) -> usize {
        let docs: usize = self
            .docs
            .iter()
            .map(|d| {
                d.body.items.capacity() * (std::mem::size_of::<Item>() + 48)
                    + d.body.sentences.capacity() * 32
                    + (d.terms.0.capacity() + d.title_terms.0.capacity()) * 8
                    + (d.values.capacity() + d.sentence_values.capacity()) * 4
            })
            .sum();
        docs + self.idf.capacity() * 8 + self.vocab.size() + self.postings.size()
    }
}

impl<'a> Corpus<'a> {
    pub(crate) fn new(
        sources: &'a [SourceReference],
        generated_at: Timestamp,
        kept: Option<TenantAnalyses<'a>>,
    ) -> Self {
        Self {
            sources,
            kept,
            vocab: Vocab::default(),
            analysed: None,
            usable: sources
                .iter()
                .map(|s| s.authored_at <= generated_at)
                .collect(),
            named: None,
        }
    }

    /// [`Named`] for `claim`: interned once per evaluation (the specimen words at the first
    /// claim with a value), in the order a claim-by-claim interning would take.
    fn named(&mut self, claim: &Analysis) -> Named {
        match &mut self.named {
            None => {
                let named = Named::of(&mut self.vocab, claim);
                self.named = Some(named.clone());
                named
            }
            Some(named) => {
                if named.specimens.is_empty() {
                    named.specimens = specimen_terms(&mut self.vocab, claim);
                }
                named.clone()
            }
        }
    }

    /// Analyses every source on first use (IDF needs all of them). With a cache, a source
    /// set seen before is taken whole, and otherwise each source seen before is. A kept set
    /// numbers its terms from zero, so it is only taken while nothing else was interned.
    fn ensure(&mut self) {
        if self.analysed.is_some() {
            return;
        }
        let sources = self.sources;
        let analysed = match self.kept {
            Some(kept) if self.vocab.is_empty() => {
                let set = kept.set(sources, || analyse(sources, Some(kept), vocab_for(sources)));
                self.vocab = set.vocab.clone();
                set
            }
            kept => {
                let vocab = if self.vocab.is_empty() {
                    vocab_for(sources)
                } else {
                    std::mem::take(&mut self.vocab)
                };
                let mut analysed = analyse(sources, kept, vocab);
                self.vocab = std::mem::take(&mut analysed.vocab);
                Arc::new(analysed)
            }
        };
        self.analysed = Some(analysed);
    }

    fn docs(&self) -> Option<&[Doc]> {
        self.analysed.as_deref().map(|a| a.docs.as_slice())
    }

    /// Source `d` was authored no later than the output, so it may serve as evidence.
    fn is_usable(&self, d: usize) -> bool {
        self.usable.get(d).copied().unwrap_or(false)
    }

    fn idf(&self, t: Term) -> f64 {
        match &self.analysed {
            Some(a) => a.idf.get(t as usize).copied().unwrap_or(a.max_idf),
            None => 1.0,
        }
    }

    fn avg_len(&self) -> f64 {
        self.analysed.as_ref().map_or(1.0, |a| a.avg_len)
    }

    fn word_weight(&self, item: &Item) -> f64 {
        match item.kind {
            Kind::Word(t) => {
                let mut w = self.idf(t);
                if item.light {
                    w *= 0.35;
                }
                if item.drug {
                    w *= 1.3;
                }
                w
            }
            Kind::Qty(q) if q.dim == Dim::Frequency => FREQ_WEIGHT,
            Kind::Qty(_) => QTY_WEIGHT,
        }
    }

    /// Usable sentences of the given documents as (doc index, sentence index).
    fn sentences_of(&self, docs: &[usize]) -> Vec<(usize, usize)> {
        let Some(all) = self.docs() else {
            return Vec::new();
        };
        docs.iter()
            .filter(|d| all.get(**d).is_some() && self.is_usable(**d))
            .flat_map(|d| (0..all[*d].body.sentences.len()).map(move |s| (*d, s)))
            .collect()
    }

    fn sentence_items(&self, (d, s): (usize, usize)) -> &[Item] {
        match self.docs() {
            Some(docs) => {
                let body = &docs[d].body;
                &body.items[body.sentences[s].items.clone()]
            }
            None => &[],
        }
    }

    /// A sentence's source text and its byte span in it.
    fn sentence_span(&self, (d, s): (usize, usize)) -> Option<(&str, usize, usize)> {
        let sent = self.docs()?.get(d)?.body.sentences.get(s)?;
        let content = self.sources.get(d)?.content.as_str();
        Some((content, sent.start as usize, sent.end as usize))
    }

    /// A sentence's text on to the semicolon or line end after it: the words past its last
    /// item ("07/04 negative").
    fn part_text(&self, at: (usize, usize)) -> &str {
        let Some((content, start, end)) = self.sentence_span(at) else {
            return "";
        };
        let stop = content
            .get(end..)
            .and_then(|rest| rest.find([';', '\n']))
            .map_or(content.len(), |p| end + p);
        content.get(start..stop).unwrap_or("")
    }

    /// Whether a sentence ends its line in a colon: a heading of the lines that follow
    /// ("URINE DRUG SCREEN 05/06/2026 23:30:"), not a label of its own line's value
    /// ("Benzodiazepines: negative").
    fn heads_a_list(&self, at: (usize, usize)) -> bool {
        self.sentence_span(at).is_some_and(|(content, _, end)| {
            content
                .get(end..)
                .and_then(|rest| rest.trim_start_matches([' ', '\t']).strip_prefix(':'))
                .is_some_and(|after| {
                    after
                        .trim_start_matches([' ', '\t', '\r'])
                        .starts_with('\n')
                })
        })
    }

    /// Whether a sentence is its document's title: the first one, written in capitals (an
    /// aside in parentheses aside), a bare name: no value, no side, nothing denied, no list
    /// below it ("VENOUS BLOOD LEAD (confirmatory).").
    fn is_title(&self, at: (usize, usize)) -> bool {
        if at.1 != 0
            || self.heads_a_list(at)
            || self
                .sentence_items(at)
                .iter()
                .any(|i| i.neg || i.side.is_some() || i.qty().is_some())
        {
            return false;
        }
        let text = self.sentence_text(at);
        let head = text.split('(').next().unwrap_or("");
        let letters = head.bytes().filter(u8::is_ascii_alphabetic);
        letters.clone().count() >= 4 && letters.clone().all(|b| b.is_ascii_uppercase())
    }

    /// The written text of a sentence (empty if its span is not in the source).
    fn sentence_text(&self, at: (usize, usize)) -> &str {
        self.sentence_span(at)
            .and_then(|(content, start, end)| content.get(start..end))
            .unwrap_or("")
    }
}

impl Corpus<'_> {
    /// The items of every usable sentence that holds term `t` (used by the medication
    /// check, which looks for one sentence naming a drug and its dose).
    pub(crate) fn usable_sentences_with(&mut self, t: Term) -> Vec<&[Item]> {
        self.ensure();
        let Some(analysed) = self.analysed.as_deref() else {
            return Vec::new();
        };
        analysed
            .postings
            .of(t)
            .iter()
            .filter(|p| self.is_usable(p.doc as usize))
            .map(|p| self.sentence_items((p.doc as usize, p.sent as usize)))
            .collect()
    }
}

/// Verdicts for every claim, in claim order.
pub(crate) fn evaluate_claims(corpus: &mut Corpus<'_>, claims: &[Claim]) -> Vec<EvidenceResult> {
    claims.iter().map(|c| evaluate_claim(corpus, c)).collect()
}

fn result(
    claim: &Claim,
    cited: &[String],
    support: Support,
    score: f64,
    reasons: Vec<String>,
) -> EvidenceResult {
    EvidenceResult {
        claim_id: claim.claim_id.clone(),
        cited_source_ids: cited.to_vec(),
        support,
        score: round4(score),
        reasons,
        best_span: None,
    }
}

fn round4(x: f64) -> f64 {
    (x.clamp(0.0, 1.0) * 10_000.0).round() / 10_000.0
}

fn evaluate_claim(corpus: &mut Corpus<'_>, claim: &Claim) -> EvidenceResult {
    let mut cited: Vec<String> = Vec::new();
    for id in &claim.supporting_source_ids {
        if !cited.contains(id) {
            cited.push(id.clone());
        }
    }
    if cited.is_empty() {
        return result(
            claim,
            &cited,
            Support::NoCitation,
            0.0,
            vec!["no_citation".into()],
        );
    }
    let missing: Vec<String> = cited
        .iter()
        .filter(|id| !corpus.sources.iter().any(|s| &s.source_id == *id))
        .map(|id| format!("citation_not_found:{id}"))
        .collect();
    if !missing.is_empty() {
        return result(claim, &cited, Support::CitationNotFound, 0.0, missing);
    }

    corpus.ensure();
    let mut reasons = Vec::new();
    let mut doc_ids = Vec::new();
    for id in &cited {
        for (i, s) in corpus.sources.iter().enumerate() {
            if &s.source_id == id && !doc_ids.contains(&i) {
                if corpus.is_usable(i) {
                    doc_ids.push(i);
                } else {
                    reasons.push(format!("source_after_generation:{id}"));
                }
            }
        }
    }
    if doc_ids.is_empty() {
        reasons.push("no_usable_source".into());
        return result(claim, &cited, Support::Unsupported, 0.0, reasons);
    }

    let analysis = analyze(&claim.statement, &mut corpus.vocab);
    let named = corpus.named(&analysis);
    let notation = notation::notation_terms(&mut corpus.vocab, &analysis);
    let side_order =
        sides::comparison_contradictions(corpus, &claim.statement, &analysis, &doc_ids);
    let check = Checker::new(corpus, &analysis, &doc_ids, named);
    let facts = split_facts(corpus, &analysis);

    let ranked: Vec<Ranked> = facts.iter().map(|f| check.ranked(f)).collect();
    let mut contradictions = check.quantity_contradictions();
    for (fact, r) in facts.iter().zip(&ranked) {
        contradictions.extend(check.polarity_contradictions(fact, r));
    }
    contradictions.extend(check.notation_contradictions(notation.as_ref()));
    contradictions.extend(side_order);
    if !contradictions.is_empty() {
        let mut seen = BTreeSet::new();
        contradictions.retain(|r| seen.insert(r.clone()));
        return result(claim, &cited, Support::Contradicted, 0.0, contradictions);
    }

    let mut supported = 0usize;
    let mut partial = 0usize;
    let mut weight_sum = 0.0;
    let mut covered_sum = 0.0;
    let mut best: Option<(f64, (usize, usize))> = None;
    let mut value_missing = false;
    let mut drug_missing = false;
    for (fact, r) in facts.iter().zip(&ranked) {
        let fc = check.fact_coverage(fact, r);
        weight_sum += fc.weight;
        covered_sum += fc.coverage * fc.weight;
        value_missing |= fc.unmatched_quantities > 0;
        drug_missing |= fc.drug_missing;
        if fc.drug_missing {
            continue;
        }
        #[cfg(test)]
        if std::env::var("DEBUG_EVIDENCE").is_ok() {
            eprintln!(
                "fact coverage {:.2} unmatched {} best {:?}",
                fc.coverage, fc.unmatched_quantities, fc.best_sentence
            );
        }
        if fc.coverage >= SUPPORTED_MIN && fc.unmatched_quantities == 0 && !fc.normal_unsaid {
            supported += 1;
        } else if fc.coverage >= PARTIAL_MIN {
            partial += 1;
        } else {
            continue;
        }
        if let Some(s) = fc.best_sentence {
            if best.is_none_or(|(c, _)| fc.coverage > c) {
                best = Some((fc.coverage, s));
            }
        }
    }
    let coverage = if weight_sum > 0.0 {
        covered_sum / weight_sum
    } else {
        0.0
    };
    let n = facts.len();
    let support = if n > 0 && supported == n {
        Support::Supported
    } else if supported + partial > 0 {
        Support::PartiallySupported
    } else {
        Support::Unsupported
    };
    reasons.push(format!("facts_supported:{supported}/{n}"));
    if support != Support::Supported {
        reasons.push("fact_not_found".into());
        if value_missing {
            reasons.push("value_not_found".into());
        }
        if drug_missing {
            reasons.push("medication_not_found".into());
        }
    }
    let mut out = result(claim, &cited, support, coverage, reasons);
    if support != Support::Unsupported {
        if let Some((_, (d, s))) = best {
            out.best_span = span(corpus, d, s);
        }
    }
    out
}

fn span(corpus: &Corpus<'_>, d: usize, s: usize) -> Option<EvidenceSpan> {
    let doc = corpus.docs()?.get(d)?;
    let sent = doc.body.sentences.get(s)?;
    let source = corpus.sources.get(d)?;
    let content = &source.content;
    let (start, end) = (sent.start as usize, sent.end as usize);
    if start > end
        || end > content.len()
        || !content.is_char_boundary(start)
        || !content.is_char_boundary(end)
    {
        return None;
    }
    let cs = content[..start].chars().count();
    let ce = cs + content[start..end].chars().count();
    Some(EvidenceSpan {
        source_id: source.source_id.clone(),
        start: cs,
        end: ce,
    })
}

/// A fact: a run of the claim's items between cuts.
type Fact<'a> = &'a [Item];

/// Cuts a claim into facts at sentence ends and semicolons, and at commas and
/// conjunctions when both sides carry at least two content units of their own.
fn split_facts<'a>(corpus: &Corpus<'_>, a: &'a Analysis) -> Vec<Fact<'a>> {
    let units = |items: &[Item]| {
        items
            .iter()
            .filter(|i| !(i.light && i.qty().is_none()) && corpus.word_weight(i) > 0.0)
            .count()
    };
    let mut facts = Vec::new();
    let mut last = 0usize;
    let n = a.items.len();
    for (k, &(at, kind)) in a.splits.iter().enumerate() {
        if at <= last || at >= n {
            continue;
        }
        let next = a.splits.get(k + 1).map_or(n, |(x, _)| (*x).min(n));
        let cut = match kind {
            Split::Hard => true,
            Split::Comma | Split::Conjunction => {
                units(&a.items[last..at]) >= 2 && units(&a.items[at..next.max(at)]) >= 2
            }
        };
        if cut {
            facts.push(&a.items[last..at]);
            last = at;
        }
    }
    if last < n {
        facts.push(&a.items[last..n]);
    }
    facts.retain(|f| !f.is_empty());
    facts
}

struct FactCoverage {
    coverage: f64,
    weight: f64,
    unmatched_quantities: usize,
    /// An affirmed "normal" no cited sentence says of what the fact says it of.
    normal_unsaid: bool,
    drug_missing: bool,
    best_sentence: Option<(usize, usize)>,
}

/// Sentences ranked by BM25 for one fact, best first.
type Ranked = Vec<((usize, usize), f64)>;

/// One part of a fact's BM25 query: a distinct word with its weight, or a quantity.
enum QueryPart {
    Word(Term, f64),
    Qty(Quantity),
}

/// Where each term of a source set occurs: per term id, the sentences holding it (document,
/// sentence, count, polarities), in document and sentence order. BM25 and the polarity
/// check read a query word's sentences from here instead of scanning every sentence.
#[derive(Default)]
struct Postings {
    /// Term `t`'s entries are `entries[starts[t]..starts[t + 1]]`.
    starts: Vec<u32>,
    entries: Vec<Posting>,
}

#[derive(Clone, Copy, Default)]
struct Posting {
    doc: u32,
    sent: u32,
    tf: u32,
    /// `Posting::AFFIRMED`/`DENIED`, and their `_PLAIN` forms for occurrences not narrowed
    /// to a time ("no active bleeding"); the same bits shifted by `Posting::EARLIER_SHIFT` for
    /// occurrences of an earlier time ("h/o", a comparison with a prior study).
    polarity: u8,
}

impl Posting {
    const AFFIRMED: u8 = 1;
    const DENIED: u8 = 2;
    const AFFIRMED_PLAIN: u8 = 4;
    const DENIED_PLAIN: u8 = 8;
    /// The four bits above, for an occurrence of the present.
    const NOW: u8 = 0x0f;
    /// How far an earlier time's occurrence shifts the four bits.
    const EARLIER_SHIFT: u8 = 4;

    fn polarity_of(item: &Item) -> u8 {
        // "Indication: evaluate for thymoma": what a test was done for is a question, not a
        // finding ("negative for stenosis" still denies); so is what is said of a relative
        // or the place of a denied head (see `Item::states_polarity`).
        if !item.states_polarity() {
            return 0;
        }
        let (seen, plain) = if item.neg {
            (Self::DENIED, Self::DENIED_PLAIN)
        } else {
            (Self::AFFIRMED, Self::AFFIRMED_PLAIN)
        };
        let bits = if item.narrowed { seen } else { seen | plain };
        if item.earlier {
            bits << Self::EARLIER_SHIFT
        } else {
            bits
        }
    }

    /// The polarity bits of this occurrence that a claim may meet: an earlier time's only
    /// for a claim that speaks of an earlier time.
    fn polarity_for(&self, claim_earlier: bool) -> u8 {
        let now = self.polarity & Self::NOW;
        if claim_earlier {
            now | self.polarity >> Self::EARLIER_SHIFT
        } else {
            now
        }
    }
}

impl Postings {
    fn build(bodies: &[&Analysis]) -> Self {
        // Counting sort: each term's share of the word items, then the items placed in
        // document and sentence order, then repeats within a sentence merged into counts.
        let terms = bodies
            .iter()
            .flat_map(|b| b.items.iter().filter_map(Item::term))
            .max()
            .map_or(0, |t| t as usize + 1);
        let mut starts = vec![0u32; terms + 1];
        for body in bodies {
            // (What is said of a relative is found for no claim: see `Item::others`.)
            for t in body
                .items
                .iter()
                .filter(|i| !i.others)
                .filter_map(Item::term)
            {
                starts[t as usize + 1] += 1;
            }
        }
        for t in 0..terms {
            starts[t + 1] += starts[t];
        }
        let mut fill = starts.clone();
        let mut entries = vec![Posting::default(); starts[terms] as usize];
        for (d, body) in bodies.iter().enumerate() {
            for (s, sent) in body.sentences.iter().enumerate() {
                for it in &body.items[sent.items.clone()] {
                    let Kind::Word(t) = it.kind else {
                        continue;
                    };
                    if it.others {
                        continue;
                    }
                    let (lo, at) = (starts[t as usize], &mut fill[t as usize]);
                    let last = (*at > lo).then(|| &mut entries[*at as usize - 1]);
                    match last {
                        Some(p) if p.doc == d as u32 && p.sent == s as u32 => {
                            p.tf += 1;
                            p.polarity |= Posting::polarity_of(it);
                        }
                        _ => {
                            entries[*at as usize] = Posting {
                                doc: d as u32,
                                sent: s as u32,
                                tf: 1,
                                polarity: Posting::polarity_of(it),
                            };
                            *at += 1;
                        }
                    }
                }
            }
        }
        // Drop the slots left over by merged repeats.
        let mut kept = Vec::with_capacity(entries.len());
        let mut new_starts = Vec::with_capacity(starts.len());
        for t in 0..terms {
            new_starts.push(kept.len() as u32);
            kept.extend_from_slice(&entries[starts[t] as usize..fill[t] as usize]);
        }
        new_starts.push(kept.len() as u32);
        Self {
            starts: new_starts,
            entries: kept,
        }
    }

    fn of(&self, t: Term) -> &[Posting] {
        match self.starts.get(t as usize..t as usize + 2) {
            Some(&[lo, hi]) => &self.entries[lo as usize..hi as usize],
            _ => &[],
        }
    }

    fn size(&self) -> usize {
        self.starts.capacity() * 4 + self.entries.capacity() * std::mem::size_of::<Posting>()
    }
}

/// A set of term ids as a bitset (ids are small and dense: they come from the run's
/// interner).
#[derive(Default)]
struct TermSet(Vec<u64>);

impl TermSet {
    fn contains(&self, t: &Term) -> bool {
        self.0
            .get(*t as usize / 64)
            .is_some_and(|w| (w >> (t % 64)) & 1 == 1)
    }
}

impl FromIterator<Term> for TermSet {
    fn from_iter<I: IntoIterator<Item = Term>>(iter: I) -> Self {
        let mut set = Self::default();
        for t in iter {
            let word = t as usize / 64;
            if set.0.len() <= word {
                set.0.resize(word + 1, 0);
            }
            set.0[word] |= 1 << (t % 64);
        }
        set
    }
}

/// Everything needed to compare one claim with its usable cited sources.
struct Checker<'c, 'a> {
    corpus: &'c Corpus<'a>,
    claim: &'c Analysis,
    /// The words the checks ask about by name.
    named: Named,
    sentences: Vec<(usize, usize)>,
    /// Per document of the run: where its sentences begin in `sentences`, if cited.
    first_slot: Vec<Option<u32>>,
    /// The usable cited documents.
    usable: Vec<&'c Doc>,
    /// Alignment of each claim quantity, by item position (computed once per claim).
    aligned: Vec<(usize, QtyAlign)>,
}

/// Outcome of aligning one claim quantity with the sources.
#[derive(Clone, Debug)]
enum QtyAlign {
    Matched,
    Mismatch(String),
    NotFound,
}

impl QtyAlign {
    /// A different number where the claim's was looked for, reported under its attribute.
    fn mismatch(q: &Quantity) -> Self {
        QtyAlign::Mismatch(format!("numeric_mismatch:{}", q.attribute()))
    }

    /// The verdict of the readings that decide: the claim's value if any of them is it, a
    /// mismatch otherwise.
    fn settled(matched: bool, q: &Quantity) -> Self {
        if matched {
            QtyAlign::Matched
        } else {
            QtyAlign::mismatch(q)
        }
    }
}

impl<'c, 'a> Checker<'c, 'a> {
    fn new(corpus: &'c Corpus<'a>, claim: &'c Analysis, docs: &'c [usize], named: Named) -> Self {
        let sentences = corpus.sentences_of(docs);
        let mut first_slot = vec![None; corpus.docs().map_or(0, <[Doc]>::len)];
        for (slot, (d, s)) in sentences.iter().enumerate() {
            if *s == 0 {
                first_slot[*d] = Some(slot as u32);
            }
        }
        let usable: Vec<&Doc> = docs
            .iter()
            .filter(|d| corpus.is_usable(**d))
            .filter_map(|d| corpus.docs()?.get(*d))
            .collect();
        let mut checker = Self {
            corpus,
            claim,
            named,
            sentences,
            first_slot,
            usable,
            aligned: Vec::new(),
        };
        checker.aligned = claim
            .items
            .iter()
            .enumerate()
            .filter_map(|(k, item)| item.qty().map(|q| (k, checker.owned_alignment(item, q))))
            .collect();
        checker
    }

    fn doc(&self, d: usize) -> Option<&Doc> {
        self.corpus.docs()?.get(d)
    }

    /// The operation phase a source sentence speaks of: its own word, or else that of the
    /// nearest earlier sentence of its line ("Pre-op: VA OD 20/200; IOP OD 14" is one
    /// line of two sentences, both before the operation).
    fn phase_at(&self, at: (usize, usize)) -> Option<Term> {
        (self.line_start(at)..=at.1).rev().find_map(|k| {
            one_phase(
                self.named.phase,
                self.corpus.sentence_items((at.0, k)).iter(),
            )
        })
    }

    /// Whether sentence `at` stands on a line labelled as earlier results ("Prior: 12/08
    /// Plt 118; 12/09 Plt 126").
    fn prior_line(&self, at: (usize, usize)) -> bool {
        // ("Comparison: TTE 05/2024, TRV 2.9 m/s" gives the earlier study's values too.)
        self.first_term((at.0, self.line_start(at)))
            .is_some_and(|t| self.named.prior.contains(&t) || t == self.named.comparison)
    }

    /// Whether a usable cited sentence names `t` as a drug.
    fn named_as_drug(&self, t: Term) -> bool {
        self.sentences.iter().any(|at| {
            self.corpus
                .sentence_items(*at)
                .iter()
                .any(|i| i.drug && i.term() == Some(t))
        })
    }

    /// The first word of sentence `at`: a label, if it opens with one.
    fn first_term(&self, at: (usize, usize)) -> Option<Term> {
        self.corpus.sentence_items(at).first().and_then(Item::term)
    }

    /// The first sentence of the line sentence `at` stands on.
    fn line_start(&self, (d, s): (usize, usize)) -> usize {
        self.doc(d)
            .and_then(|doc| doc.line_start.get(s))
            .map_or(s, |k| *k as usize)
    }

    /// The first sentence of the run that sentence `at` ends, joined by semicolons on one
    /// line.
    fn semicolon_chain_start(&self, (d, s): (usize, usize)) -> usize {
        self.doc(d)
            .and_then(|doc| doc.chain_start.get(s))
            .map_or(s, |k| *k as usize)
    }

    /// The subject a clause of change leaves out ("and had fallen to 96 U/L by discharge"):
    /// when the clause before the value has a verb of change and no word naming anything
    /// the sources state (only time points or light words), the words before the value of
    /// the nearest earlier clause of the sentence that has one of its kind; for the end of
    /// a change written with its start ("from 1.3 ... to 0.9"), the words before the start.
    /// Empty otherwise.
    pub(super) fn elided_subject(&self, item: &Item) -> Vec<Term> {
        let items = &self.claim.items;
        let k = item.pos as usize;
        let names = |i: &Item| {
            i.term().is_some_and(|t| {
                !i.light && !i.when && !self.named.change.contains(&t) && self.in_any_doc(t)
            })
        };
        let own = items[..k]
            .iter()
            .rev()
            .take_while(|i| i.sent == item.sent && i.clause == item.clause);
        let changes = |i: &Item| i.term().is_some_and(|t| self.named.change.contains(&t));
        if item.qty().is_none_or(Quantity::is_time_point) {
            return Vec::new();
        }
        // "Creatinine improved from 1.3 mg/dL on admission to 0.9 mg/dL": the end of a change
        // has the start's subject.
        // The naming words of `value`'s clause before it.
        let subject_of = |value: &Item| -> Vec<Term> {
            items[..value.pos as usize]
                .iter()
                .rev()
                .take_while(|i| i.sent == value.sent && i.clause == value.clause)
                .filter(|i| names(i))
                .filter_map(Item::term)
                .collect()
        };
        if item.lead == Lead::To {
            if let Some(start) = own
                .clone()
                .find(|i| i.lead == Lead::From && i.qty().is_some())
            {
                return subject_of(start);
            }
        }
        if own.clone().any(names) || !own.clone().any(changes) {
            return Vec::new();
        }
        // The nearest earlier clause of the sentence with a value of the same kind.
        let Some(earlier) = items[..k]
            .iter()
            .rev()
            .take_while(|i| i.sent == item.sent)
            .find(|i| {
                i.clause < item.clause
                    && i.qty().zip(item.qty()).is_some_and(|(a, b)| {
                        (a.dim == b.dim || b.dim == Dim::None) && !a.is_time_point()
                    })
            })
        else {
            return Vec::new();
        };
        subject_of(earlier)
    }

    /// Whether the claim value `q` starts or ends a change ("from 4.8 to 1.6") that a source
    /// sentence gives as a trend from its start ("4.8 -> 3.1 -> 1.6") that later reaches its
    /// end, in the claim's units or none.
    fn trend_reaches(&self, item: &Item, q: &Quantity) -> bool {
        if q.is_time_point() {
            return false;
        }
        let items = &self.claim.items;
        let same_clause = |i: &&Item| i.sent == item.sent && i.clause == item.clause;
        let k = item.pos as usize;
        // The change's other end: its start for an end, its end for a start.
        let other = |lead: Lead, before: bool| -> Option<&Item> {
            let mut it: Box<dyn Iterator<Item = &Item>> = if before {
                Box::new(items[..k].iter().rev())
            } else {
                Box::new(items[k + 1..].iter())
            };
            it.by_ref()
                .take_while(|i| same_clause(i))
                .find(|i| i.lead == lead && i.qty().is_some())
        };
        let (start, end) = match item.lead {
            Lead::To => match other(Lead::From, true) {
                Some(start) => (start, item),
                None => return false,
            },
            Lead::From => match other(Lead::To, false) {
                Some(end) => (item, end),
                None => return false,
            },
            _ => return false,
        };
        let (Some(start_q), Some(end_q)) = (start.qty(), end.qty()) else {
            return false;
        };
        // A change that dates its ends ("from 2,140 U/L on March 14 to 188 U/L on March
        // 16") is the trend's only if the trend's steps have those days ("2,140 U/L 03/14
        // -> 612 U/L 03/15 -> 188 U/L 03/16"; not "Cr 1.9 -> 1.4 -> 1.3" with 1.3 that
        // day).
        let date_after = |from: usize, to: usize| {
            items[from + 1..to.max(from + 1)]
                .iter()
                .take_while(|i| same_clause(i))
                .filter_map(Item::qty)
                .find(|d| d.is_calendar())
                .copied()
        };
        let clause_end = items[end.pos as usize..]
            .iter()
            .take_while(|i| same_clause(i))
            .count()
            + end.pos as usize;
        let start_date = date_after(start.pos as usize, end.pos as usize);
        let end_date = date_after(end.pos as usize, clause_end);
        let fits =
            |v: &Quantity, c: &Quantity| (v.dim == c.dim || v.dim == Dim::None) && c.matches(v);
        self.sentences.iter().any(|&at| {
            let sentence = self.corpus.sentence_items(at);
            let steps = self.reading_steps(sentence);
            // Whether the step `m` has the day `date`, when there is one.
            let dated = |m: usize, date: Option<Quantity>| {
                date.is_none_or(|d| step_days(sentence, &steps, m).any(|v| d.matches(v)))
            };
            steps.iter().enumerate().any(|(m, &first)| {
                sentence[first].lead != Lead::To
                    && sentence[first].qty().is_some_and(|v| fits(v, start_q))
                    && dated(m, start_date)
                    && steps[m + 1..]
                        .iter()
                        .enumerate()
                        .take_while(|(_, &n)| sentence[n].lead == Lead::To)
                        .any(|(l, &n)| {
                            sentence[n].qty().is_some_and(|v| fits(v, end_q))
                                && dated(m + 1 + l, end_date)
                        })
            })
        })
    }

    /// The run of sizes written together ("4.2 x 3.5 x 0.6 cm") that the claim's value is
    /// one of, as its first and last items, when it has more than one.
    fn claim_size_run(&self, item: &Item) -> Option<(usize, usize)> {
        let items = &self.claim.items;
        let k = item.pos as usize;
        if !single_length(item) {
            return None;
        }
        let mut first = k;
        while first > 0
            && single_length(&items[first - 1])
            && next_in_clause(&items[first - 1], &items[first])
        {
            first -= 1;
        }
        let mut last = k;
        while last + 1 < items.len()
            && single_length(&items[last + 1])
            && next_in_clause(&items[last], &items[last + 1])
        {
            last += 1;
        }
        (first < last).then_some((first, last))
    }

    /// Whether the claim's value is one of a run of sizes written together ("4.2 x 3.5 x 0.6
    /// cm") that a cited sentence gives in the same order, with nothing but units or letters
    /// between them ("4.2 cm L x 3.5 cm W x 0.6 cm D").
    fn dimensions_found(&self, item: &Item) -> bool {
        let Some((first, last)) = self.claim_size_run(item) else {
            return false;
        };
        let items = &self.claim.items;
        let run: Vec<Quantity> = items[first..=last]
            .iter()
            .filter_map(|i| i.qty().copied())
            .collect();
        self.sentences.iter().any(|&at| {
            let sentence = self.corpus.sentence_items(at);
            sentence.windows(run.len()).any(|w| {
                w.iter().zip(&run).all(|(s, c)| {
                    s.qty()
                        .is_some_and(|v| v.dim == Dim::Length && c.matches(v))
                })
            })
        })
    }

    /// Whether the claim's value is a later side of a run of sizes ("3.2 x 2.4 cm") whose
    /// first side a cited sentence opens a run of as many sizes with, none of which is this
    /// one ("3.2 x 2.1 x 0.4 cm (10/14: 3.6 x 2.4 x 0.5 cm)"): that size was measured so,
    /// and the claim's side belongs to another measurement.
    fn size_run_differs(&self, item: &Item) -> bool {
        let Some((first, last)) = self.claim_size_run(item) else {
            return false;
        };
        let items = &self.claim.items;
        let (Some(head), Some(own)) = (items[first].qty(), item.qty()) else {
            return false;
        };
        if first == item.pos as usize || self.dimensions_found(item) {
            return false;
        }
        let n = last - first + 1;
        let mut opened = false;
        for &at in &self.sentences {
            let sentence = self.corpus.sentence_items(at);
            for (s, start) in sentence.iter().enumerate() {
                if !(single_length(start) && start.qty().is_some_and(|v| head.matches(v))) {
                    continue;
                }
                let run = sentence[s..]
                    .iter()
                    .zip(&sentence[s + 1..])
                    .take_while(|(a, b)| single_length(b) && next_in_clause(a, b))
                    .count()
                    + 1;
                if run < n {
                    continue;
                }
                if sentence[s..s + run]
                    .iter()
                    .any(|v| v.qty().is_some_and(|v| own.matches(v)))
                {
                    return false;
                }
                opened = true;
            }
        }
        opened
    }

    /// The readings of a source sentence, by index, leaving out reference ranges ("[ref
    /// 13-60]"): the steps a trend can have.
    fn reading_steps(&self, items: &[Item]) -> Vec<usize> {
        (0..items.len())
            .filter(|&n| items[n].qty().is_some_and(|v| !v.is_time_point()))
            .filter(|&n| {
                n == 0
                    || !items[n - 1]
                        .term()
                        .is_some_and(|t| self.named.reference.contains(&t))
            })
            .collect()
    }

    fn alignment(&self, item: &Item) -> &QtyAlign {
        self.aligned
            .iter()
            .find(|(k, _)| *k == item.pos as usize)
            .map_or(&QtyAlign::NotFound, |(_, a)| a)
    }

    /// Sentences ranked by BM25 for a fact, best first (ties by document order). Quantities
    /// count as terms when a source quantity has the same value, title words count half in
    /// sentences without them. Each sentence's score adds the query's parts in order, so it
    /// comes out the same however the sentences are visited.
    fn ranked(&self, fact: Fact<'_>) -> Ranked {
        // The fact as a query: each word once (with its first occurrence's weight), every
        // quantity, in the fact's order.
        let mut parts: Vec<QueryPart> = Vec::with_capacity(fact.len());
        for item in fact {
            match item.kind {
                Kind::Word(t) => {
                    if !parts
                        .iter()
                        .any(|p| matches!(p, QueryPart::Word(x, _) if *x == t))
                    {
                        let w = self.corpus.idf(t) * if item.light { 0.35 } else { 1.0 };
                        parts.push(QueryPart::Word(t, w));
                    }
                }
                Kind::Qty(q) => parts.push(QueryPart::Qty(q)),
            }
        }
        let (Some(docs), Some(analysed)) = (self.corpus.docs(), self.corpus.analysed.as_deref())
        else {
            return Vec::new();
        };
        let avg_len = self.corpus.avg_len();
        let mut score = vec![0.0f64; self.sentences.len()];
        // The part that last scored each sentence, so a part scores a sentence once.
        let mut scored_by = vec![usize::MAX; self.sentences.len()];
        let cited = |d: u32| self.first_slot.get(d as usize).copied().flatten();
        for (p, part) in parts.iter().enumerate() {
            match *part {
                QueryPart::Word(t, w) => {
                    for posting in analysed.postings.of(t) {
                        let Some(first) = cited(posting.doc) else {
                            continue;
                        };
                        let slot = (first + posting.sent) as usize;
                        let len = self.corpus.sentence_items(self.sentences[slot]).len() as f64;
                        let norm = BM25_K1 * (1.0 - BM25_B + BM25_B * len / avg_len);
                        let tf = f64::from(posting.tf);
                        score[slot] += w * tf * (BM25_K1 + 1.0) / (tf + norm);
                        scored_by[slot] = p;
                    }
                    for (d, doc) in docs.iter().enumerate() {
                        let Some(first) = cited(d as u32) else {
                            continue;
                        };
                        if !doc.title_terms.contains(&t) {
                            continue;
                        }
                        let first = first as usize;
                        for slot in first..first + doc.body.sentences.len() {
                            if scored_by[slot] != p {
                                score[slot] += 0.5 * w;
                            }
                        }
                    }
                }
                QueryPart::Qty(q) => {
                    let weight = if q.dim == Dim::Frequency {
                        FREQ_WEIGHT
                    } else {
                        QTY_WEIGHT
                    };
                    for (d, doc) in docs.iter().enumerate() {
                        let Some(first) = cited(d as u32) else {
                            continue;
                        };
                        for (s, sentence) in doc.body.sentences.iter().enumerate() {
                            let slot = first as usize + s;
                            let items = &doc.body.items[sentence.items.clone()];
                            if doc
                                .values_in(s)
                                .any(|k| items[k].qty().is_some_and(|v| q.matches(v)))
                            {
                                score[slot] += weight;
                            }
                        }
                    }
                }
            }
        }
        let mut r: Ranked = self
            .sentences
            .iter()
            .zip(score)
            .filter(|(_, sc)| *sc > 0.0)
            .map(|(at, sc)| (*at, sc))
            .collect();
        r.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        r
    }

    /// Whether the cited sources state `t` with polarity `neg` (first) and with the
    /// opposite one (second).
    /// Whether the cited sources state `t` with the polarity `neg` (same) and with the other
    /// one (opposite). A denial limited to a time ("no active bleeding") is not the
    /// opposite of a plain statement ("the bleeding came from a diverticulum").
    fn polarity_in_docs(
        &self,
        t: Term,
        neg: bool,
        narrowed: bool,
        claim_earlier: bool,
    ) -> (bool, bool) {
        let Some(analysed) = self.corpus.analysed.as_deref() else {
            return (false, false);
        };
        let (same_bit, opposite_bit) = match (neg, narrowed) {
            (true, true) => (Posting::DENIED, Posting::AFFIRMED),
            // ("Denied SI" against "endorses ongoing SI": affirming a narrowed word
            // affirms the word.)
            (true, false) => (Posting::DENIED, Posting::AFFIRMED),
            (false, true) => (Posting::AFFIRMED, Posting::DENIED),
            (false, false) => (Posting::AFFIRMED, Posting::DENIED_PLAIN),
        };
        let seen = self
            .cited_postings(analysed, t)
            .fold(0, |seen, p| seen | p.polarity_for(claim_earlier));
        (seen & same_bit != 0, seen & opposite_bit != 0)
    }

    /// Whether the sentence at `at` states days and none of `fact_days` (a fact that states
    /// no day has no other day).
    fn of_another_day(&self, at: (usize, usize), fact_days: &[&Quantity]) -> bool {
        let mut days = self
            .corpus
            .sentence_items(at)
            .iter()
            .filter_map(Item::qty)
            .filter(|d| d.is_day())
            .peekable();
        !fact_days.is_empty()
            && days.peek().is_some()
            && !days.any(|d| fact_days.iter().any(|f| f.dim == d.dim && f.matches(d)))
    }

    /// The postings of `t` in the claim's cited documents.
    fn cited_postings<'p>(
        &self,
        analysed: &'p Analysed,
        t: Term,
    ) -> impl Iterator<Item = &'p Posting> + use<'p, '_, 'c, 'a> {
        analysed.postings.of(t).iter().filter(|posting| {
            self.first_slot
                .get(posting.doc as usize)
                .copied()
                .flatten()
                .is_some()
        })
    }

    /// Whether a cited sentence affirms `t` with a side together with another word of the
    /// item's run in the claim ("Large right retroperitoneal hematoma" for "no
    /// retroperitoneal hematoma").
    fn named_finding_sided(&self, fact: Fact<'_>, t: Term, item: &Item) -> bool {
        let modifiers: Vec<Term> = fact
            .iter()
            .filter(|o| o.run == item.run && !o.light)
            .filter_map(Item::term)
            .filter(|u| *u != t)
            .collect();
        !modifiers.is_empty()
            && self.sentences.iter().any(|at| {
                let items = self.corpus.sentence_items(*at);
                items.iter().any(|i| {
                    i.term() == Some(t)
                        && !i.neg
                        && i.side.is_some()
                        && items.iter().any(|j| {
                            j.run == i.run && j.term().is_some_and(|u| modifiers.contains(&u))
                        })
                })
            })
    }

    /// Whether every statement of `t` with the polarity opposite to `item`'s names a side
    /// the claim does not give ("R eye asymptomatic" against "symptoms began after the
    /// movie", whose eye pain was the left one): a finding of one side says nothing of the
    /// other.
    fn denied_only_for_a_side(&self, t: Term, item: &Item) -> bool {
        self.stated_only_for_a_side(t, item, !item.neg)
    }

    /// Whether a fact about a dated result ("Urine myoglobin was still positive on 07/04")
    /// meets, on its day, a bare result of the other polarity under a line's label that
    /// names the fact ("Urine myoglobin: 07/02 positive; 07/04 negative.").
    fn dated_result_opposite(&self, fact: Fact<'_>) -> bool {
        let Some(day) = fact
            .iter()
            .filter_map(Item::qty)
            .find(|q| q.dim == Dim::Date)
        else {
            return false;
        };
        let content: Vec<&Item> = fact
            .iter()
            .filter(|i| i.term().is_some() && !i.light && !i.when)
            .collect();
        if content.is_empty() {
            return false;
        }
        let claim_denies = content.iter().all(|i| i.neg);
        let claim_affirms = content.iter().all(|i| !i.neg);
        if !claim_denies && !claim_affirms {
            return false;
        }
        self.sentences.iter().any(|&at| {
            let items = self.corpus.sentence_items(at);
            let [only] = items else { return false };
            if !only
                .qty()
                .is_some_and(|q| q.dim == Dim::Date && day.matches(q))
            {
                return false;
            }
            // (A bare cue is no item: read the part on to its semicolon or line end.)
            let text = self.corpus.part_text(at).to_ascii_lowercase();
            let text = text.trim_end().trim_end_matches('.');
            let said = |words: &[&str]| words.iter().any(|w| text.ends_with(w));
            let negative = said(&[" negative", " neg", " not detected", " undetectable"]);
            let positive = !negative && said(&[" positive", " pos", " detected"]);
            if !(negative && claim_affirms || positive && claim_denies) {
                return false;
            }
            let line = (at.0, self.line_start(at));
            let label = self.corpus.sentence_items(line);
            line != at
                && content
                    .iter()
                    .all(|c| label.iter().any(|i| i.term() == c.term()))
        })
    }

    /// Whether the fact denies growth in a culture of a site ("Admission urine culture
    /// showed no growth") that a cited sentence gives a colony count for ("Urine culture
    /// (voided, 03/14): >100,000 CFU/mL Escherichia coli"): the organism grew.
    fn denied_growth_counted(&self, fact: Fact<'_>) -> bool {
        let [culture, growth] = self.named.culture;
        let denies = fact.iter().any(|i| {
            i.neg && i.states_polarity() && i.term().is_some_and(|t| t == culture || t == growth)
        });
        if !denies {
            return false;
        }
        let own = self.sites_named(fact);
        let Some(analysed) = self.corpus.analysed.as_deref().filter(|_| !own.is_empty()) else {
            return false;
        };
        self.cited_postings(analysed, culture).any(|posting| {
            let at = (posting.doc as usize, posting.sent as usize);
            let items = self.corpus.sentence_items(at);
            let sites = self.sites_named(items);
            // (Of the claim's site alone, with nothing denied: "<10,000 CFU/mL mixed flora"
            // or "no growth" is no growth.)
            if sites.is_empty()
                || sites.iter().any(|u| !own.contains(u))
                || items.iter().any(|i| i.neg)
            {
                return false;
            }
            let text = self.corpus.sentence_text(at).to_ascii_lowercase();
            text.contains("cfu") && !text.contains('<')
        })
    }

    /// The culture sites ("blood", "urine", "BAL") that `items` name.
    fn sites_named(&self, items: &[Item]) -> Vec<Term> {
        // ("ED: Afebrile, ..., BP 152/88": a blood pressure names no blood culture.)
        items
            .iter()
            .enumerate()
            .filter(|(k, i)| {
                items
                    .get(k + 1)
                    .is_none_or(|n| n.term() != Some(self.named.pressure) || n.run != i.run)
            })
            .filter_map(|(_, i)| i.term())
            .filter(|u| self.named.sites.contains(u))
            .collect()
    }

    /// Whether a fact naming a culture's site states `t` as only the statements of another
    /// site do, while a line of its own site states it the other way ("BAL culture was
    /// positive for Pseudomonas" against "Blood cultures: ... Pseudomonas aeruginosa" and
    /// "F) BAL (09/18): Candida albicans ...; no Pseudomonas isolated").
    fn own_site_states_opposite(&self, fact: Fact<'_>, t: Term, item: &Item) -> bool {
        let own = self.sites_named(fact);
        let Some(analysed) = self.corpus.analysed.as_deref().filter(|_| !own.is_empty()) else {
            return false;
        };
        // The sites a sentence or the start of its line names.
        let sites_of = |at: (usize, usize)| -> Vec<Term> {
            let line = (at.0, self.line_start(at));
            let mut sites = self.sites_named(self.corpus.sentence_items(at));
            if line != at {
                sites.extend(self.sites_named(self.corpus.sentence_items(line)));
            }
            sites
        };
        let mut own_opposite = false;
        for posting in self.cited_postings(analysed, t) {
            let at = (posting.doc as usize, posting.sent as usize);
            let items = self.corpus.sentence_items(at);
            let sites = sites_of(at);
            let of_own = sites.iter().any(|u| own.contains(u));
            for i in items.iter().filter(|i| i.term() == Some(t)) {
                if i.neg == item.neg && (of_own || sites.is_empty()) {
                    return false;
                }
                own_opposite |= i.neg != item.neg && of_own;
            }
        }
        own_opposite
    }

    /// Whether every statement of `t` with the other polarity than `item` names a culture's
    /// site the fact does not, while the fact names one ("Bone culture grew MSSA" against
    /// "Blood cx x2 no growth"): another culture's result.
    fn opposite_only_of_another_site(&self, fact: Fact<'_>, t: Term, item: &Item) -> bool {
        let own = self.sites_named(fact);
        let Some(analysed) = self.corpus.analysed.as_deref().filter(|_| !own.is_empty()) else {
            return false;
        };
        let mut any = false;
        for posting in self.cited_postings(analysed, t) {
            let items = self
                .corpus
                .sentence_items((posting.doc as usize, posting.sent as usize));
            if !items
                .iter()
                .any(|i| i.term() == Some(t) && i.neg != item.neg)
            {
                continue;
            }
            let named = self.sites_named(items);
            if named.is_empty() || named.iter().any(|u| own.contains(u)) {
                return false;
            }
            any = true;
        }
        any
    }

    /// Whether every statement of `t` with polarity `neg` names a side (and there is one)
    /// while the claim gives none.
    fn stated_only_for_a_side(&self, t: Term, item: &Item, neg: bool) -> bool {
        if item.side.is_some() {
            return false;
        }
        let Some(analysed) = self.corpus.analysed.as_deref() else {
            return false;
        };
        let mut any = false;
        for posting in self.cited_postings(analysed, t) {
            for i in self
                .corpus
                .sentence_items((posting.doc as usize, posting.sent as usize))
            {
                if i.term() == Some(t) && i.neg == neg {
                    // (Both sides, "OU", are no one side.)
                    if i.side.is_none_or(|s| s == Side::Both) {
                        return false;
                    }
                    any = true;
                }
            }
        }
        any
    }

    /// Whether the cited sentences stating `t` that share most of the fact's other content
    /// words (at least one) all state it with the other polarity than `item`.
    fn named_with_anchor_only_opposite(&self, fact: Fact<'_>, t: Term, item: &Item) -> bool {
        let Some(analysed) = self.corpus.analysed.as_deref() else {
            return false;
        };
        let anchors = |light: bool| -> Vec<Term> {
            fact.iter()
                .filter(|o| o.light == light && !o.when)
                .filter_map(Item::term)
                .filter(|u| *u != t)
                .collect()
        };
        let at_discharge = self.at_discharge(fact);
        // (Of a fact with one date and no reading: a fact of several dates speaks of several
        // times, and one with readings is placed by them.)
        let mut claim_dates: Vec<Quantity> = fact
            .iter()
            .filter_map(Item::qty)
            .filter(|q| q.is_calendar())
            .copied()
            .collect();
        let readings = fact
            .iter()
            .filter_map(Item::qty)
            .any(|q| !q.is_time_point());
        if claim_dates.len() > 1 || readings {
            claim_dates.clear();
        }
        // (same, opposite, best): of the sentences stating `t` that share most anchors. With
        // `tight`, only the mentions of `t` in a run of words holding an anchor count
        // ("no phantom pain" of "Some phantom sensation, no phantom pain").
        let judge = |others: &[Term], tight: bool| {
            let mut best = 0;
            let mut same = false;
            let mut opposite = false;
            for posting in self.cited_postings(analysed, t) {
                let at = (posting.doc as usize, posting.sent as usize);
                let items = self.corpus.sentence_items(at);
                // (A sentence continues the ones it follows after a semicolon: "tolerated
                // oral challenge with amoxicillin; observed 60 minutes; no urticaria".)
                let chain = (self.semicolon_chain_start(at)..=at.1)
                    .flat_map(|k| self.corpus.sentence_items((at.0, k)));
                // (The claim's own dates anchor as its words do: "antibody screen on
                // 04/06/2026" is the one of "Previous antibody screen 04/06/2026: negative".)
                let shared = others
                    .iter()
                    .filter(|u| chain.clone().any(|i| i.term() == Some(**u)))
                    .count()
                    + claim_dates
                        .iter()
                        .filter(|d| {
                            chain
                                .clone()
                                .filter_map(Item::qty)
                                .any(|v| v.dim == d.dim && d.matches(v))
                        })
                        .count();
                if shared == 0 || (at_discharge && self.earlier_time(at)) {
                    continue;
                }
                // Of sentences sharing as much, a report's conclusion decides.
                let shared = 2 * shared + usize::from(self.is_conclusion(at));
                if shared < best {
                    continue;
                }
                if shared > best {
                    (best, same, opposite) = (shared, false, false);
                }
                // (What a test was done for states nothing: "Eval for cuff hematoma".)
                let in_run = |i: &Item| {
                    !tight
                        || items.iter().any(|o| {
                            o.run == i.run && o.term().is_some_and(|u| others.contains(&u))
                        })
                };
                for i in items
                    .iter()
                    .filter(|i| i.term() == Some(t) && i.states_polarity() && in_run(i))
                {
                    if i.neg == item.neg {
                        same = true;
                    } else {
                        opposite = true;
                    }
                }
            }
            (same, opposite, best)
        };
        let (mut same, mut opposite, best) = judge(&anchors(false), false);
        // ("phantom limb pain" against "Some phantom sensation, no phantom pain": when no
        // word of weight is stated with it, a light one is the anchor.)
        if best == 0 {
            (same, opposite, _) = judge(&anchors(true), true);
        }
        // (A sentence stating it both ways of several drugs, "vancomycin S ...,
        // moxifloxacin R", answers in the run of the claim's drug: "sensitive to
        // moxifloxacin".)
        if same && opposite {
            let drugs: Vec<Term> = fact
                .iter()
                .filter(|o| o.drug)
                .filter_map(Item::term)
                .filter(|u| *u != t)
                .collect();
            let (s, o, b) = judge(&drugs, true);
            if b > 0 && s != o {
                (same, opposite) = (s, o);
            }
        }
        opposite && !same
    }

    /// Whether the cited clauses that state `t` with a word of what the claim says was
    /// tested all state it with the other polarity than `item`.
    fn tested_only_opposite(&self, fact: Fact<'_>, t: Term, item: &Item) -> bool {
        let tested: Vec<Term> = fact
            .iter()
            .filter(|o| o.tested && !o.light)
            .filter_map(Item::term)
            .filter(|u| *u != t)
            .collect();
        if tested.is_empty() {
            return false;
        }
        let Some(analysed) = self.corpus.analysed.as_deref() else {
            return false;
        };
        let (mut same, mut opposite) = (false, false);
        for posting in self.cited_postings(analysed, t) {
            let items = self
                .corpus
                .sentence_items((posting.doc as usize, posting.sent as usize));
            // (What a study looks for, "CTA CHEST - PULMONARY EMBOLISM PROTOCOL", states
            // nothing either way.)
            for i in items
                .iter()
                .filter(|i| i.term() == Some(t) && i.states_polarity())
            {
                let names_tested = |o: &Item| o.term().is_some_and(|u| tested.contains(&u));
                // (Or a line's heading before it: "A. Sigmoid colon, biopsies: ... CMV
                // immunohistochemistry: negative"; not the report's title line, whose
                // indication may name the finding of another time.)
                let at = (posting.doc as usize, posting.sent as usize);
                let line_heading = || {
                    let line = self.line_start(at);
                    let heading: Vec<&Item> = (line..at.1)
                        .flat_map(|s| self.corpus.sentence_items((at.0, s)))
                        .collect();
                    line > 0
                        && tested
                            .iter()
                            .all(|u| heading.iter().any(|o| o.term() == Some(*u)))
                };
                let with_tested = items
                    .iter()
                    .any(|o| o.clause == i.clause && names_tested(o))
                    || line_heading();
                if with_tested {
                    if i.neg == item.neg {
                        same = true;
                    } else {
                        opposite = true;
                    }
                }
            }
        }
        opposite && !same
    }

    /// Whether the fact speaks of the discharge.
    fn at_discharge(&self, fact: Fact<'_>) -> bool {
        fact.iter()
            .any(|i| i.when && i.term() == Some(self.named.discharge))
    }

    /// Whether the sentence at `at` names an earlier time point (arrival, admission,
    /// triage) and not the discharge (for a fact at discharge).
    fn earlier_time(&self, at: (usize, usize)) -> bool {
        let items = self.corpus.sentence_items(at);
        items.iter().any(|i| {
            i.term()
                .is_some_and(|t| self.named.earlier_time.contains(&t))
        }) && !items.iter().any(|i| i.term() == Some(self.named.discharge))
    }

    /// Whether the sentence at `at` is a report's conclusion ("IMPRESSION: ...",
    /// "INTERPRETATION: ...", "Assessment: ...").
    fn is_conclusion(&self, at: (usize, usize)) -> bool {
        self.first_term(at)
            .is_some_and(|t| self.named.conclusion.contains(&t))
    }

    fn in_any_doc(&self, t: Term) -> bool {
        self.usable.iter().any(|d| d.terms.contains(&t))
    }

    /// Whether `item` calls a reading the highest (`Some(true)`: "peak", "maximum") or the
    /// lowest (`Some(false)`: "nadir", "minimum") of its test.
    fn extreme_word(&self, item: &Item) -> Option<bool> {
        let t = item.term()?;
        if self.named.peak.contains(&t) {
            Some(true)
        } else if self.named.nadir.contains(&t) {
            Some(false)
        } else {
            None
        }
    }

    /// Whether `items` name a repeat ("Repeat BCx 04/11", "repeat 12/03 06:00").
    fn names_repeat(&self, items: &[Item]) -> bool {
        items
            .iter()
            .any(|i| i.term().is_some_and(|t| self.named.repeat.contains(&t)))
    }

    /// Whether every cited mention of `t` is of something looked for or not yet ruled out
    /// ("osteomyelitis cannot be excluded", "CTA for PE"), stating no polarity.
    fn only_looked_for(&self, t: Term) -> bool {
        let mut any = false;
        for at in &self.sentences {
            for i in self.corpus.sentence_items(*at) {
                if i.term() == Some(t) {
                    if i.states_polarity() || i.neg {
                        return false;
                    }
                    any = true;
                }
            }
        }
        any
    }

    /// Weighted share of a fact's content the sources state, judged around each of the
    /// best few sentences (the sentence itself, its neighbours and its document title
    /// count fully or nearly; the rest of the cited sources partly).
    fn fact_coverage(&self, fact: Fact<'_>, ranked: &Ranked) -> FactCoverage {
        let mut weight = 0.0;
        let mut unmatched = 0;
        let mut drug_missing = false;
        let mut qty_credit = 0.0;
        let mut seen = BTreeSet::new();
        let mut words: Vec<(Term, f64)> = Vec::new();
        let mut unstated: Vec<Term> = Vec::new();
        // A framing word the sources never use ("did not need a transfusion" against "no
        // transfusion") is the claim's phrasing, not one of its facts; it only counts
        // when the fact has nothing else to say.
        let has_content = fact.iter().any(|i| !i.light);
        let change_stated = self.change_stated(fact);
        let value_matched = fact
            .iter()
            .any(|i| i.qty().is_some() && matches!(self.alignment(i), QtyAlign::Matched));
        for item in fact {
            let w = self.corpus.word_weight(item);
            match item.kind {
                Kind::Word(t) => {
                    if !seen.insert(t) {
                        continue;
                    }
                    // So is the verb of a change whose two ends the sources give, and the
                    // peak or nadir a matched reading is called ("reached a nadir of 7.1
                    // g/dL"; a higher or lower reading of the test disagrees, see
                    // `alignment`).
                    let extreme = self.extreme_word(item).is_some() && value_matched;
                    let framing =
                        item.light || extreme || (change_stated && self.named.change.contains(&t));
                    if framing && has_content && !self.in_any_doc(t) {
                        continue;
                    }
                    weight += w;
                    words.push((t, w));
                    // "No osteomyelitis" against "osteomyelitis cannot be excluded": a denial
                    // the sources only name as something not yet ruled out (or looked for)
                    // they do not state.
                    if item.neg && !item.located && self.only_looked_for(t) {
                        unstated.push(t);
                    }
                    // ("IV sodium bicarbonate infusion" against "HCO3 6 mmol/L" and "Na
                    // 129": a drug's word the sources only use as a test's is missing.)
                    let salt_named = || {
                        fact.iter().any(|i| {
                            i.pos == item.pos + 1
                                && i.sent == item.sent
                                && i.term().is_some_and(|u| self.named.salt.contains(&u))
                        })
                    };
                    if item.drug
                        && (!self.in_any_doc(t) || (salt_named() && !self.named_as_drug(t)))
                    {
                        drug_missing = true;
                    }
                }
                Kind::Qty(_) => {
                    weight += w;
                    if matches!(self.alignment(item), QtyAlign::Matched) {
                        qty_credit += w;
                    } else {
                        unmatched += 1;
                    }
                }
            }
        }
        // "normal spirometry" is found only where "normal" is said of spirometry: "FEV1/FVC
        // 0.85 (normal ratio)" in a spirometry report does not say it.
        let normal_of = self.normal_heads(fact);
        let normal_said = |items: &[Item]| {
            normal_of.is_empty()
                || (items
                    .iter()
                    .any(|i| i.term() == Some(self.named.normal) && !i.neg)
                    && items
                        .iter()
                        .any(|i| i.term().is_some_and(|u| normal_of.contains(&u))))
        };
        let normal_anywhere = normal_of.is_empty()
            || self
                .sentences
                .iter()
                .any(|at| normal_said(self.corpus.sentence_items(*at)));
        // (Unsaid, it is a finding the sources do not state, however light the word: the
        // fact is at most partly supported, as with a value not found.)
        let mut best = (0.0, None);
        let candidates: Vec<Option<(usize, usize)>> = if ranked.is_empty() {
            vec![None]
        } else {
            ranked.iter().take(3).map(|(s, _)| Some(*s)).collect()
        };
        for cand in candidates {
            let mut credit = qty_credit;
            for (t, w) in &words {
                if *t == self.named.normal && !normal_of.is_empty() {
                    let here = cand.is_some_and(|at| normal_said(self.corpus.sentence_items(at)));
                    credit += w * if here {
                        1.0
                    } else if normal_anywhere {
                        FAR_CREDIT
                    } else {
                        0.0
                    };
                    continue;
                }
                let c = match cand {
                    _ if unstated.contains(t) => 0.0,
                    Some((d, s)) => {
                        let here = self
                            .corpus
                            .sentence_items((d, s))
                            .iter()
                            .any(|i| i.term() == Some(*t));
                        let near = || {
                            let n = self.doc(d).map_or(0, |doc| doc.body.sentences.len());
                            let neighbour = |k: usize| {
                                k < n
                                    && self
                                        .corpus
                                        .sentence_items((d, k))
                                        .iter()
                                        .any(|i| i.term() == Some(*t))
                            };
                            (s > 0 && neighbour(s - 1))
                                || neighbour(s + 1)
                                || self.doc(d).is_some_and(|doc| doc.title_terms.contains(t))
                        };
                        if here {
                            1.0
                        } else if near() {
                            NEAR_CREDIT
                        } else if self.in_any_doc(*t) {
                            FAR_CREDIT
                        } else {
                            0.0
                        }
                    }
                    None => {
                        if self.in_any_doc(*t) {
                            FAR_CREDIT
                        } else {
                            0.0
                        }
                    }
                };
                credit += c * w;
            }
            let cov = if weight > 0.0 { credit / weight } else { 0.0 };
            // (A debugging aid: `DEBUG_MISSING=1` with `debug_claim` lists the fact's words
            // no cited source holds, the paraphrases a lexicon entry may answer.)
            #[cfg(test)]
            if std::env::var("DEBUG_MISSING").is_ok() {
                let names: std::collections::HashMap<Term, String> = self
                    .corpus
                    .vocab
                    .names()
                    .map(|(t, s)| (t, s.to_string()))
                    .collect();
                let missing: Vec<String> = words
                    .iter()
                    .filter(|(t, _)| !self.in_any_doc(*t))
                    .map(|(t, w)| format!("{}:{w:.1}", names.get(t).map_or("?", |s| s)))
                    .collect();
                eprintln!("MISSING cov {cov:.2} weight {weight:.1} {missing:?}");
            }
            if cov > best.0 || best.1.is_none() {
                best = (cov, cand);
            }
        }
        FactCoverage {
            coverage: best.0,
            weight,
            unmatched_quantities: unmatched,
            normal_unsaid: !normal_anywhere,
            drug_missing,
            best_sentence: best.1,
        }
    }

    /// What an affirmed "normal" of the fact is said of: the word right after it in its run
    /// ("normal spirometry"), else the content words before it in its clause ("the MRI was
    /// normal"). Empty when the fact has no such "normal".
    fn normal_heads(&self, fact: Fact<'_>) -> Vec<Term> {
        let Some(n) = fact
            .iter()
            .position(|i| i.term() == Some(self.named.normal) && !i.neg)
        else {
            return Vec::new();
        };
        let normal = &fact[n];
        if let Some(next) = fact.get(n + 1).filter(|i| i.run == normal.run) {
            return next.term().into_iter().collect();
        }
        fact[..n]
            .iter()
            .rev()
            .take_while(|i| i.clause == normal.clause)
            .filter(|i| !i.light)
            .filter_map(Item::term)
            .take(3)
            .collect()
    }

    /// Whether `fact` states a change by its two ends ("NIHSS improved from 7 on arrival to
    /// 2 at discharge", "raising hemoglobin from 7.2 to 8.4") and the sources give every
    /// value of it: the values then say what the verb says ("improved", "dropped"), which
    /// notes rarely write beside two readings ("NIHSS 7 on arrival ... NIHSS 2 at
    /// discharge").
    fn change_stated(&self, fact: Fact<'_>) -> bool {
        // (Its dates say when, not what changed: "fell to 610 U/L by November 7".)
        let values: Vec<(&Item, &Quantity)> = fact
            .iter()
            .filter_map(|i| Some((i, i.qty()?)))
            .filter(|(_, q)| !q.is_time_point())
            .collect();
        // ("from 4.8 to 1.6 mg/dL": the unit written once is both ends'.)
        let Some(dim) = values
            .iter()
            .map(|(_, q)| q.dim)
            .find(|d| *d != Dim::None)
            .or(values.first().map(|(_, q)| q.dim))
        else {
            return false;
        };
        let from = values.iter().any(|(i, _)| i.lead == Lead::From);
        let to = values.iter().any(|(i, _)| i.lead == Lead::To);
        let as_range = values
            .iter()
            .any(|(i, q)| i.lead == Lead::From && q.shape == Shape::Range);
        // "Admission lipase was 2,340 U/L and had fallen to 96 U/L": the start may be a value
        // of an earlier fact of the claim's sentence, found in the sources.
        let first = values[0].0;
        let start_before: Option<&Quantity> = self.claim.items[..fact[0].pos as usize]
            .iter()
            .rev()
            .take_while(|i| i.sent == first.sent)
            .filter(|i| matches!(self.alignment(i), QtyAlign::Matched))
            .find_map(|i| i.qty().filter(|q| q.dim == dim && !q.is_time_point()));
        // Both ends in one unit ("from 1.6 to 1.4 mg/dL" gives the start none), each value
        // found in the sources.
        if !(from && to || as_range || to && start_before.is_some())
            || values
                .iter()
                .any(|(_, q)| q.dim != dim && q.dim != Dim::None)
            || !values
                .iter()
                .all(|(i, _)| matches!(self.alignment(i), QtyAlign::Matched))
        {
            return false;
        }
        // A bare source number matches a value in any unit, so a unit the claim writes must
        // also be written beside one of the ends in the sources.
        dim == Dim::None
            || values.iter().map(|(_, q)| *q).chain(start_before).any(|q| {
                let (start, end) = q.ends();
                self.usable.iter().any(|d| {
                    d.body
                        .items
                        .iter()
                        .filter_map(Item::qty)
                        .any(|v| v.dim == dim && (start.matches(v) || end.matches(v)))
                })
            })
    }

    /// Numbers and units: every claim quantity is aligned with the source quantity whose
    /// surrounding words best match its own; a different value there contradicts.
    fn quantity_contradictions(&self) -> Vec<String> {
        self.aligned
            .iter()
            .filter_map(|(_, a)| match a {
                QtyAlign::Mismatch(reason) => Some(reason.clone()),
                _ => None,
            })
            .collect()
    }

    /// Whether a cited sentence with `date` as its only calendar date holds the value the
    /// claim's `date` stamps (the nearest reading before it in its clause).
    fn dated_value_row(&self, date_item: &Item, date: &Quantity) -> bool {
        let claim_items = &self.claim.items;
        let k = date_item.pos as usize;
        let Some(value) = claim_items[..k]
            .iter()
            .rev()
            .take_while(|i| i.sent == date_item.sent && i.clause == date_item.clause)
            .filter_map(Item::qty)
            .find(|v| !v.is_time_point())
        else {
            return false;
        };
        self.sentences.iter().any(|at| {
            // (The value first: few sentences hold it, and the date may need a look back.)
            self.corpus
                .sentence_items(*at)
                .iter()
                .filter_map(Item::qty)
                .any(|v| value.comparable(v) && value.matches(v))
                && self.row_dated(*at, date)
        })
    }

    /// Whether the claim's clause `clause` gives a route and the source sentence `items`
    /// gives only other routes ("PO" against "1 PR nightly").
    fn other_route(&self, claim_items: &[Item], clause: u32, items: &[Item]) -> bool {
        let routes = |its: &mut dyn Iterator<Item = &Item>| -> Vec<Term> {
            its.filter_map(Item::term)
                .filter(|t| self.named.route.contains(t))
                .collect()
        };
        let claim = routes(&mut claim_items.iter().filter(|i| i.clause == clause));
        let source = routes(&mut items.iter());
        !claim.is_empty() && !source.is_empty() && !source.iter().any(|r| claim.contains(r))
    }

    /// Whether the sentence at `at` is of `date` alone: the one date of its kind it holds
    /// (a day of treatment among days of treatment, "03/05/2026 (Day 4): 1,860"; its clock,
    /// "03/12 06:10", is no second date), or, holding none, the one that opens the nearest
    /// sentence before it holding one among its first words ("LABS 10/08/2027 09:40. CBC:
    /// ... ESR 14 mm/h.").
    fn row_dated(&self, at: (usize, usize), date: &Quantity) -> bool {
        let of_kind = |d: &Quantity| {
            if date.dim == Dim::Day {
                d.dim == Dim::Day
            } else {
                d.is_day()
            }
        };
        // (And no second calendar day: a table's header of several dated columns, "05/04
        // (pre-op)  05/11 (PACU)  05/12 (POD 1)", dates no row by its one day of treatment.)
        let only_date = |items: &[Item]| {
            let mut dates = items.iter().filter_map(Item::qty).filter(|d| of_kind(d));
            let days = items
                .iter()
                .filter_map(Item::qty)
                .filter(|d| d.is_day())
                .count();
            match (dates.next(), dates.next()) {
                (Some(d), None) if days <= 1 => Some(*d),
                _ => None,
            }
        };
        let opened_by = || {
            (0..at.1).rev().find_map(|s| {
                let items = self.corpus.sentence_items((at.0, s));
                let first = items.iter().position(|i| i.qty().is_some_and(of_kind))?;
                Some((first <= 2).then(|| only_date(items)).flatten())
            })?
        };
        let items = self.corpus.sentence_items(at);
        let stated = match only_date(items) {
            Some(d) => Some(d),
            None if !items.iter().filter_map(Item::qty).any(of_kind) => opened_by(),
            None => None,
        };
        stated.is_some_and(|d| d.dim == date.dim && date.matches(&d))
    }

    /// Whether a cited sentence naming a drug of the claim's sentence gives both amounts of
    /// the claim's pair `q`, each as a single amount of its own.
    fn combination_stated(&self, item: &Item, q: &Quantity) -> bool {
        let drugs: Vec<Term> = self
            .claim
            .items
            .iter()
            .filter(|i| i.sent == item.sent && i.drug)
            .filter_map(Item::term)
            .collect();
        let part = |a: f64, raw: f64| Quantity {
            shape: Shape::Single,
            a,
            b: 0.0,
            raw_a: raw,
            raw_b: 0.0,
            ..*q
        };
        let (first, second) = (part(q.a, q.raw_a), part(q.b, q.raw_b));
        !drugs.is_empty()
            && self.sentences.iter().any(|at| {
                let items = self.corpus.sentence_items(*at);
                let amounts = || {
                    items
                        .iter()
                        .filter_map(Item::qty)
                        .filter(|v| v.dim == q.dim)
                };
                items
                    .iter()
                    .any(|i| i.term().is_some_and(|t| drugs.contains(&t)))
                    && amounts().any(|v| v.shape == Shape::Single && first.matches(v))
                    && amounts().any(|v| v.shape == Shape::Single && second.matches(v))
            })
    }

    fn align_quantity(&self, item: &Item, q: &Quantity, subject: &[Term]) -> QtyAlign {
        let claim_items = &self.claim.items;
        // "from 41 K/uL on 03/08 to 118 K/uL on 03/12" against a row "03/12 06:10: WBC 6.8
        // K/uL, ..., Plt 118 K/uL": a date that stamps the claim's value is stated where a
        // sentence of that one date holds the value (the value's own check says whether it
        // is the claim's test).
        if (q.is_calendar() || q.dim == Dim::Day) && self.dated_value_row(item, q) {
            return QtyAlign::Matched;
        }
        // "Entresto 49/51 mg" against "Sacubitril 49 mg / valsartan 51 mg", "Suboxone 8-2 mg"
        // against "8 mg-2 mg SL film": a combination's two amounts written as one pair are
        // stated by a sentence naming one of the claim's drugs with both amounts.
        if q.shape == Shape::Pair && q.dim == Dim::Mass && self.combination_stated(item, q) {
            return QtyAlign::Matched;
        }
        if self.size_run_differs(item) {
            return QtyAlign::mismatch(q);
        }
        // "Suboxone 16 mg/4 mg" against "(total 16-4 mg/day)": two amounts written side by
        // side are the pair a source writes as one.
        let mass = |i: &Item| {
            i.qty()
                .filter(|v| v.dim == Dim::Mass && v.shape == Shape::Single)
                .copied()
        };
        let k = item.pos as usize;
        let beside = |a: usize, b: usize| {
            let (x, y) = (claim_items.get(a)?, claim_items.get(b)?);
            (x.clause == y.clause && x.sent == y.sent)
                .then(|| Some((mass(x)?, mass(y)?)))
                .flatten()
        };
        let written_pair = (q.dim == Dim::Mass)
            .then(|| beside(k, k + 1).or_else(|| k.checked_sub(1).and_then(|p| beside(p, k))))
            .flatten();
        if let Some((first, second)) = written_pair {
            let stated = self.sentences.iter().any(|&at| {
                self.corpus
                    .sentence_items(at)
                    .iter()
                    .filter_map(Item::qty)
                    .any(|v| {
                        v.dim == Dim::Mass
                            && v.shape == Shape::Pair
                            && (v.a - first.a).abs() < 1e-9
                            && (v.b - second.a).abs() < 1e-9
                    })
            });
            if stated {
                return QtyAlign::Matched;
            }
        }
        // The day a reading of the claim is stamped with ("1860 on day 4"), unless the claim
        // calls it a peak or a nadir, which the other readings decide. (A reading's, not a
        // drug's dose or schedule: "2 g IV every 24 hours through 07/16" ends a course.)
        let framed = claim_items[..item.pos as usize]
            .iter()
            .rev()
            .take_while(|i| i.clause == item.clause)
            .any(|i| self.extreme_word(i).is_some());
        let reading = !q.is_time_point()
            && !matches!(q.dim, Dim::Frequency | Dim::Time)
            && !framed
            && owner_drug(claim_items, item.pos as usize).is_none();
        // The claim words of the value's clause up to the next reading either way.
        let clause_mate = |i: &&Item| {
            i.sent == item.sent
                && i.clause == item.clause
                && i.qty().is_none_or(Quantity::is_time_point)
        };
        let stamped_day = claim_items
            .get(item.pos as usize + 1..)
            .unwrap_or_default()
            .iter()
            .take_while(clause_mate)
            .filter_map(Item::qty)
            .find(|d| d.is_day() || d.dim == Dim::Day)
            .filter(|_| reading)
            .copied();
        let mut claim_ctx = context(self.corpus, claim_items, item.pos as usize);
        // Words the cited sources never use cannot tell candidates apart; they count half
        // so that paraphrase around a value does not hide the value itself.
        for e in claim_ctx.iter_mut() {
            if !self.in_any_doc(e.0) {
                e.2 *= 0.5;
            }
        }
        // The word right before a value names what it measures ("improved to 3.1"): it
        // weighs double when choosing which source value the claim speaks about.
        let k = item.pos as usize;
        if let Some(head) = k.checked_sub(1).and_then(|h| claim_items.get(h)) {
            if let (Kind::Word(t), Some(center)) = (head.kind, claim_items.get(k)) {
                if head.clause == center.clause && head.sent == center.sent && self.in_any_doc(t) {
                    if let Some(e) = claim_ctx
                        .iter_mut()
                        .find(|(x, s, _, _)| *x == t && *s == head.side)
                    {
                        e.2 *= 2.0;
                    }
                }
            }
        }
        // A clause's left-out subject, when given, as if it stood beside the value.
        for &t in subject {
            for e in claim_ctx.iter_mut().filter(|e| e.0 == t) {
                e.3 = e.3.max(ELIDED_PROX);
            }
        }
        // ("two tablets" is read as a count, its word taken with it.)
        let claim_tablets = claim_items.iter().any(|it| {
            it.sent == item.sent
                && (it.term() == Some(self.named.tablet)
                    || it.qty().is_some_and(|q| q.dim == Dim::Count))
        });
        let claim_drug = owner_drug(claim_items, item.pos as usize);
        let claim_specimen = specimen_of(claim_items, item.pos as usize, &self.named.specimens);
        let claim_reference = claim_items.iter().any(|it| {
            it.sent == item.sent && it.term().is_some_and(|t| self.named.reference.contains(&t))
        });
        // "SpO2 on arrival was 93% on room air" against "on HFNC 40 L/min, FiO2 60%: SpO2
        // 93%": a reading on room air and one on an oxygen device are of two conditions.
        // (The claim's clause, "his last fever was 38.3 C on 06/18, he was on room air", and
        // the source's sentence, "on HFNC 40 L/min, FiO2 60%: SpO2 93%".)
        let breathing = |items: &[Item], of: &dyn Fn(&Item) -> bool| {
            let part = || items.iter().filter(|it| of(it));
            let device = part().any(|it| {
                !it.neg
                    && it
                        .term()
                        .is_some_and(|t| self.named.oxygen_device.contains(&t))
            });
            let room_air = part().any(|it| it.neg && it.term() == Some(self.named.oxygen));
            match (room_air, device) {
                (true, false) => Some(false),
                (false, true) => Some(true),
                _ => None,
            }
        };
        let claim_breathing = breathing(claim_items, &|it| it.clause == item.clause);
        // "ABI 0.91 ..., up from 0.52 before the stent" against "duplex of the stent at 3
        // months": a bare fraction is no duration, unless the claim's sentence gives one
        // whose unit it leaves out ("in 1.5 rather than 3 hours"). (A whole number may count
        // days: "three daily pulses".)
        // (So is a bare range, "0 to 115 degrees", unless its own clause gives a duration.)
        let time_where = |same: &dyn Fn(&Item) -> bool| {
            claim_items
                .iter()
                .any(|it| same(it) && it.qty().is_some_and(|v| v.dim == Dim::Time))
        };
        let bare_no_duration = q.dim == Dim::None
            && ((q.a.fract() != 0.0 && !time_where(&|it| it.sent == item.sent))
                || (q.shape == Shape::Range && !time_where(&|it| it.clause == item.clause)));
        // "her respiratory rate was 42" against "T 37.3 C, HR 138, RR 42": a bare number of
        // a claim that names no temperature is no temperature.
        let bare_no_temperature = q.dim == Dim::None
            && !claim_items.iter().any(|it| {
                it.sent == item.sent
                    && it
                        .term()
                        .is_some_and(|t| self.named.temperature.contains(&t))
            });
        // "a mean PA pressure of 38 mmHg" against "PA 64/25 mmHg, mean 38 mmHg" and
        // "systemic BP 118/70": a mean is one number, never a systolic/diastolic pair.
        let claim_mean = claim_items[..item.pos as usize]
            .iter()
            .rev()
            .take_while(|it| it.clause == item.clause)
            .any(|it| it.term() == Some(self.named.mean));
        // "Discharge weight was 94.1 kg" against "Weight 94.1 -> 88.0 kg": the value at
        // discharge is the end of the change.
        let at_discharge = claim_items
            .iter()
            .any(|it| it.sent == item.sent && it.when && it.term() == Some(self.named.discharge));
        // "The follow-up echo showed an LVEF of 25%" against "(LVEF 25% -> 38%)": a
        // follow-up or current value is the end of a change too.
        let claim_later = claim_items.iter().any(|it| {
            it.sent == item.sent && it.term().is_some_and(|t| self.named.later.contains(&t))
        });
        let is_prior = |it: &Item| it.term().is_some_and(|t| self.named.prior.contains(&t));
        let claim_prior = claim_items
            .iter()
            .any(|it| it.sent == item.sent && is_prior(it));
        // "On post-op day 1, IOP was 16" against "Pre-op: IOP OD 14" and "IOP: OD 16": a
        // sentence of the other side of the operation speaks of another time point.
        // (A claim at discharge speaks of the time after any operation: "resumed at 5 mg at
        // discharge" is not "Home apixaban 5 mg PO BID held 48 h pre-op".)
        let [_, post_op] = self.named.phase;
        let claim_phase = one_phase(
            self.named.phase,
            claim_items.iter().filter(|it| it.sent == item.sent),
        )
        .or(at_discharge.then_some(post_op));
        let total: f64 = claim_ctx.iter().map(|(_, _, info, prox)| info * prox).sum();
        // The claim sentence's other values (of the same drug, if any), which may describe
        // the same source value.
        let claim_values: Vec<Quantity> = claim_items
            .iter()
            .filter(|it| it.sent == item.sent && it.pos != item.pos)
            .filter(|it| {
                claim_drug.is_none() || owner_drug(claim_items, it.pos as usize) == claim_drug
            })
            .filter_map(|it| it.qty().copied())
            .filter(|o| !o.is_time_point())
            .collect();
        // The claim sentence's dates: a source sentence dated otherwise speaks of another
        // day ("On 12/06, Na was 147" against "Chemistry 12/06: Na 147 ..." and "Chemistry
        // 12/10: Na 140 ...").
        // Its own clause's dates if it has any ("K peaked at 5.3 on 11/03 and was 4.3 on
        // November 5").
        let dates_where = |same: &dyn Fn(&Item) -> bool| -> Vec<Quantity> {
            claim_items
                .iter()
                .filter(|it| same(it))
                .filter_map(|it| it.qty().copied())
                .filter(Quantity::is_time_point)
                .collect()
        };
        // The claim's dates written right after this value, before its next one ("61 K/uL
        // on 09/03 and 72 K/uL by 09/08"): the days of this value alone.
        // (Else the one right before it, with no other value between: "in 03/2026 showed a
        // PVR of 9.6 WU".)
        let mut claim_stamp: Vec<Quantity> = claim_items
            .get(item.pos as usize + 1..)
            .unwrap_or_default()
            .iter()
            .take_while(|it| it.sent == item.sent && it.qty().is_none_or(Quantity::is_time_point))
            .filter_map(|it| it.qty().copied())
            .filter(Quantity::is_day)
            .collect();
        if claim_stamp.is_empty() {
            claim_stamp.extend(
                claim_items[..item.pos as usize]
                    .iter()
                    .rev()
                    .take_while(clause_mate)
                    .filter_map(|it| it.qty().copied())
                    .find(Quantity::is_day),
            );
        }
        // Words of what is yet to come ("next", "planned", "follow-up").
        let ahead = |t: Term| {
            t == self.named.next || t == self.named.follow_up || self.named.plan.contains(&t)
        };
        let claim_plans = claim_items
            .iter()
            .any(|it| it.sent == item.sent && it.term().is_some_and(ahead));
        let claim_dates: Vec<Quantity> = if q.is_time_point() {
            Vec::new()
        } else {
            let own = dates_where(&|it: &Item| it.sent == item.sent && it.clause == item.clause);
            if own.is_empty() {
                dates_where(&|it: &Item| it.sent == item.sent)
            } else {
                own
            }
        };
        // "2 units" for "2 mg": the same number with another kind of amount. A duration or
        // a rate is never a unit slip of a dose ("two weeks", "2 g").
        let slip_of = |sq: &Quantity| {
            q.same_written_number(sq) && q.dim != sq.dim && q.is_amount() && sq.is_amount()
        };
        let names_arrival =
            |i: &Item| i.when && i.term().is_some_and(|t| self.named.first.contains(&t));
        let claim_first = claim_items
            .iter()
            .any(|it| it.sent == item.sent && names_arrival(it));
        let arrival = |its: &[Item]| its.iter().any(names_arrival);
        let claim_repeat = self.names_repeat(claim_items);
        let claim_changes = claim_items
            .iter()
            .any(|it| it.sent == item.sent && it.lead == Lead::To && it.qty().is_some());
        // (The second side of a size, "to 1.2 x 0.8 cm", ends the change too.)
        let ends_change = item.lead == Lead::To
            || k.checked_sub(1)
                .and_then(|p| claim_items.get(p))
                .is_some_and(|p| p.lead == Lead::To && p.qty().is_some_and(|v| v.dim == q.dim));
        let mut cands: Vec<Cand> = Vec::new();
        // "Home BP on the morning of 05/03 was 152/98" against a summary written on 05/01: a
        // source cannot state a value of a day after it was written (it can plan one: "next
        // dose due 05/12"). Per source: whether it was written before every claim date.
        // (A date without a year is the one nearest the writing, as a source's own are: see
        // `infer_years`.)
        // (The date of a reading the claim gives is such a day itself: "Home BP on the
        // morning of 05/03 was 152/98" is no day a summary of 05/01 can give, "BP check in
        // clinic 05/04" notwithstanding.)
        let own_date = [*q];
        let days: &[Quantity] =
            if q.dim == Dim::Date && claim_dates.is_empty() && !claim_values.is_empty() {
                &own_date
            } else {
                &claim_dates
            };
        let written_before: Vec<bool> = if days.is_empty() || claim_plans {
            Vec::new()
        } else {
            self.corpus
                .sources
                .iter()
                .enumerate()
                .map(|(index, source)| {
                    let written = source.authored_at.inner().date_naive();
                    // (A source that writes the day itself with a value of the claim's kind
                    // plans it: "last dose 03/25/2026" in a list of 03/16; "Repeat CBC in 1
                    // week (06/19)" gives no Hgb of that day.)
                    let states = |date: &Quantity| {
                        self.doc(index).is_some_and(|doc| {
                            let items = &doc.body.items;
                            doc.values.iter().any(|&v| {
                                let at = &items[v as usize];
                                let s = at.sent as usize;
                                let sentence = &items[doc.body.sentences[s].items.clone()];
                                at.qty()
                                    .is_some_and(|v| v.dim == Dim::Date && date.matches(v))
                                    && doc
                                        .values_in(s)
                                        .any(|w| sentence[w].qty().is_some_and(|w| w.dim == q.dim))
                            })
                        })
                    };
                    days.iter().all(|d| {
                        let (month, day) = ((d.a as u32) / 100, (d.a as u32) % 100);
                        let date = if d.b > 0.0 {
                            chrono::NaiveDate::from_ymd_opt(d.b as i32, month, day)
                        } else {
                            nearest_date(month, day, written)
                        };
                        d.dim == Dim::Date && date.is_some_and(|date| date > written) && !states(d)
                    })
                })
                .collect()
        };
        // Weighted share of the claim's context found at least as close to the source value
        // at `k` of a sentence (whose first item is the document's `first`): identical
        // surroundings give 1.
        let sim_at = |doc: &Doc, first: usize, items: &[Item], k: usize| -> f64 {
            if total <= 0.0 {
                // A bare quantity with no words around it: only its value can speak.
                return 0.5;
            }
            let src_ctx = doc.value_context.get(first + k).map_or(&[][..], |c| {
                c.get_or_init(|| context(self.corpus, items, k)).as_slice()
            });
            let mut shared = 0.0;
            for (t, side, info, prox) in &claim_ctx {
                // "right kidney" is no context for a value of the left kidney.
                if let Some((_, _, _, sprox)) = src_ctx
                    .iter()
                    .find(|(st, ss, _, _)| st == t && !side_conflict(*side, *ss))
                {
                    shared += info * prox * (sprox / prox).min(1.0);
                }
            }
            shared / total
        };
        for &at in &self.sentences {
            let Some(doc) = self.doc(at.0) else {
                continue;
            };
            let Some(first) = doc.body.sentences.get(at.1).map(|s| s.items.start) else {
                continue;
            };
            let values = doc.values_in(at.1);
            if values.len() == 0 {
                continue;
            }
            if written_before.get(at.0).copied().unwrap_or(false) {
                continue;
            }
            let items = self.corpus.sentence_items(at);
            // Most sentences hold no value this one could be compared with: skip them
            // before working out their time point.
            if !values.clone().any(|k| {
                items[k]
                    .qty()
                    .is_some_and(|sq| q.comparable(sq) || slip_of(sq))
            }) {
                continue;
            }
            // (Its readings are all on room air or all on a device, as the sentence says.)
            let other_breathing =
                claim_breathing.is_some_and(|on| breathing(items, &|_| true) == Some(!on));
            let other_phase =
                claim_phase.is_some_and(|c| self.phase_at(at).is_some_and(|p| p != c));
            let line_prior = self.prior_line(at);
            let sentence_values = || values.clone().filter_map(|k| items[k].qty());
            // The claim's other values stated in the same source sentence tell which of
            // several readings it means ("six hours after dialysis" for "(6 h post-HD):
            // lithium 1.8", not "(post-HD): lithium 1.4").
            let holds_others = !claim_values.is_empty()
                && claim_values
                    .iter()
                    .all(|o| sentence_values().any(|v| o.comparable(v) && o.matches(v)));
            // The sentence's time points, or, for a part of a line with none of its own
            // ("03/10/2026 08:55 (week 16): WBC 7.1; ...; AEC 850"), the line's first
            // part's: once per sentence, and only when the claim has dates to compare.
            let mut dates: Vec<Quantity> = Vec::new();
            if !claim_dates.is_empty() {
                dates.extend(sentence_values().filter(|d| d.is_time_point()));
                if dates.is_empty() {
                    for c in self.semicolon_chain_start(at)..at.1 {
                        let its = self.corpus.sentence_items((at.0, c));
                        dates.extend(
                            its.iter()
                                .filter_map(Item::qty)
                                .filter(|d| d.is_time_point()),
                        );
                    }
                }
            }
            let dated = |sim: f64, k: usize, value: &Quantity| -> f64 {
                // (A source value equal to one of those others is their evidence instead.)
                let other = claim_values
                    .iter()
                    .any(|o| o.comparable(value) && o.matches(value));
                let sim = if holds_others && !other {
                    (sim + 0.1).min(1.0)
                } else {
                    sim
                };
                if claim_dates.is_empty() || dates.is_empty() {
                    return sim;
                }
                // A step of a trend dated step by step ("3.1 (05/03) -> 1.6 mg/dL (05/05)")
                // has its own days, not the sentence's.
                let next = values.clone().find(|&x| x > k).unwrap_or(items.len());
                let own: Vec<Quantity> = items[k + 1..next]
                    .iter()
                    .filter_map(Item::qty)
                    .filter(|d| d.is_time_point())
                    .copied()
                    .collect();
                let trend_step = items[k].lead == Lead::To
                    || items[next..].first().is_some_and(|n| n.lead == Lead::To);
                // A reading written right after its own date, of a sentence of several
                // written date first ("Cr: 03/02 1.4 | 03/04 1.3", or a dated table's row),
                // is of that date (not of "INR 2.6 (10/09), 1.9 (10/10)", whose dates
                // follow their readings).
                // (So is one whose group a date opens: "03/2026: mPAP 31, PVR 4.1 WU
                // (baseline 11/2024: mPAP 49, PVR 9.6 WU)".)
                let date_first = || {
                    items
                        .iter()
                        .filter_map(Item::qty)
                        .find(|d| d.is_day() || !d.is_time_point())
                        .is_some_and(Quantity::is_day)
                };
                let adjacent = || {
                    items[..k]
                        .iter()
                        .rev()
                        .find(|it| it.qty().is_none_or(|d| d.dim != Dim::Clock))
                        .and_then(Item::qty)
                        .filter(|d| d.is_day())
                        .copied()
                        .filter(|_| date_first())
                };
                // (A date opens a group when no value stands right before it, and the
                // reading has no date of its own after it in its clause: "PVRs < 100 mL
                // since 10/19".)
                let opening = || {
                    let clause = items[k].clause;
                    if items[k + 1..]
                        .iter()
                        .take_while(|it| it.clause == clause)
                        .any(|it| it.qty().is_some_and(Quantity::is_day))
                    {
                        return None;
                    }
                    let at = items[..k]
                        .iter()
                        .rposition(|it| it.qty().is_some_and(Quantity::is_day))?;
                    let after_value = at > 0 && items[at - 1].qty().is_some();
                    (!after_value).then(|| items[at].qty().copied()).flatten()
                };
                // (And, in a sentence not written date first, a reading right before a date
                // of its clause is of that date: "Platelets 41 K/uL on 03/08, 118 K/uL on
                // 03/12".)
                let following = || {
                    items
                        .get(k + 1)
                        .filter(|it| it.clause == items[k].clause)
                        .and_then(Item::qty)
                        .filter(|d| d.is_day())
                        .copied()
                        .filter(|_| !date_first())
                };
                let stamp: Option<[Quantity; 1]> = (dates.len() > 1 && !claim_stamp.is_empty())
                    .then(|| adjacent().or_else(following).or_else(opening).map(|d| [d]))
                    .flatten();
                let days: &[Quantity] = if trend_step && !own.is_empty() {
                    &own
                } else if let Some(stamp) = &stamp {
                    stamp
                } else {
                    &dates
                };
                let claim_days: &[Quantity] = if stamp.is_some() {
                    &claim_stamp
                } else {
                    &claim_dates
                };
                if days
                    .iter()
                    .any(|d| claim_days.iter().any(|c| c.dim == d.dim && c.matches(d)))
                {
                    (sim + 0.15).min(1.0)
                } else {
                    sim * 0.7
                }
            };
            let context_sim = |k: usize| -> f64 { sim_at(doc, first, items, k) };
            // "CRP (ref <0.5 mg/dL): 11/04 18.6 H; 11/09 9.4 H; 11/14 4.1 H": a part of a
            // line with no word at all continues the line's first part, whose readings'
            // words are its readings' too.
            // (So does one that opens with what was done to the first part's drug, naming
            // no drug of its own: "home apixaban 5 mg BID held 11/13; resumed 11/15 at 2.5 mg
            // BID".)
            let wordless = !items.iter().any(|it| it.term().is_some());
            let acts_on_head = items.first().is_some_and(|f| {
                f.term().is_some_and(|t| {
                    self.named.resumed.contains(&t) || self.named.change.contains(&t)
                })
            }) && !items.iter().any(|it| it.drug);
            let continued: Option<(usize, &[Item])> = (wordless || acts_on_head)
                .then(|| self.semicolon_chain_start(at))
                .filter(|&c| c < at.1)
                .and_then(|c| {
                    let head = doc.body.sentences.get(c)?.items.start;
                    Some((head, self.corpus.sentence_items((at.0, c))))
                });
            // "Reference: mediastinal blood pool SUVmax 2.4; liver SUVmax 3.1": a line
            // labelled as reference gives no reading of the patient's.
            let under_reference = self
                .corpus
                .sentence_items((at.0, self.semicolon_chain_start(at)))
                .first()
                .and_then(Item::term)
                .is_some_and(|t| self.named.reference_label.contains(&t));
            let guideline = self
                .corpus
                .sources
                .get(at.0)
                .is_some_and(|s| s.source_type == SourceType::ClinicalGuideline);
            for k in values.clone() {
                let s_item = &items[k];
                let Kind::Qty(sq) = s_item.kind else {
                    continue;
                };
                let comparable = q.comparable(&sq);
                let written = slip_of(&sq);
                if !comparable && !written {
                    continue;
                }
                // Nor is what was planned what was done ("6 cycles planned, 5 cycles given"
                // for "completed ... 6 cycles"), unless the claim speaks of plans too. (A dose
                // "q6h scheduled" is a regular one.)
                let [_, planned, _] = self.named.plan;
                if !claim_plans
                    && items[k + 1..]
                        .iter()
                        .take_while(|n| n.clause == s_item.clause && n.qty().is_none())
                        .any(|n| n.term() == Some(planned))
                {
                    continue;
                }
                // Nor is a guideline's bound a reading ("restrict contact sports until
                // platelets >50 K/uL" for "Platelet count was 6 K/uL").
                if guideline
                    && matches!(s_item.lead, Lead::Above | Lead::Below)
                    && !matches!(item.lead, Lead::Above | Lead::Below)
                {
                    continue;
                }
                // Nor is a value measured on the other side ("IOP OD 15, OS 22 mmHg" for the
                // left eye's IOP).
                if side_conflict(item.side, s_item.side) {
                    continue;
                }
                if other_breathing {
                    continue;
                }
                if claim_mean && q.shape == Shape::Single && sq.shape == Shape::Pair {
                    continue;
                }
                // "repeat CT chest in 6-8 weeks" says when, "levofloxacin x 5 more days" or
                // "a 10-day course" how long: another attribute, never a rival.
                if q.dim == Dim::Time
                    && ((item.lead == Lead::In && s_item.lead != Lead::In && !q.matches(&sq))
                        || (item.lead == Lead::For && s_item.lead == Lead::In))
                {
                    continue;
                }
                if (bare_no_duration && sq.dim == Dim::Time)
                    || (bare_no_temperature && sq.dim == Dim::Temperature)
                {
                    continue;
                }
                let after_one_of = |words: &[Term]| {
                    k.checked_sub(1)
                        .and_then(|p| items.get(p))
                        .is_some_and(|p| {
                            p.sent == s_item.sent && p.term().is_some_and(|t| words.contains(&t))
                        })
                };
                // Nor a reference range or a goal, unless the claim names one ("target ACT
                // 300-350 s, peak ACT 342 s" for a peak of 350 s).
                let goal_of_name = k >= 2
                    && items[k - 1].term().is_some()
                    && items[k - 1].clause == s_item.clause
                    && items[k - 2].sent == s_item.sent
                    && items[k - 2]
                        .term()
                        .is_some_and(|t| self.named.goal.contains(&t));
                // (A goal reached is a value: "target 300 mg qHS reached 11/04".)
                let reached = items[k + 1..]
                    .iter()
                    .take_while(|i| i.sent == s_item.sent && i.clause == s_item.clause)
                    .any(|i| i.term().is_some_and(|t| self.named.reached.contains(&t)));
                if (after_one_of(&self.named.reference) || goal_of_name || under_reference)
                    && !claim_reference
                    && !reached
                {
                    continue;
                }
                // Nor is a bare number that names a stage or a kind ("Bariatric stage 1
                // liquids" for "in two weeks") a reading of anything with a unit.
                if after_one_of(&self.named.label) && sq.dim == Dim::None && q.dim != Dim::None {
                    continue;
                }
                // Nor is a rank ("99th percentile URL <26") a reading, unless the claim
                // speaks of percentiles.
                if items.get(k + 1).and_then(Item::term) == Some(self.named.percentile)
                    && !claim_items
                        .iter()
                        .any(|it| it.term() == Some(self.named.percentile))
                {
                    continue;
                }
                // Nor is the date a phase began on ("5 mg TID from 10/12, increased to 10 mg
                // TID on 10/20") the date of a change the claim dates ("increased to 10 mg
                // TID on 10/12").
                if q.is_calendar()
                    && s_item.lead == Lead::From
                    && item.lead != Lead::From
                    && claim_changes
                {
                    continue;
                }
                // Nor is a value stated at the arrival a rival of where a change ended ("2 x
                // 1.5 cm, present on admission" for "a week later it had shrunk to 1.2 x 0.8
                // cm"), unless the claim speaks of the arrival too.
                if ends_change
                    && s_item.lead != Lead::To
                    && !claim_first
                    && arrival(items)
                    && !q.matches(&sq)
                {
                    continue;
                }
                // A number of another drug is never evidence about this one (a date
                // belongs to no drug: "Labs 11/16: Na 131, K 5.6").
                let source_drug = doc.value_owner.get(first + k).copied().flatten();
                // (A combination's value is each of its drugs': "~7.9 g/day from Norco" for
                // the acetaminophen in it.)
                let combined = |cd: Term, sd: Term| {
                    items.windows(2).any(|w| {
                        w[0].drug
                            && w[1].drug
                            && w[0].run == w[1].run
                            && [w[0].term(), w[1].term()].contains(&Some(cd))
                            && [w[0].term(), w[1].term()].contains(&Some(sd))
                    })
                };
                if let (Some(cd), Some(sd)) = (claim_drug, source_drug) {
                    if cd != sd && !q.is_calendar() && !(sq.dim == q.dim && combined(cd, sd)) {
                        continue;
                    }
                }
                // Nor is a value of another specimen: "serum glucose 126 mg/dL" says
                // nothing of the CSF glucose beside it.
                if let Some(cs) = claim_specimen {
                    if specimen_of(items, k, &self.named.specimens).is_some_and(|ss| ss != cs) {
                        continue;
                    }
                }
                // "troponin I 0.9 ng/mL at 14:00, 4.2 ng/mL at 20:00": values of one
                // dimension with no word between them are readings of one test, and the
                // later ones have the first one's words; "180 mg, then 90 mg" is another
                // phase, not another reading.
                let mut sim = context_sim(k);
                if s_item.lead != Lead::Then {
                    for j in (0..k).rev() {
                        match items[j].kind {
                            // (A lab flag after a reading, "1.4 (H)", parts no readings.)
                            Kind::Word(t)
                                if self.named.flag.contains(&t)
                                    && j > 0
                                    && items[j - 1].qty().is_some() => {}
                            Kind::Word(_) => break,
                            Kind::Qty(p) if p.dim == sq.dim => sim = sim.max(context_sim(j)),
                            Kind::Qty(_) => {}
                        }
                    }
                    if let Some((head, head_items)) = continued {
                        for (j, it) in head_items.iter().enumerate() {
                            if it.qty().is_some_and(|p| p.dim == sq.dim) {
                                sim = sim.max(sim_at(doc, head, head_items, j));
                            }
                        }
                    }
                }
                // The same drug's dose, frequency or duration is the same attribute even
                // when the words around the two numbers differ.
                let dose_like = q.attribute() == "dose" || q.dim == Dim::Frequency;
                // So is its duration, when both are written as one ("for 24 hours").
                let duration =
                    q.dim == Dim::Time && item.lead == Lead::For && s_item.lead == Lead::For;
                // (Also in another unit: "18 mg/kg/h" against the same drug's "18
                // units/kg/h" is a unit slip of that dose; but "266 mg" is in "266 mg/20 mL",
                // so a simple unit against a compound one is left to the words.)
                let compound = |d: Dim| matches!(d, Dim::Compound(_));
                let slip = written && compound(q.dim) == compound(sq.dim);
                let sim = if claim_drug.is_some()
                    && claim_drug == source_drug
                    && (q.dim == sq.dim || slip)
                    && (dose_like || duration || slip)
                {
                    sim.max(DRUG_OWNER_SIM)
                } else {
                    sim
                };
                let sim = dated(sim, k, &sq);
                // "Admission glucose was 1,042" against "Repeat 12/03/2026 06:00: glucose 312":
                // a repeat is of a later time than the arrival the claim names.
                let sim = if claim_first
                    && !claim_repeat
                    && !q.is_time_point()
                    && self.names_repeat(items)
                {
                    sim * 0.7
                } else {
                    sim
                };
                // "Prior 2024 CT: nodule 0.8 cm" is another study's value: evidence for a
                // claim about the prior one, or the start of a change, only (and the other way
                // round). A "prior" word belongs to the next value of the sentence.
                let source_prior = items[..k]
                    .iter()
                    .rev()
                    .take_while(|it| {
                        it.sent == s_item.sent && it.qty().is_none_or(|p| p.dim != sq.dim)
                    })
                    .any(is_prior)
                    || line_prior;
                let sim =
                    if (source_prior == claim_prior || item.lead == Lead::From) && !other_phase {
                        sim
                    } else {
                        sim * 0.3
                    };
                // "increased to 40 mg" is not "increased from 40 mg to 80 mg": the start of a
                // change is the value of an earlier time. It is evidence only for a claim
                // value that is also a start or names no time ("NIHSS 7 on arrival"), and
                // never a rival; the end of a change is never evidence for a start.
                // (A claim's change written as one range, "from 6.1 to 8.7", is matched end
                // by end below.)
                // (So is a combination dose's: "increased to 49/51 mg BID" against "(dose
                // INCREASED from 24-26 mg)".)
                if q.shape == Shape::Pair && item.lead == Lead::To && s_item.lead == Lead::From {
                    continue;
                }
                if sq.shape == Shape::Single && q.shape == Shape::Single {
                    let earlier = s_item.lead == Lead::From
                        && item.lead != Lead::From
                        && (item.lead == Lead::To
                            || !q.matches(&sq)
                            // (A drug's dose that names no time is the one it is on now:
                            // "2 caps TID" against "3 caps TID (increased from 2 caps)".)
                            || (dose_like
                                && claim_drug.is_some()
                                && claim_drug == source_drug
                                && !claim_prior));
                    let later = s_item.lead == Lead::To && item.lead == Lead::From;
                    let start_for_discharge = (at_discharge || claim_later)
                        && s_item.lead == Lead::From
                        && item.lead != Lead::From;
                    if earlier || later || start_for_discharge {
                        continue;
                    }
                }
                // "transferrin saturation >45% with ferritin >1,000 ng/mL" is a criterion, not
                // a reading: a claim value inside it is neither stated nor denied by it (one
                // outside it is denied).
                let single = q.shape == Shape::Single && sq.shape == Shape::Single;
                if single && s_item.lead != item.lead && within(s_item.lead, sq.a, q.a) {
                    continue;
                }
                // "800 mg tab - 2 tabs (1,600 mg)": the tablet's strength of a dose of several
                // tablets is no dose of its own, unless the claim speaks of tablets too.
                let dose = dose_of_strength(items, k, &self.named.dose_form);
                let strength_only = dose.is_some_and(|d| !d.matches(&sq)) && !claim_tablets;
                let matched = if sq.shape == Shape::Range
                    && s_item.lead == Lead::From
                    && q.shape == Shape::Single
                {
                    // "from 7.2 to 8.4" is a change between two values, not a range.
                    let (start, end) = sq.ends();
                    match item.lead {
                        Lead::From => q.matches(&start),
                        Lead::To => q.matches(&end),
                        _ => q.matches(&start) || q.matches(&end),
                    }
                } else {
                    (q.matches(&sq) && !strength_only)
                        // (A claim's own bound, "ferritin over 1,000", a reading inside it
                        // states.)
                        || (single && s_item.lead != item.lead && within(item.lead, q.a, sq.a))
                        || dose.is_some_and(|d| q.matches(&d))
                        || pair_written_apart(items, k, q)
                };
                let matched = comparable && matched;
                // "Lialda 4.8 g PO daily" against "Mesalamine 1 g suppository: 1 PR nightly": a
                // dose by another route is another order, never a rival.
                if !matched && self.other_route(claim_items, item.clause, items) {
                    continue;
                }
                let described = comparable && neighbours_confirm(items, k, &claim_values);
                cands.push(Cand {
                    sim,
                    matched,
                    written,
                    comparable,
                    value: sq,
                    at,
                    lead: s_item.lead,
                    described,
                    strength_of_value: strength_only && q.matches(&sq),
                    next: items.get(k + 1).and_then(Item::term),
                    // (Asked only for a claim's frequency or duration.)
                    dose_before: matches!(q.dim, Dim::Frequency | Dim::Time)
                        .then(|| dose_before(items, k, true))
                        .flatten(),
                    pos: k,
                });
            }
        }
        // "residual soft tissue of 4.2 x 2.6 cm with SUVmax 18.6" against "decreased from 9.8
        // x 7.1 cm (SUVmax 18.6) to residual soft tissue of 4.2 x 2.6 cm, SUVmax 2.3": in a
        // change, a value between its start and the claim's other value is the start's; the
        // one after that value, of the claim's kind, is the claim's.
        if item.lead != Lead::From {
            let co_values: Vec<Quantity> = claim_items
                .iter()
                .filter(|i| i.sent == item.sent && i.pos != item.pos)
                .filter_map(Item::qty)
                .filter(|v| !v.is_time_point() && v.dim != q.dim)
                .copied()
                .collect();
            let start_phase = |c: &Cand| {
                let items = self.corpus.sentence_items(c.at);
                // (The change's start is of the other value's kind: "from 9.8 x 7.1 cm".)
                let after_start = items[..c.pos].iter().any(|i| {
                    i.lead == Lead::From
                        && i.qty().is_some_and(|x| {
                            co_values.iter().any(|v| v.comparable(x) && !v.matches(x))
                        })
                });
                let co_after = items[c.pos + 1..].iter().position(|i| {
                    i.qty()
                        .is_some_and(|x| co_values.iter().any(|v| v.comparable(x) && v.matches(x)))
                });
                let own_after = co_after.is_some_and(|w| {
                    items[c.pos + 1 + w + 1..]
                        .iter()
                        .take_while(|i| i.sent == items[c.pos].sent)
                        .filter_map(Item::qty)
                        .any(|u| u.dim == c.value.dim && q.comparable(u) && !q.matches(u))
                });
                after_start && own_after
            };
            let placed: Vec<&Cand> = cands
                .iter()
                .filter(|c| c.matched && c.sim >= SAME_ATTRIBUTE_SIM)
                .collect();
            if !co_values.is_empty() && !placed.is_empty() && placed.iter().all(|c| start_phase(c))
            {
                return QtyAlign::mismatch(q);
            }
        }
        // "hCG 1860 on day 4" against rows "03/02/2026 (Day 1): 1,742", "03/05/2026 (Day 4):
        // 1,860": of the row of the claim's day, the reading placed best, written in the
        // claim's unit, is the one the claim means.
        // (Placed better than any other there: a table's row of one test across dated
        // columns is no row of one day.)
        if let Some(day) = stamped_day {
            let in_row: Vec<&Cand> = cands
                .iter()
                .filter(|c| c.comparable && self.row_dated(c.at, &day))
                .collect();
            let best = in_row.iter().max_by(|a, b| a.sim.total_cmp(&b.sim));
            let alone = best.is_some_and(|b| {
                in_row
                    .iter()
                    .filter(|c| c.sim >= b.sim && !c.value.matches(&b.value))
                    .count()
                    == 0
            });
            if alone && best.is_some_and(|c| c.matched && c.value.dim == q.dim && c.sim > 0.0) {
                return QtyAlign::Matched;
            }
        }
        // "ran for two days" against "phototherapy 10/04 08:00 to 10/06 08:00 (48 h)" and a
        // bilirubin of 11.2: once a duration is found, a bare number is no rival of it; nor
        // is one ever a rival of a dose or a volume ("pentoxifylline 400 mg TID" against
        // "claudication at 1 block").
        let found_duration =
            q.dim == Dim::Time && !q.is_time_point() && cands.iter().any(|c| c.matched);
        if found_duration || matches!(q.dim, Dim::Mass | Dim::Volume) {
            cands.retain(|c| c.matched || c.value.dim != Dim::None);
        }
        // "Dexamethasone 4 mg tab: 2 tabs (8 mg) daily through 04/11, then 1 tab (4 mg) daily"
        // for "4 mg daily after 04/11": a strength equal to the claim's value is its rival only
        // while no dose states that value ("Sevelamer 800 mg tab - 2 tabs (1,600 mg)" for
        // "800 mg TID").
        if cands
            .iter()
            .any(|c| c.matched && c.sim >= SAME_ATTRIBUTE_SIM)
        {
            cands.retain(|c| !c.strength_of_value);
        }
        // "a Keppra 60 mg/kg IV load" against "Levetiracetam 60 mg/kg (900 mg) IV over 10
        // min" and "continue levetiracetam 20 mg/kg IV q12h": a load is given once, so a dose
        // given on a schedule is no rival of it (unless the claim gives a schedule too).
        let claim_load = claim_items.iter().any(|it| {
            it.sent == item.sent && it.term().is_some_and(|t| self.named.load.contains(&t))
        }) && !claim_items
            .iter()
            .any(|it| it.sent == item.sent && it.qty().is_some_and(|v| v.dim == Dim::Frequency));
        if claim_load && q.is_amount() && cands.iter().any(|c| c.matched) {
            cands.retain(|c| {
                let items = self.corpus.sentence_items(c.at);
                c.matched
                    || !items[c.pos + 1..]
                        .iter()
                        .take_while(|i| i.clause == items[c.pos].clause)
                        .filter_map(Item::qty)
                        .any(|v| v.dim == Dim::Frequency)
            });
        }
        // "then 200 mg PO BID" against "2 tabs (400 mg) PO BID x 7 days, then 1 tab (200 mg)
        // PO daily": a frequency is its dose's; the source frequencies of the claim's dose
        // are the ones it speaks of.
        // ("then 1 mg/min x 18 h" against "1 mg/min x 6 h, then 0.5 mg/min x 18 h": so is a
        // duration.)
        if let Some(d) = dose_before(claim_items, k, false) {
            let paired: Vec<&Cand> = cands
                .iter()
                .filter(|c| c.comparable && c.value.dim == q.dim)
                .filter(|c| c.dose_before.is_some_and(|b| d.matches(&b)))
                .filter(|c| c.sim >= SAME_ATTRIBUTE_SIM)
                .collect();
            // (Stated both ways, "5 mg q4h PRN ... discharged on 5 mg q6h PRN", the words
            // decide below.)
            if !paired.is_empty() && paired.iter().all(|c| c.matched) {
                return QtyAlign::Matched;
            }
            if !paired.is_empty() && paired.iter().all(|c| !c.matched) {
                return QtyAlign::mismatch(q);
            }
        }
        // "5 mg BID for 7 days, then 10 mg BID" against "10 mg BID x 7 days, then 5 mg BID":
        // the claim's later phase is the source's later phase of the sentence that has the
        // claim's value as its first one, so phases swapped disagree.
        if item.lead == Lead::Then {
            let first_at: Vec<(usize, usize)> = cands
                .iter()
                .filter(|c| c.matched && c.lead != Lead::Then && c.sim >= PAIRED_SIM)
                // (Not a tablet's strength: "5 mg tab: 2 tabs (10 mg) ..., then 1 tab (5 mg)".)
                .filter(|c| !c.strength_of_value)
                .map(|c| c.at)
                .collect();
            let later: Vec<&Cand> = cands
                .iter()
                .filter(|c| c.comparable && c.lead == Lead::Then && first_at.contains(&c.at))
                .collect();
            if !later.is_empty() && later.iter().all(|c| !c.matched) {
                return QtyAlign::mismatch(q);
            }
        }
        // "11 mm at C6" against "11 mm at C4 and 18 mm at C6": where a sentence lists values
        // each with the word of its own place after it, the one whose place is the word
        // after the claim's value is the one it speaks of.
        let claim_next = claim_items
            .get(k + 1)
            .filter(|i| i.sent == item.sent && i.clause == item.clause && !i.light && !i.when)
            .and_then(Item::term);
        if let Some(u) = claim_next {
            let placed: Vec<&Cand> = cands
                .iter()
                .filter(|c| c.comparable && c.value.dim == q.dim && c.next == Some(u))
                .filter(|c| c.sim >= PAIRED_SIM)
                .collect();
            // (Or beside another value of the measure with no word of its own: "SDH, 9 mm,
            // with 4 mm midline shift" for "9 mm midline shift".)
            let listed = placed.iter().any(|p| {
                cands.iter().any(|c| {
                    c.at == p.at
                        && c.value.dim == p.value.dim
                        && ((c.next.is_some() && c.next != Some(u))
                            || (c.next.is_none()
                                && !q.is_time_point()
                                && !c.value.matches(&p.value)))
                })
            });
            // (In one sentence only: "IPAP 16 / EPAP 6" and "IPAP 18 / EPAP 6" in two are two
            // settings, not two places.)
            let one_sentence = placed
                .iter()
                .all(|c| Some(c.at) == placed.first().map(|f| f.at));
            // (A word after several different values, "PVR 4.1 WU (baseline ...: PVR 9.6
            // WU)", is their unit, not a place that tells them apart.)
            let one_value = placed
                .iter()
                .all(|c| placed.first().is_some_and(|f| f.value.matches(&c.value)));
            if listed && one_sentence && one_value {
                return QtyAlign::settled(placed.iter().any(|c| c.matched), q);
            }
        }
        let best = cands.iter().map(|c| c.sim).fold(0.0, f64::max);
        // "Creatinine improved from 4.8 to 3.1 mg/dL on 05/05" against "Cr 4.8 -> 3.1 (05/03)
        // -> 1.6 mg/dL (05/05)": of a trend dated step by step, the step of the claim's day
        // is the one it speaks of.
        // (Only a value written with its own day: "to 3.1 mg/dL on 05/05".)
        let own_days: Vec<Quantity> = claim_items[k + 1..]
            .iter()
            .take_while(|i| i.sent == item.sent && i.qty().is_none_or(Quantity::is_time_point))
            .filter_map(Item::qty)
            .filter(|d| d.is_calendar())
            .copied()
            .collect();
        // (In the sentence of the value placed best, when it is placed as the claim's
        // attribute.)
        let placed = cands
            .iter()
            .filter(|c| c.comparable && c.sim >= SAME_ATTRIBUTE_SIM)
            .max_by(|a, b| a.sim.total_cmp(&b.sim));
        if let (false, false, Some(c)) = (own_days.is_empty(), q.is_time_point(), placed) {
            let items = self.corpus.sentence_items(c.at);
            // (A trend that has the claim's value at another day; one without it is left to
            // the words.)
            let has_value = items
                .iter()
                .filter_map(Item::qty)
                .any(|v| q.comparable(v) && q.matches(v));
            let step = dated_step(items, &self.reading_steps(items), &own_days)
                .and_then(|n| items[n].qty());
            if let (true, Some(v)) = (has_value, step) {
                if q.comparable(v) {
                    return QtyAlign::settled(q.matches(v), q);
                }
            }
        }
        // "On 04/10/2026, K was 5.1 mmol/L and eGFR was 44" against a table whose 04/10
        // column reads eGFR 41: a date opening the claim's sentence stamps each of its
        // readings, and of the readings placed about as well as the best, each dated by
        // its own column, the one of that date answers.
        if !q.is_time_point() && !is_counter(item) {
            // (And one written with the value: "2.1 mcg/dL on 06/03/2026".)
            let mut leading: Vec<Quantity> = claim_items
                .iter()
                .filter(|i| i.sent == item.sent)
                .take_while(|i| !is_reading(i))
                .filter_map(Item::qty)
                .filter(|d| d.dim == Dim::Date)
                .copied()
                .collect();
            leading.extend(own_days.iter().filter(|d| d.dim == Dim::Date));
            let own_date = |c: &Cand| {
                let items = self.corpus.sentence_items(c.at);
                let clause = items.get(c.pos).map(|i| i.clause);
                items[..c.pos.min(items.len())]
                    .iter()
                    .rev()
                    .take_while(|i| Some(i.clause) == clause && !is_reading(i))
                    .find_map(|i| i.qty().filter(|v| v.dim == Dim::Date).copied())
            };
            let same_day =
                |a: &Quantity, b: &Quantity| a.a == b.a && (a.b == 0.0 || b.b == 0.0 || a.b == b.b);
            let dated: Vec<(&Cand, Quantity)> = cands
                .iter()
                .filter(|c| c.comparable && c.sim >= SAME_ATTRIBUTE_SIM && c.sim >= 0.8 * best)
                .filter_map(|c| Some((c, own_date(c)?)))
                .collect();
            let of_day: Vec<&Cand> = dated
                .iter()
                .filter(|(_, d)| leading.iter().any(|l| same_day(l, d)))
                .map(|(c, _)| *c)
                .collect();
            // (Columns of dates: another reading of the same row has another date.)
            let other_days = dated.iter().any(|(c, d)| {
                !leading.iter().any(|l| same_day(l, d)) && of_day.iter().any(|o| o.at == c.at)
            });
            if !leading.is_empty() && !of_day.is_empty() && other_days {
                return QtyAlign::settled(of_day.iter().any(|c| c.matched), q);
            }
        }
        // "Hgb 11.9 g/dL on POD 1" against a table whose POD 1 column reads 12.6 and POD 2
        // column 11.9: a day counter written with the claim's value stamps it as a date
        // does, so of the readings placed about as well as the best, the one of the
        // claim's day answers.
        // (So does an hour's place, "1.9 umol/L at 24 h" against "Hour 24: MTX 38.1", not a
        // duration, "for 24 h".)
        // (And an hour that names the test before the value: "the 2-hour glucose was 182"
        // against rows "1 h | 182" and "2 h | 151".)
        let mut own_counters: Vec<Quantity> = claim_items[k + 1..]
            .iter()
            .take_while(|i| i.sent == item.sent && !is_reading(i))
            .filter(|i| is_counter(i))
            .filter_map(Item::qty)
            .copied()
            .collect();
        own_counters.extend(hour_naming_test(claim_items, k));
        if !own_counters.is_empty() && !q.is_time_point() && !is_counter(item) {
            let of_day: Vec<&Cand> = cands
                .iter()
                .filter(|c| c.comparable && c.sim >= SAME_ATTRIBUTE_SIM && c.sim >= 0.8 * best)
                .filter(|c| {
                    counter_of(self.corpus.sentence_items(c.at), c.pos, self.named.hour)
                        .is_some_and(|d| own_counters.iter().any(|o| o.matches(d)))
                })
                .collect();
            if !of_day.is_empty() {
                return QtyAlign::settled(of_day.iter().any(|c| c.matched), q);
            }
        }
        // "LDH peaked at 1,010 U/L on 09/16" against "09/16 04:00: LDH 1,260 U/L ... 09/16
        // 14:00: LDH 1,010 U/L": a value the claim calls the peak (or the nadir) is the
        // highest (lowest) of the readings placed as well as the one it matches.
        // (Right before the value: "peak VO2 of 10.8" names a measure.)
        // (Or opening the clause that names the value's test: "Maximum intrapartum
        // temperature was 38.4 C" against "Tmax 38.6 C (03:00)" and "04:00: T 38.4 C".)
        let framed_right_before = claim_items[..k]
            .last()
            .filter(|i| i.clause == item.clause)
            .and_then(|i| self.extreme_word(i));
        let extreme = framed_right_before.or_else(|| {
            claim_items[..k]
                .iter()
                .rev()
                .take_while(|i| i.clause == item.clause && i.qty().is_none())
                .last()
                .and_then(|i| self.extreme_word(i))
        });
        if let (Some(high), false) = (extreme, q.is_time_point()) {
            let found = cands
                .iter()
                .filter(|c| c.matched && c.comparable && c.value.shape == Shape::Single)
                .max_by(|a, b| a.sim.total_cmp(&b.sim));
            // (A rival reading is one of the claim's test: its sentence names it, "LDH".)
            // (The words before the value but the framing word itself.)
            let subject: Vec<Term> = claim_items[..k]
                .iter()
                .rev()
                .take_while(|i| i.clause == item.clause)
                .filter(|i| !i.light && self.extreme_word(i).is_none())
                .filter_map(Item::term)
                .collect();
            let names_test = |at: (usize, usize)| {
                self.corpus
                    .sentence_items(at)
                    .iter()
                    .any(|i| i.term().is_some_and(|t| subject.contains(&t)))
            };
            // (Bare numbers are too weakly placed: "HR nadir 74" meets the RR and the mean BP.)
            // "Uric acid peaked at 11.6" against "Uric acid 11.6 mg/dL on admission, peaked at
            // 13.1 mg/dL": a rival the matched value's own sentence calls the same extreme
            // is the extreme, however its surroundings weigh.
            let called_extreme = |c: &Cand| {
                c.pos > 0 && {
                    let items = self.corpus.sentence_items(c.at);
                    items[c.pos - 1].clause == items[c.pos].clause
                        && self.extreme_word(&items[c.pos - 1]) == Some(high)
                }
            };
            if let Some(m) = found.filter(|_| q.dim != Dim::None) {
                let beyond = cands.iter().any(|c| {
                    c.comparable
                        && names_test(c.at)
                        && !c.matched
                        && c.value.shape == Shape::Single
                        && c.value.dim == m.value.dim
                        // (Framed at the clause's start, one written in the claim's unit: a
                        // bare number of a table's other row, "HOL 62", is no reading of
                        // the test.)
                        && (framed_right_before.is_some() || c.value.dim == q.dim)
                        && (c.sim >= m.sim * NEAR_TIE || (c.at == m.at && called_extreme(c)))
                        && if high {
                            c.value.a > m.value.a
                        } else {
                            c.value.a < m.value.a
                        }
                });
                if beyond {
                    return QtyAlign::mismatch(q);
                }
            }
        }
        // "Creatinine improved from 4.8 to 1.6 mg/dL" against "Cr 4.8 -> 3.1 (11/16) -> 1.6
        // mg/dL (11/20)": the end of a change is the later step of a source's trend that
        // starts at the change's start.
        if self.trend_reaches(item, q) || self.dimensions_found(item) {
            return QtyAlign::Matched;
        }
        // "Sodium was 158 mmol/L on admission and 144 mmol/L at discharge" against "Na 158
        // mmol/L on admission" and "DISCHARGE BMP 08/04/2026 15:20: Na 144 mmol/L": of a
        // claim pairing its values with time points, a value placed best in a sentence of
        // another of them belongs there; the claim's value in a sentence of its own time
        // point is the one it means.
        let own_when: Vec<Term> = claim_items
            .iter()
            .filter(|it| it.sent == item.sent && it.clause == item.clause && it.when)
            .filter_map(Item::term)
            .collect();
        let other_when: Vec<Term> = claim_items
            .iter()
            .filter(|it| it.sent == item.sent && it.clause != item.clause && it.when)
            .filter_map(Item::term)
            .filter(|t| !own_when.contains(t))
            .collect();
        // (The stamped value below may be a bare number: "NIHSS ... 3 at discharge".)
        let specific_value = q.dim != Dim::None;
        // The comparable value placed best, which the rules below may overrule.
        let top_placed = || {
            cands
                .iter()
                .filter(|c| c.comparable)
                .max_by(|a, b| a.sim.total_cmp(&b.sim))
        };
        if !own_when.is_empty() {
            let names = |c: &Cand, words: &[Term]| {
                self.corpus
                    .sentence_items(c.at)
                    .iter()
                    .any(|i| i.term().is_some_and(|t| words.contains(&t)))
            };
            let top = top_placed();
            if specific_value
                && !other_when.is_empty()
                && top.is_some_and(|t| !t.matched && names(t, &other_when) && !names(t, &own_when))
                && cands
                    .iter()
                    .any(|c| c.matched && c.value.dim == q.dim && names(c, &own_when))
            {
                return QtyAlign::Matched;
            }
            // "discharged on enoxaparin 30 mg subcut q12h" against "enoxaparin 30 mg subcut
            // q12h started 05/22 ... increased to 40 mg q12h" and "Discharge on enoxaparin 40
            // mg subcut q12h": the value placed best that its sentence does not name the
            // claim's time point yields to those of sentences that do.
            // (The time point of this value: the one after it before the clause's next
            // value, else the one before it back to the previous value; "from 1.9 mg/dL on
            // admission to 1.0 mg/dL at discharge" gives each its own.)
            let after: Vec<Term> = claim_items[k + 1..]
                .iter()
                .take_while(|i| i.sent == item.sent && i.clause == item.clause && i.qty().is_none())
                .filter(|i| i.when)
                .filter_map(Item::term)
                .collect();
            // (Before it only when no value stands between: "on admission" of "from 9.8 on
            // admission to 1.0" is the 9.8's.)
            let before = || {
                let stretch: Vec<&Item> = claim_items[..k]
                    .iter()
                    .rev()
                    .take_while(|i| i.sent == item.sent && i.clause == item.clause)
                    .collect();
                if stretch.iter().any(|i| i.qty().is_some()) {
                    return Vec::new();
                }
                stretch
                    .iter()
                    .filter(|i| i.when)
                    .filter_map(|i| i.term())
                    .collect()
            };
            let near_when = if after.is_empty() { before() } else { after };
            // "NIHSS improved from 14 on arrival to 6 at discharge" against "NIHSS 14 on
            // arrival, 6 at 24 h, 3 at discharge": a source value written with that time point
            // right after it is the one the claim means.
            let stamped: Vec<&Cand> = cands
                .iter()
                .filter(|c| {
                    c.comparable
                        && c.value.dim == q.dim
                        && c.value.shape == q.shape
                        && c.sim >= SAME_ATTRIBUTE_SIM
                        && claim_drug.is_none()
                        && !near_when.is_empty()
                })
                .filter(|c| {
                    let items = self.corpus.sentence_items(c.at);
                    items[c.pos + 1..]
                        .iter()
                        .take_while(|i| {
                            i.clause == items[c.pos].clause
                                && (i.light
                                    || i.when
                                    || i.qty().is_some_and(Quantity::is_time_point))
                        })
                        .any(|i| i.when && i.term().is_some_and(|t| near_when.contains(&t)))
                })
                .collect();
            if !stamped.is_empty() {
                return QtyAlign::settled(stamped.iter().any(|c| c.matched), q);
            }
            let own: Vec<&Cand> = cands
                .iter()
                .filter(|c| {
                    c.comparable
                        && c.value.dim == q.dim
                        && c.sim >= SAME_ATTRIBUTE_SIM
                        && names(c, &near_when)
                })
                .collect();
            if specific_value
                && !near_when.is_empty()
                && top.is_some_and(|t| t.matched && !names(t, &near_when))
                && !own.is_empty()
                && !own.iter().any(|c| c.matched)
            {
                return QtyAlign::mismatch(q);
            }
        }
        // "face-down for one week" against "face-down positioning 50 minutes of every hour
        // for 7 days": a duration the claim gives "for" is the one its sentence gives
        // "for", however another placed there.
        if q.dim == Dim::Time
            && item.lead == Lead::For
            && top_placed().is_some_and(|t| {
                !t.matched
                    && t.lead != Lead::For
                    && cands
                        .iter()
                        .any(|c| c.at == t.at && c.matched && c.lead == Lead::For)
            })
        {
            return QtyAlign::Matched;
        }
        // "within the goal range of 6-8 ng/mL" against "Goal range (months 3-12): 6-8
        // ng/mL": in the sentence of a bare range placed best, a range written in the claim's
        // unit and equal to it is the claim's.
        if q.shape == Shape::Range
            && q.dim != Dim::None
            && top_placed().is_some_and(|t| {
                t.value.dim == Dim::None
                    && t.value.shape == Shape::Range
                    && !t.matched
                    && cands
                        .iter()
                        .any(|c| c.at == t.at && c.matched && c.value.dim == q.dim)
            })
        {
            return QtyAlign::Matched;
        }
        #[cfg(test)]
        if std::env::var("DEBUG_EVIDENCE").is_ok() {
            eprintln!(
                "qty {:?} drug={claim_drug:?} total={total:.2} best={best:.2}",
                q
            );
            for c in &cands {
                eprintln!(
                    "   cand sim={:.2} match={} written={} comparable={} {:?}",
                    c.sim, c.matched, c.written, c.comparable, c.value
                );
            }
        }
        // A date is specific enough to find by itself: one the cited sources give (often
        // once, in a heading such as "Labs 06/14/2026:") supports the claim's date unless a
        // different date sits closer to the claim's words.
        if q.is_calendar() {
            // "His next 156 mg injection is due on May 12" against "156 mg IM given
            // 04/14/2026 ... Next dose due 05/12/2026": the date of what comes next is the
            // one a sentence about what comes next gives, unless such a sentence gives
            // another.
            let upcoming = |items: &[Item]| items.iter().any(|i| i.term().is_some_and(ahead));
            if claim_plans {
                let ahead: Vec<&Cand> = cands
                    .iter()
                    // (Sharing some of the claim's words: "Vascular surgery 11/17 for AVF
                    // planning" is no answer to "first outpatient dialysis session".)
                    .filter(|c| {
                        c.comparable && c.sim > 0.0 && upcoming(self.corpus.sentence_items(c.at))
                    })
                    .collect();
                if !ahead.is_empty() && ahead.iter().all(|c| c.matched) {
                    return QtyAlign::Matched;
                }
            }
            // The date of the source sentence that holds the claim's other values ("Labs
            // 11/16: ... K 5.6 mmol/L" for "K was 5.6 mmol/L on 11/16") is the one it speaks
            // of, wherever the claim's words sit closer.
            if !claim_values.is_empty() {
                // (Those of the date's own clause, if it has any: "Tacrolimus trough on
                // September 18, 2026 was 7.2 ng/mL, within the goal range of 6-8 ng/mL".)
                let own_clause: Vec<Quantity> = claim_items
                    .iter()
                    .filter(|it| it.sent == item.sent && it.clause == item.clause)
                    .filter(|it| it.pos != item.pos)
                    .filter_map(|it| it.qty().copied())
                    .filter(|o| claim_values.iter().any(|v| v == o))
                    .collect();
                let values = if own_clause.is_empty() {
                    &claim_values
                } else {
                    &own_clause
                };
                let holds = |at: (usize, usize)| {
                    let items = self.corpus.sentence_items(at);
                    values.iter().all(|o| {
                        items
                            .iter()
                            .filter_map(Item::qty)
                            .any(|v| v.dim == o.dim && o.matches(v))
                    })
                };
                // (A date there equal to another date of the claim's sentence is that one's:
                // "from pain onset at 04:30 to detorsion at 10:00".)
                let other_dates: Vec<Quantity> = claim_items
                    .iter()
                    .filter(|it| it.sent == item.sent && it.pos != item.pos)
                    .filter_map(|it| it.qty().copied())
                    .filter(|o| o.is_calendar() && o.comparable(q) && !o.matches(q))
                    .collect();
                let dated: Vec<&Cand> = cands
                    .iter()
                    .filter(|c| c.comparable && holds(c.at))
                    .filter(|c| !other_dates.iter().any(|o| o.matches(&c.value)))
                    .collect();
                // ("weaned to 10 mg/h on 01/21" against "weaned to 10 mg/h on 01/20 and to
                // intermittent albuterol ... on 01/21": the date right after the claim's
                // value is that value's, and so is the one right after it in the source.)
                let value_before = claim_items[..k]
                    .iter()
                    .rev()
                    .take_while(|i| i.sent == item.sent && i.clause == item.clause)
                    .find_map(|i| i.qty().filter(|v| !v.is_time_point()).copied());
                if let Some(v) = value_before {
                    // (The reading before a date, past its frequency: "10 mg PO BID through
                    // 11/12".)
                    let reading_before = |items: &[Item], pos: usize| {
                        items[..pos]
                            .iter()
                            .rev()
                            .filter_map(Item::qty)
                            .find(|x| {
                                !x.is_time_point() && !matches!(x.dim, Dim::Frequency | Dim::Time)
                            })
                            .copied()
                    };
                    // (Not a table's date, which stamps the reading after it.)
                    let stamps_next = |items: &[Item], pos: usize| {
                        items[pos + 1..]
                            .iter()
                            .find(|i| i.qty().is_none_or(|x| !x.is_time_point()))
                            .is_some_and(is_reading)
                    };
                    let own: Vec<&&Cand> = dated
                        .iter()
                        .filter(|c| {
                            let items = self.corpus.sentence_items(c.at);
                            reading_before(items, c.pos)
                                .is_some_and(|x| x.dim == v.dim && v.matches(&x))
                                && !stamps_next(items, c.pos)
                        })
                        .collect();
                    if !own.is_empty() {
                        return QtyAlign::settled(own.iter().any(|c| c.matched), q);
                    }
                }
                if dated.iter().any(|c| c.matched) {
                    return QtyAlign::Matched;
                }
                // (A time of day there may be another event's: "17:35 LR 30 mL/kg = 2.4 L
                // ordered" for "a 2,400 mL bolus completed by 18:40".)
                if !dated.is_empty() && q.dim != Dim::Clock {
                    return QtyAlign::mismatch(q);
                }
            }
            let found = cands
                .iter()
                .filter(|c| c.matched)
                .max_by(|a, b| a.sim.total_cmp(&b.sim));
            if let Some(m) = found {
                let rival = cands
                    .iter()
                    .any(|c| c.comparable && !c.matched && c.sim > m.sim);
                // ("DATE: 04/07/2026" heading a report shares no word with the claim: with
                // no other date placed as well, it is the report's date.)
                let tie = cands
                    .iter()
                    .any(|c| c.comparable && !c.matched && c.sim >= m.sim);
                if (m.sim >= PAIRED_SIM && !rival) || !tie {
                    return QtyAlign::Matched;
                }
            }
        }
        // A value with a unit, or a pair of numbers ("20/40"), is specific: one of the
        // claim's unit placed best speaks of the claim's attribute.
        let specific_claim = q.dim != Dim::None || q.shape == Shape::Pair;
        // The claim sentence's time points ("at discharge", "on admission").
        let claim_when: Vec<Term> = claim_items
            .iter()
            .filter(|it| it.sent == item.sent && it.when)
            .filter_map(Item::term)
            .collect();
        let specific =
            |v: &Quantity| v.dim == q.dim && (q.dim != Dim::None || v.shape == Shape::Pair);
        // "NIHSS improved from 7 to 2": a source value equal to another value of the claim's
        // sentence is that value's evidence, not a rival of this one.
        let others: Vec<Quantity> = claim_items
            .iter()
            .filter(|it| it.sent == item.sent && it.pos != item.pos)
            .filter_map(|it| it.qty().copied())
            .filter(|o| q.comparable(o) && !q.matches(o))
            .collect();
        let explained = |c: &Cand| others.iter().any(|o| c.value.matches(o));
        if best < SAME_ATTRIBUTE_SIM {
            // A value written with its unit that is also the best placed of all is the one the
            // claim means, even with few words in common ("febrile to 38.6 C" against "VS: T
            // 38.6 C, HR 112").
            // (And one of the same unit placed best disagrees, "39.6 C" against it, unless
            // the claim's value is stated elsewhere: "5 mg BID after the first 7 days"
            // against "10 mg BID for 7 days, then 5 mg BID for 3 months".)
            // (A pair of numbers, "20/40", is as specific as a unit.)
            // (Set aside what another value of the claim explains.)
            let best = cands
                .iter()
                .filter(|c| !explained(c))
                .map(|c| c.sim)
                .fold(0.0, f64::max);
            let best_placed: Vec<&Cand> = cands
                .iter()
                .filter(|c| c.sim >= best && !explained(c))
                .collect();
            // (With a clause's left-out subject given, the value placed best by it is the
            // one the clause speaks of, bare or not: "Lipase 96" for "had fallen to 96 U/L",
            // once the values of the claim's other clauses are set aside.)
            if !subject.is_empty() {
                let mut placed: Vec<&Cand> = cands
                    .iter()
                    .filter(|c| c.sim >= best * NEAR_TIE && !explained(c))
                    .collect();
                // (Of the subject's readings placed alike, those of a line that names the
                // claim's time point: "05/04 05:30 (discharge): WBC 8.1, ... . Lipase 96.")
                let line_names_when = |c: &&Cand| {
                    let line = (c.at.0, self.line_start(c.at));
                    [c.at, line].iter().any(|at| {
                        self.corpus
                            .sentence_items(*at)
                            .iter()
                            .any(|i| i.term().is_some_and(|t| claim_when.contains(&t)))
                    })
                };
                if placed.iter().any(line_names_when) {
                    placed.retain(line_names_when);
                }
                if best >= PAIRED_SIM && placed.iter().all(|c| c.matched) {
                    return QtyAlign::Matched;
                }
            }
            if specific_claim
                && best >= PAIRED_SIM
                && best_placed.iter().all(|c| specific(&c.value))
            {
                if best_placed.iter().all(|c| c.matched) {
                    return QtyAlign::Matched;
                }
                // (A date placed this weakly disagrees only from a sentence naming something
                // of the date's own clause: notes are full of dates, and "an appointment on
                // April 22" is no event of a chest X-ray report.)
                let own_clause: Vec<Term> = claim_items
                    .iter()
                    .filter(|it| it.sent == item.sent && it.clause == item.clause)
                    .filter(|it| !it.light && !it.when)
                    .filter_map(Item::term)
                    .collect();
                let names_own = |c: &&Cand| {
                    self.corpus
                        .sentence_items(c.at)
                        .iter()
                        .any(|i| i.term().is_some_and(|t| own_clause.contains(&t)))
                };
                if !cands.iter().any(|c| c.matched)
                    && (!q.is_calendar() || best_placed.iter().all(names_own))
                {
                    return QtyAlign::mismatch(q);
                }
            }
            // "Peak hs-troponin I was 4,812 ng/L" against a table row "05/21 23:30: 4812 (H)
            // - peak" under "hs-Troponin I (ng/L)": a number of four significant digits is
            // specific enough to find by itself when nothing else is placed near the claim.
            if !q.is_calendar()
                && q.shape == Shape::Single
                && best < PAIRED_SIM
                && significant_digits(q.raw_a) >= 4
                && cands.iter().any(|c| c.matched && c.value.raw_a == q.raw_a)
            {
                return QtyAlign::Matched;
            }
            return QtyAlign::NotFound;
        }
        // "Methotrexate was changed to subcutaneous injection at 15 mg" against "on MTX 15 mg
        // PO weekly ... Change MTX to 20 mg subcut": of values placed alike, the end of a
        // change is what a claim's first value after a verb of change speaks of.
        let change_end = item.lead != Lead::From && {
            let mut before = claim_items[..k]
                .iter()
                .rev()
                .take_while(|it| it.sent == item.sent && it.clause == item.clause)
                .take_while(|it| it.qty().is_none());
            before.any(|it| it.term().is_some_and(|t| self.named.change.contains(&t)))
        };
        let ends_first = |placed: &mut Vec<&Cand>| {
            if change_end
                && placed.iter().any(|c| c.lead == Lead::To)
                && !placed.iter().all(|c| c.lead == Lead::To)
            {
                placed.retain(|c| c.lead == Lead::To);
            }
        };
        let mut top: Vec<&Cand> = cands
            .iter()
            .filter(|c| c.sim >= best * NEAR_TIE && c.sim >= SAME_ATTRIBUTE_SIM)
            .collect();
        ends_first(&mut top);
        // "Triage heart rate was 88" against "Triage VS: HR 112 ... Repeat VS 14:30: HR 88":
        // of readings placed alike, those whose sentence names the claim's time point are the
        // ones it speaks of.
        if !claim_when.is_empty() {
            let names_when = |c: &&Cand| {
                self.corpus
                    .sentence_items(c.at)
                    .iter()
                    .any(|i| i.term().is_some_and(|t| claim_when.contains(&t)))
            };
            if top.iter().any(names_when) && !top.iter().all(names_when) {
                top.retain(names_when);
            }
            // ("NIHSS 4 at 24 h; 2 at discharge": a reading opening a later part of the
            // same semicolon run goes on with its subject, and names the time point.)
            if !top.is_empty() && !top.iter().any(names_when) {
                let chain = |at: (usize, usize)| (at.0, self.semicolon_chain_start(at));
                let continued: Vec<&Cand> = cands
                    .iter()
                    .filter(|c| c.comparable && c.pos == 0 && c.value.dim == q.dim)
                    .filter(|c| {
                        top.iter()
                            .any(|t| t.at.1 < c.at.1 && chain(t.at) == chain(c.at))
                    })
                    .filter(names_when)
                    .collect();
                if !continued.is_empty() {
                    top = continued;
                }
            }
        }
        // "wt 71.4 kg (72.9 kg at discharge)" for "weight at today's visit was 72.9 kg": of
        // readings placed alike, one whose own words give it a time point the claim does
        // not name is another time's.
        let other_time = |c: &&Cand| {
            let items = self.corpus.sentence_items(c.at);
            let clause = items.get(c.pos).map(|i| i.clause);
            items[(c.pos + 1).min(items.len())..]
                .iter()
                .take_while(|i| Some(i.clause) == clause && !is_reading(i))
                .any(|i| i.when && i.term().is_some_and(|t| !claim_when.contains(&t)))
        };
        // (Not a change's end: "lactate 3.4 on arrival, improved to 1.1" for "improved
        // from 3.4 to 1.1".)
        if !q.is_time_point()
            && !matches!(item.lead, Lead::From | Lead::To)
            && top.iter().any(other_time)
            && !top.iter().all(other_time)
        {
            top.retain(|c| !other_time(c));
        }
        // "raising hemoglobin from 7.2 to 8.4" reads as a range, but it may be a change
        // between two values that the source gives one by one ("Hgb 7.2 ... to Hgb 8.4");
        // found so, it decides before any one source value does ("increased from 75 to 88
        // mcg daily" against "from 75 mcg to 88 mcg PO daily").
        if q.shape == Shape::Range {
            // (Each end given as a value of its own: "7-8 weeks" is not inside "6-8 weeks".)
            // A change keeps its direction: its start is never a source's end of a change
            // ("rose from 1.1 to 2.4" against "2.4 -> 1.1").
            let found = |e: Quantity, not: Lead| {
                cands.iter().any(|c| {
                    c.sim >= PAIRED_SIM
                        && c.value.shape == Shape::Single
                        && c.lead != not
                        && e.comparable(&c.value)
                        && e.matches(&c.value)
                })
            };
            let (start, end) = q.ends();
            if found(start, Lead::To) && found(end, Lead::From) {
                return QtyAlign::Matched;
            }
        }
        // "Azithromycin 500 mg x 1 then 250 mg daily x 4 days": the source value that the
        // claim's other values describe exactly ("daily ... for four days") is the one it
        // speaks about, even when another value sits closer to the shared words.
        let described: Vec<&Cand> = cands
            .iter()
            .filter(|c| c.described && c.sim >= SAME_ATTRIBUTE_SIM)
            .collect();
        // Of several so described ("20 mg daily (home dose 40 mg daily)"), the words decide.
        let best_described = described.iter().map(|c| c.sim).fold(0.0, f64::max);
        let mut described: Vec<&Cand> = described
            .into_iter()
            .filter(|c| c.sim >= best_described * NEAR_TIE)
            .collect();
        ends_first(&mut described);
        if described.iter().any(|c| c.matched) {
            return QtyAlign::Matched;
        }
        // Disagreeing, it contradicts only in the claim's own unit: a bare number is
        // comparable with any value, whose neighbours may be anyone's ("3.4 ... improved to
        // 1.1 mmol/L after 30 mL/kg"); and, for a value of no drug, only when no equal value
        // is placed better (in a flowsheet row "| 112 | 138/86 | 22 | 89% |" the respiratory
        // rate stands beside the SpO2 a claim gives with its heart rate, 112). (A drug's
        // doses are phases of one attribute: "500 mg x 1 then 250 mg daily x 4 days".)
        let best_matched = if claim_drug.is_none() {
            cands
                .iter()
                .filter(|c| c.matched)
                .map(|c| c.sim)
                .fold(0.0, f64::max)
        } else {
            0.0
        };
        if let Some(c) = described
            .iter()
            .find(|c| c.value.dim == q.dim && c.sim >= best_matched)
        {
            // The claim's value is the later phase's ("10 mg BID for 7 days, then 5 mg BID"
            // for "5 mg BID after the first 7 days"): which phase it means is not clear, so
            // the value is neither confirmed nor contradicted.
            if cands
                .iter()
                .any(|m| m.matched && m.lead == Lead::Then && m.sim >= SAME_ATTRIBUTE_SIM)
            {
                return QtyAlign::NotFound;
            }
            return QtyAlign::Mismatch(if c.written {
                format!("unit_mismatch:{}", q.attribute())
            } else {
                format!("numeric_mismatch:{}", q.attribute())
            });
        }
        // "Admission WBC was 9.8" against dated panels "05/02: WBC 14.6" and "05/04: WBC
        // 9.8": of one test's readings on several days, the first day's is the admission one.
        // (Not the end of a change: "fell from 17.6 on admission to 8.4 at discharge".)
        let at_admission = item.lead != Lead::To
            && claim_items.iter().any(|it| {
                it.sent == item.sent && it.term().is_some_and(|t| self.named.first.contains(&t))
            });
        if at_admission {
            // (A reading's own date is the nearest before it in its clause, as in a table
            // of dated columns, "WBC | 18.6 | 14.2 | 10.9" under "08/18 | 08/19 | 08/20";
            // else the sentence's first; else the nearest of an earlier sentence of its line,
            // "04/02/2026 22:40 (ED): VBG pH 7.12; Na 131, HCO3 9 mmol/L".)
            let date = |i: &Item| i.qty().filter(|v| v.dim == Dim::Date).copied();
            let first_dated = |items: &[Item]| {
                items
                    .iter()
                    .filter_map(date)
                    .filter(|v| v.b > 0.0)
                    .reduce(|x, y| if (y.b, y.a) < (x.b, x.a) { y } else { x })
            };
            let day = |c: &Cand| {
                let items = self.corpus.sentence_items(c.at);
                let clause = items.get(c.pos).map(|i| i.clause);
                let own = items[..c.pos.min(items.len())]
                    .iter()
                    .rev()
                    .take_while(|i| Some(i.clause) == clause)
                    .find_map(date);
                own.or_else(|| first_dated(items))
                    .or_else(|| {
                        (self.line_start(c.at)..c.at.1)
                            .rev()
                            .find_map(|k| first_dated(self.corpus.sentence_items((c.at.0, k))))
                    })
                    .map(|v| (v.b, v.a))
            };
            // (A table row's readings placed about as well as the best are all the test's;
            // in a row of readings each under its own date, whatever notes the dates carry
            // ("07/20/26 06:55 (ED)"), all of the claim's measure are.)
            let rows: Vec<(usize, usize)> = top.iter().map(|c| c.at).collect();
            let dated_row = |at: (usize, usize)| {
                q.dim != Dim::None
                    && claim_dates.is_empty()
                    && self
                        .corpus
                        .sentence_items(at)
                        .iter()
                        .filter(|i| i.qty().is_some_and(|v| v.dim == Dim::Date))
                        .count()
                        >= 2
            };
            let mut readings: Vec<((f64, f64), &Cand)> = cands
                .iter()
                .filter(|c| {
                    top.iter().any(|t| std::ptr::eq(*t, *c))
                        || (!q.is_time_point()
                            && specific_claim
                            && q.dim != Dim::Count
                            && rows.contains(&c.at)
                            && ((c.sim >= 0.8 * best && c.sim >= SAME_ATTRIBUTE_SIM)
                                || dated_row(c.at)))
                })
                .filter(|c| c.comparable && c.value.dim == q.dim)
                .filter_map(|c| Some((day(c)?, c)))
                .collect();
            // (A date written without its year is of the year the others give.)
            let year = readings.iter().map(|((y, _), _)| *y).fold(0.0, f64::max);
            for ((y, _), _) in readings.iter_mut() {
                if *y == 0.0 {
                    *y = year;
                }
            }
            let days = readings.iter().map(|(d, _)| *d);
            let first_day = days.clone().reduce(|x, y| if y < x { y } else { x });
            let last_day = days.reduce(|x, y| if y > x { y } else { x });
            if let (Some(first_day), Some(last_day)) = (first_day, last_day) {
                if first_day < last_day {
                    // (Of the first day's readings each timed on its own row, "08/13 22:48 (ED
                    // triage): BP 86/52" and "08/13 23:40 (after 2 L LR): BP 104/68", the
                    // earliest is the arrival's.)
                    let clock = |c: &Cand| {
                        self.corpus
                            .sentence_items(c.at)
                            .iter()
                            .filter_map(Item::qty)
                            .find(|v| v.dim == Dim::Clock)
                            .map(|v| v.a)
                    };
                    let first: Vec<(Option<f64>, &Cand)> = readings
                        .iter()
                        .filter(|(d, _)| *d == first_day)
                        .map(|(_, c)| (clock(c), *c))
                        .collect();
                    let times: Vec<f64> = first.iter().filter_map(|(t, _)| *t).collect();
                    let earliest = times.iter().copied().fold(f64::INFINITY, f64::min);
                    let timed = times.len() == first.len() && times.iter().any(|t| *t > earliest);
                    let on_first = first
                        .iter()
                        .any(|(t, c)| c.matched && (!timed || *t == Some(earliest)));
                    return QtyAlign::settled(on_first, q);
                }
            }
        }
        if top.iter().any(|c| c.matched) {
            return QtyAlign::Matched;
        }
        // "NIHSS improved from 7 to 2": a source value equal to another value of the
        // claim's sentence is that value's evidence, not a rival of this one. When it alone
        // took the best places, the best of the rest decides, if it matches.
        if !others.is_empty() && top.iter().all(|c| explained(c)) {
            let rest = cands
                .iter()
                .filter(|c| !explained(c))
                .max_by(|a, b| a.sim.total_cmp(&b.sim));
            // (A time of day is specific enough to be found by itself there: "from pain onset
            // at 04:30 to detorsion at 10:00" against "pain 04:30 ... detorsion at 10:00".)
            let enough = |c: &Cand| c.sim >= PAIRED_SIM || (q.dim == Dim::Clock && c.sim > 0.0);
            if rest.is_some_and(|c| c.matched && enough(c)) {
                return QtyAlign::Matched;
            }
            // ("Discharged on glargine 14 units daily, later reduced to 12 units" against
            // "glargine 14 units daily" alone: the change's end is not stated, not
            // contradicted.)
            if (change_end || item.lead == Lead::To)
                && rest.is_none_or(|c| c.sim < SAME_ATTRIBUTE_SIM)
            {
                return QtyAlign::NotFound;
            }
        }
        // "0.3 mcg/h" against the best-placed "0.3 mg/h": the same written number in another
        // unit of the same measure is a unit slip, wherever the words around it differ.
        if top.iter().any(|c| {
            c.value.dim == q.dim && q.same_written_number(&c.value) && q.other_unit(&c.value)
        }) {
            return QtyAlign::Mismatch(format!("unit_mismatch:{}", q.attribute()));
        }
        // "for ten days" against "on RA from DOL 28 ... x 10 days": a bare number is a day's
        // place ("DOL 28", "POD 3"), no rival of a duration the source writes in days.
        if q.dim == Dim::Time
            && top.iter().all(|c| c.value.dim == Dim::None)
            && cands
                .iter()
                .any(|c| c.matched && c.value.dim == Dim::Time && c.sim >= SAME_ATTRIBUTE_SIM)
        {
            return QtyAlign::Matched;
        }
        if best < CONTRADICT_SIM {
            // (As below SAME_ATTRIBUTE_SIM: a value in the claim's own unit placed best, with
            // the claim's value nowhere in the sources, disagrees: "scheduled for March 17"
            // against "RTC retina 03/14/2026 for OCT OD and injection #3".)
            if specific_claim
                && top.iter().all(|c| specific(&c.value))
                && !cands.iter().any(|c| c.matched)
            {
                return QtyAlign::mismatch(q);
            }
            return QtyAlign::NotFound;
        }
        if top.iter().any(|c| c.written)
            || top.iter().any(|c| {
                c.comparable
                    && q.same_written_number(&c.value)
                    && q.dim != Dim::None
                    && c.value.dim != Dim::None
            })
        {
            return QtyAlign::Mismatch(format!("unit_mismatch:{}", q.attribute()));
        }
        if top.iter().any(|c| c.comparable) {
            return QtyAlign::mismatch(q);
        }
        QtyAlign::NotFound
    }

    /// Negation and laterality: a fact word stated with the other polarity or the other
    /// side in the sentences that best match the fact contradicts it.
    fn polarity_contradictions(&self, fact: Fact<'_>, ranked: &Ranked) -> Vec<String> {
        let mut out = Vec::new();
        if self.denied_growth_counted(fact) || self.dated_result_opposite(fact) {
            out.push("negation_mismatch".into());
            return out;
        }
        // "At discharge she still had stridor at rest": a sentence of the arrival speaks of
        // another time, unless no other sentence speaks of the fact at all.
        // And "Admission blood cultures showed no growth" speaks of the sentences naming the
        // admission, not of "Repeat blood cultures 05/06: no growth".
        let names_first = |at: (usize, usize)| {
            self.corpus
                .sentence_items(at)
                .iter()
                .any(|i| i.term().is_some_and(|t| self.named.first.contains(&t)))
        };
        let now: Ranked = if self.at_discharge(fact) {
            ranked
                .iter()
                .filter(|(at, _)| !self.earlier_time(*at))
                .copied()
                .collect()
        } else if fact
            .iter()
            .any(|i| i.when && i.term().is_some_and(|t| self.named.first.contains(&t)))
        {
            // (One that names the arrival and nothing else of the fact speaks of something
            // else: an admission note that names no urinalysis says nothing of "admission
            // urinalysis", which "Urinalysis 10/06: ..." answers.)
            let of_the_fact = |at: (usize, usize)| {
                let items = self.corpus.sentence_items(at);
                fact.iter().any(|f| {
                    !f.light
                        && !f.when
                        && f.term()
                            .is_some_and(|t| items.iter().any(|i| i.term() == Some(t)))
                })
            };
            let arrival: Ranked = ranked
                .iter()
                .filter(|(at, _)| names_first(*at) && of_the_fact(*at))
                .copied()
                .collect();
            // (With none, a sentence of a repeat test still speaks of a later one: "Repeat
            // BCx 04/11 no growth" is no answer to "Admission blood cultures were negative".)
            if arrival.is_empty() {
                ranked
                    .iter()
                    .filter(|(at, _)| !self.names_repeat(self.corpus.sentence_items(*at)))
                    .copied()
                    .collect()
            } else {
                arrival
            }
        } else {
            Vec::new()
        };
        let ranked = if now.is_empty() { ranked } else { &now };
        // "VENOUS BLOOD LEAD (confirmatory)." against "Lead, venous whole blood: not
        // detected": a title names what the document is about and states none of it, when
        // another sentence speaks of the fact.
        let untitled: Ranked = ranked
            .iter()
            .filter(|(at, _)| !self.corpus.is_title(*at))
            .copied()
            .collect();
        let ranked = if untitled.is_empty() {
            ranked
        } else {
            &untitled
        };
        // A claim that names an earlier study or time (a prior word, a history, a date or a
        // year) may mean the one a source compares with; any other claim speaks of the
        // current one.
        let claim_earlier = fact.iter().any(|i| {
            i.earlier
                || i.term().is_some_and(|t| self.named.prior.contains(&t))
                || i.qty().is_some_and(|q| {
                    q.is_calendar()
                        || (q.dim == Dim::None
                            && q.shape == Shape::Single
                            && q.a.fract() == 0.0
                            && (1900.0..=2100.0).contains(&q.a))
                })
        });
        // "Comparison: TTE 05/2019 showed a small pericardial effusion": for a claim of the
        // present, a sentence all of whose words of the fact are a comparison's speaks of
        // the earlier study, unless no other sentence speaks of the fact.
        let current: Ranked = if claim_earlier {
            Vec::new()
        } else {
            ranked
                .iter()
                .filter(|(at, _)| {
                    self.corpus.sentence_items(*at).iter().any(|i| {
                        !i.earlier
                            && i.term()
                                .is_some_and(|t| fact.iter().any(|f| f.term() == Some(t)))
                    })
                })
                .copied()
                .collect()
        };
        let ranked = if current.is_empty() { ranked } else { &current };
        // The fact's days (a sentence of another day does not agree with it).
        let fact_days: Vec<&Quantity> = fact
            .iter()
            .filter_map(Item::qty)
            .filter(|d| d.is_day())
            .collect();
        // "HIV-1 RNA on 05/12/2026 was undetectable" against a report collected that day
        // and its line "Prior HIV-1 RNA: 01/14/2026 <20 copies/mL (undetectable)": an
        // earlier result of another day is another result, when some sentence is of none.
        // (A sentence of the present on another day states the fact's day wrong.)
        let same_day: Ranked = ranked
            .iter()
            .filter(|(at, _)| {
                !(self.of_another_day(*at, &fact_days)
                    && self.corpus.sentence_items(*at).iter().any(|i| i.earlier))
            })
            .copied()
            .collect();
        let ranked = if same_day.is_empty() {
            ranked
        } else {
            &same_day
        };
        let Some(&(_, best_score)) = ranked.first() else {
            return out;
        };
        let mut aligned: Vec<(usize, usize)> = ranked
            .iter()
            .filter(|(_, sc)| *sc >= best_score * ALIGNED_SHARE)
            .map(|(s, _)| *s)
            .collect();
        aligned.extend(self.timed_sentences(fact, ranked, &aligned));
        #[cfg(test)]
        if std::env::var("DEBUG_EVIDENCE").is_ok() {
            eprintln!("polarity ranked {ranked:?} aligned {aligned:?}");
        }
        // How much of the fact a sentence states, by the fact's word weights: a sentence
        // that says less of the fact than another ("Ventricles normal in size" against
        // "MRI: abnormal signal" for "The MRI was normal"; "admitted with passive SI"
        // against "at discharge: denies SI") speaks of another thing or time.
        let covered = |at: (usize, usize)| -> f64 {
            let items = self.corpus.sentence_items(at);
            let mut seen = BTreeSet::new();
            fact.iter()
                .filter_map(|item| match item.kind {
                    Kind::Word(t)
                        if seen.insert(t) && items.iter().any(|i| i.term() == Some(t)) =>
                    {
                        Some(self.corpus.word_weight(item))
                    }
                    _ => None,
                })
                .sum()
        };
        // The reference sentence: of the aligned ones, the one stating most of the fact
        // (the best ranked among equals; ranking favours short sentences).
        let mut best_at = aligned[0];
        let mut best_cover = covered(best_at);
        for at in &aligned[1..] {
            let c = covered(*at);
            if c > best_cover + 1e-9 {
                best_at = *at;
                best_cover = c;
            }
        }

        // Only compare polarity when the best sentence really is about this fact. Words
        // the cited sources never mention weigh half: they cannot be the contradicted part.
        // A purpose the sources never mention weighs nothing: "Antibiotics were started for
        // possible pneumonia" is about the antibiotics, which "Antibiotics were not
        // started" denies.
        let best_items = self.corpus.sentence_items(best_at);
        // "Sinemet 25/100, one and a half tablets four times a day, was continued": a part
        // whose only words frame its values ("was continued") is about where its values
        // are, not about a sentence that names none of them ("STOPPED: trihexyphenidyl 2 mg
        // BID").
        let framing_only = fact.iter().all(|i| i.qty().is_some() || i.light)
            && fact.iter().any(|i| i.qty().is_some());
        if framing_only
            && !best_items
                .iter()
                .filter_map(Item::qty)
                .any(|v| fact.iter().filter_map(Item::qty).any(|q| q.matches(v)))
        {
            return out;
        }
        let mut total = 0.0;
        let shared = best_cover;
        let mut known = 0.0;
        let mut seen = BTreeSet::new();
        for item in fact {
            if let Kind::Word(t) = item.kind {
                // ("right-sided weakness" says what "right weakness" says.)
                if seen.insert(t) && !self.named.side.contains(&t) {
                    let w = self.corpus.word_weight(item);
                    let present = self.in_any_doc(t);
                    total += match (present, item.purpose) {
                        (true, _) => w,
                        (false, false) => 0.5 * w,
                        (false, true) => 0.0,
                    };
                    if present {
                        known += w;
                    }
                }
            }
        }
        if total <= 0.0 {
            return out;
        }
        // "MICROBIOLOGY - BLOOD CULTURES." over "Set 2, drawn through R femoral dialysis
        // catheter: YEAST detected": the title of a lab report names what each of its lines
        // is a result of.
        let lab_report = self
            .corpus
            .sources
            .get(best_at.0)
            .is_some_and(|s| s.source_type == SourceType::LabResult);
        let titled = if lab_report && best_at.1 > 0 && self.corpus.is_title((best_at.0, 0)) {
            let title = self.corpus.sentence_items((best_at.0, 0));
            let mut seen = BTreeSet::new();
            fact.iter()
                .filter_map(|item| match item.kind {
                    Kind::Word(t)
                        if seen.insert(t)
                            && !best_items.iter().any(|i| i.term() == Some(t))
                            && title.iter().any(|i| i.term() == Some(t)) =>
                    {
                        Some(self.corpus.word_weight(item))
                    }
                    _ => None,
                })
                .sum()
        } else {
            0.0
        };
        let sentence_aligned = (shared + titled) / total >= POLARITY_MIN_OVERLAP;
        #[cfg(test)]
        if std::env::var("DEBUG_EVIDENCE").is_ok() {
            eprintln!(
                "polarity best {best_at:?} shared {shared:.2} known {known:.2} total {total:.2} {:?}",
                self.corpus.sentence_text(best_at)
            );
        }
        let docs_aligned = known / total >= POLARITY_MIN_OVERLAP;
        if !sentence_aligned && !docs_aligned {
            return out;
        }

        let mut negation = false;
        let mut laterality = false;
        // The one side the fact names, if it names one.
        let fact_side = {
            let mut sides = fact.iter().filter_map(|i| i.side);
            sides
                .next()
                .filter(|first| sides.all(|s| s == *first) && !matches!(first, Side::Both))
        };
        // "The proximal margin bone culture was finalized with no growth" against "Bone,
        // proximal margin: no growth": a culture's label is denied with its growth by
        // convention, so what the culture was of keeps no polarity of its own when both deny
        // the growth.
        let growth = self.named.culture[1];
        let denied_growth =
            |items: &[Item]| items.iter().any(|i| i.neg && i.term() == Some(growth));
        let growth_denied_both = denied_growth(fact) && denied_growth(best_items);
        for item in fact {
            let Kind::Word(t) = item.kind else {
                continue;
            };
            // A claim that states a word both ways ("SpO2 95% on room air": oxygen
            // saturation, no oxygen) cannot be told apart from the sources by its polarity.
            let both_ways = fact
                .iter()
                .any(|o| o.term() == Some(t) && o.neg != item.neg);
            // Negation: opposite polarity in the best sentence and the same polarity in
            // none of the aligned ones; or, for a content word, the cited sources only ever
            // state it with the opposite polarity ("No dislocation." vs "hip dislocation").
            // (What a test looked for, "PE protocol", states nothing either way.)
            let mut in_best: Vec<&Item> = best_items
                .iter()
                .filter(|i| i.term() == Some(t) && i.states_polarity())
                .collect();
            // "compared with the 2023 biopsy (2 cellular crescents), now without crescents":
            // the comparison's words describe the earlier study, the rest the current one.
            if in_best.iter().any(|i| i.earlier == claim_earlier) {
                in_best.retain(|i| i.earlier == claim_earlier);
            }
            // "URINE DRUG SCREEN 05/06: ... Benzodiazepines: negative.": when the reference
            // sentence (a panel's heading) does not state the word, the aligned sentences
            // that do speak for it, not a mention elsewhere ("limited sensitivity for
            // lorazepam" implies no benzodiazepine result).
            if in_best.is_empty() && !claim_earlier && self.corpus.heads_a_list(best_at) {
                let (d, s) = best_at;
                let count = self.doc(d).map_or(0, |doc| doc.body.sentences.len());
                in_best = (s + 1..count)
                    .take_while(|k| !self.corpus.heads_a_list((d, *k)))
                    .flat_map(|k| self.corpus.sentence_items((d, k)))
                    .filter(|i| {
                        i.term() == Some(t) && i.states_polarity() && !i.earlier && !i.implied
                    })
                    .collect();
            }
            // "Right lower extremity venous duplex showed no DVT" against "hx L femoral DVT
            // 2019": a mention on the other side than the claim's is of another finding.
            if let Some(claim_side) = fact_side {
                in_best.retain(|i| !i.side.is_some_and(|s| conflicts(claim_side, s)));
            }
            // "She remained febrile on the day of discharge" against "PROGRESS NOTE - DAY OF
            // DISCHARGE 01/07" and "Tmax last 24 h 37.2 C; afebrile since 01/04": when the
            // reference sentence does not state the word, an aligned one ranked above it
            // that does speaks for it.
            if in_best.is_empty() && !claim_earlier {
                let states = |i: &&Item| i.term() == Some(t) && i.states_polarity() && !i.earlier;
                let above = aligned.iter().take_while(|at| **at != best_at);
                if let Some(at) = above
                    .into_iter()
                    .find(|at| self.corpus.sentence_items(**at).iter().any(|i| states(&i)))
                {
                    in_best = self
                        .corpus
                        .sentence_items(*at)
                        .iter()
                        .filter(states)
                        .collect();
                }
            }
            // "WBAT LLE, NWB RUE": a sentence stating the word both ways answers the claim
            // in the clause that shares most of its other words (with their sides).
            let mixed = in_best.iter().any(|i| i.neg == item.neg)
                && in_best.iter().any(|i| i.neg != item.neg);
            let mut mixed_resolved = false;
            // ("Positive for blood" against "blood negative, WBC 0-2/hpf": the word that
            // heads a phrase, as the claim's does, is the one stated, not the one modifying
            // another, white blood cell.)
            let heads = |items: &[Item], i: &Item| {
                let k = i.pos as usize - items.first().map_or(0, |f| f.pos as usize);
                items
                    .get(k + 1)
                    .is_none_or(|n| n.run != i.run || n.term().is_none())
            };
            if mixed && heads(fact, item) {
                let headed: Vec<&Item> = in_best
                    .iter()
                    .copied()
                    .filter(|i| heads(best_items, i))
                    .collect();
                if !headed.is_empty() && headed.len() < in_best.len() {
                    in_best = headed;
                    mixed_resolved = true;
                }
            }
            if mixed && !mixed_resolved {
                if let Some(c) = answering_clause(fact, t, best_items, &in_best) {
                    in_best.retain(|i| i.clause == c);
                    mixed_resolved = true;
                }
            }
            // "No renal artery stenosis" against "Renal artery duplex negative for
            // stenosis": the negation is the head noun's, which the sentence denies too; the
            // words before it in the same run only say which stenosis.
            let head_agrees = item.neg
                && fact.iter().any(|o| {
                    o.neg
                        && o.run == item.run
                        && o.pos > item.pos
                        && o.term().is_some_and(|u| {
                            u != t
                                && (best_items.iter().any(|i| i.term() == Some(u) && i.neg)
                                    // ("Vaginal cuff is smoothly thickened" names no hematoma;
                                    // the sources deny it elsewhere.)
                                    || (!best_items.iter().any(|i| i.term() == Some(u))
                                        && self.polarity_in_docs(u, true, o.narrowed, claim_earlier).0))
                        })
                });
            // "no bilious vomiting" against "vomiting (nonbloody and nonbilious)": the
            // denial is the modifier's, which the sentence denies too; the head it modifies
            // is stated either way.
            let modifier_agrees = item.neg
                && best_items.iter().any(|i| i.term() == Some(t) && !i.neg)
                && fact.iter().any(|o| {
                    o.neg
                        && o.run == item.run
                        && o.pos < item.pos
                        && !o.light
                        && o.term().is_some_and(|u| {
                            u != t && best_items.iter().any(|i| i.term() == Some(u) && i.neg)
                        })
                });
            let head_agrees = head_agrees || modifier_agrees;
            // A place of a negated head ("on the random gastric biopsies", "no widening of
            // the mediastinum") is not denied by the claim, whatever the sources say of it.
            let located = item.located;
            // "CMV PCR was undetectable" against sources that name CMV only as serostatus:
            // the denial is of what the rest of the run names ("PCR"), which no cited source
            // states, so the other mentions of its first words say nothing of it.
            // (A light head, "probe-to-bone test was negative", names no other thing.)
            let head_unstated = item.neg
                && fact.iter().any(|o| {
                    o.run == item.run
                        && o.neg
                        && !o.light
                        && o.pos > item.pos
                        && o.term().is_some_and(|u| !self.in_any_doc(u))
                });
            // What the claim says something was done for ("Keppra was given for seizure
            // prophylaxis") it states neither way ("no seizures" is no answer to it).
            let purpose_only = item.purpose && !item.neg;
            // Nor does a study that was done ("E-FAST showed no free fluid") disagree with
            // its negative result ("E-FAST: negative (no free fluid ...)").
            let study_done = !item.neg && self.named.study.contains(&t);
            // Nor does a time point have a polarity: "no AF this admission" denies the AF
            // during the admission, not the admission.
            // (The culture's label, above.)
            let culture_label = !item.neg && t != growth && growth_denied_both;
            // (Nor does a body part after a denial in its sentence: "no numbness in his hands"
            // denies the numbness, and "Denies numbness/tingling of hands or feet" does not
            // deny the hands.)
            let located = located
                || head_unstated
                || purpose_only
                || study_done
                || item.when
                || culture_label
                || (item.anatomy
                    && !item.neg
                    && fact
                        .iter()
                        .any(|o| o.neg && o.sent == item.sent && o.pos < item.pos));
            if sentence_aligned
                && !both_ways
                && !located
                && !head_agrees
                && !in_best.is_empty()
                && in_best.iter().all(|i| i.neg != item.neg)
            {
                // (A result the claim states with a cue, "testing was positive", is answered
                // by the best statement of it, not by a heading that names the test.)
                // (Not one of another day than the claim's: "Previous NST 04/10/2026:
                // reactive" is no answer to "The NST on 04/14 was reactive".)
                let agrees = !item.asserted
                    && aligned.iter().any(|at| {
                        !(self.of_another_day(*at, &fact_days)
                            || (mixed_resolved && *at == best_at))
                            && self.corpus.sentence_items(*at).iter().any(|i| {
                                i.term() == Some(t)
                                    && i.neg == item.neg
                                    && (claim_earlier || !i.earlier)
                            })
                            && covered(*at) >= shared - 1e-9
                    });
                if !agrees {
                    negation = true;
                }
            }
            // "Surgical margins were positive for carcinoma": the clauses that name what was
            // tested with the finding say which way it is ("margins negative for carcinoma"),
            // whatever other sentences say of the finding ("Residual basal cell carcinoma").
            if !item.tested
                && !item.light
                && !both_ways
                && !purpose_only
                && !item.when
                && self.tested_only_opposite(fact, t, item)
            {
                negation = true;
            }
            if docs_aligned && !item.light && !negation && !both_ways && !located {
                let (mut same, opposite) =
                    self.polarity_in_docs(t, item.neg, item.narrowed, claim_earlier);
                // "The NST on 09/08 was reactive" against "NST nonreactive" under 09/08 and
                // "Prior NST 09/04/2026 reactive": a statement of another day than the
                // claim's is no agreement.
                if same && opposite && !fact_days.is_empty() {
                    same = self.sentences.iter().any(|at| {
                        !self.of_another_day(*at, &fact_days)
                            && self.corpus.sentence_items(*at).iter().any(|i| {
                                i.term() == Some(t) && i.neg == item.neg && i.states_polarity()
                            })
                    });
                }
                #[cfg(test)]
                if std::env::var("DEBUG_EVIDENCE").is_ok() {
                    eprintln!(
                        "polarity term {t:?} neg {} same {same} opposite {opposite}",
                        item.neg
                    );
                }
                // A negation's scope may reach a modifier the sources negate in other
                // words ("first negative blood culture" against "first negative culture"
                // and "2/2 blood cultures"): when another negated word of the same clause
                // is negated in the sources too, the claim's negation is theirs.
                // (Not a word the sources state with the claim's word the other way in one
                // phrase, beside a sentence that denies it with another word: "passive SI"
                // and "denies HI" for "denied suicidal ideation"; unless some source also
                // states them together the claim's way, "no atrial fibrillation".)
                let together = |items: &[Item], u: Term, neg: bool| {
                    items.iter().any(|i| {
                        i.term() == Some(t)
                            && i.neg == neg
                            && items
                                .iter()
                                .any(|j| j.run == i.run && j.term() == Some(u) && j.neg == neg)
                    })
                };
                let stated_together = |u: Term| {
                    let mut other_way = false;
                    for at in &self.sentences {
                        let items = self.corpus.sentence_items(*at);
                        if together(items, u, item.neg) {
                            return false;
                        }
                        // (The sentence, or one beside it: a semicolon parts them.)
                        let count = self.doc(at.0).map_or(0, |d| d.body.sentences.len());
                        let denies_u = |s: usize| {
                            s < count
                                && self
                                    .corpus
                                    .sentence_items((at.0, s))
                                    .iter()
                                    .any(|j| j.term() == Some(u) && j.neg == item.neg)
                        };
                        other_way |= together(items, u, !item.neg)
                            && (at.1.saturating_sub(1)..=at.1 + 1).any(denies_u);
                    }
                    other_way
                };
                // (Not the word for a test: "Squeeze test negative" denies no "anterior
                // drawer test".)
                let scope_agrees = item.neg
                    && fact.iter().any(|o| {
                        o.neg
                            && o.term().is_none_or(|u| !self.named.test.contains(&u))
                            && o.clause == item.clause
                            && o.term().is_some_and(|u| {
                                u != t
                                    && self.polarity_in_docs(u, true, o.narrowed, claim_earlier).0
                                    && !stated_together(u)
                            })
                    })
                    // (Nor when the sources state another denied word of the clause with
                    // this one the other way: "Small Hill-Sachs lesion" beside "No bony
                    // Bankart lesion" for "no Hill-Sachs or bony Bankart lesion".)
                    && !fact.iter().any(|o| {
                        o.neg
                            && o.clause == item.clause
                            && o.term().is_some_and(|u| u != t && stated_together(u))
                    });
                if opposite
                    && !same
                    && !scope_agrees
                    // (A claim's unsided denial, "no retroperitoneal hematoma", is
                    // answered by the same named finding of either side: "Large right
                    // retroperitoneal hematoma", not "R distal radius fracture" for "no
                    // skull fracture".)
                    && !(self.denied_only_for_a_side(t, item)
                        && !(item.neg && self.named_finding_sided(fact, t, item)))
                    && !self.opposite_only_of_another_site(fact, t, item)
                {
                    negation = true;
                }
                // "No intraventricular hemorrhage" against "Left: Grade II intraventricular
                // hemorrhage ... Right: No intraventricular hemorrhage": a denial of one side
                // does not make the claim's denial of both true. (A claim that names the
                // side, "Right lower extremity venous duplex showed no DVT", denies only its
                // own.)
                if opposite
                    && same
                    && item.neg
                    && fact_side.is_none()
                    && self.stated_only_for_a_side(t, item, true)
                {
                    negation = true;
                }
                // Stated both ways ("rotator cuff repair ... Subscapularis debrided, not
                // repaired" for "the subscapularis tear was repaired"): the sentences that
                // also name the fact's most specific other word say which way it is here.
                if opposite
                    && same
                    && !scope_agrees
                    && (self.named_with_anchor_only_opposite(fact, t, item)
                        || self.own_site_states_opposite(fact, t, item))
                {
                    negation = true;
                }
            }
            #[cfg(test)]
            if negation && std::env::var("DEBUG_EVIDENCE").is_ok() {
                let name = self
                    .corpus
                    .vocab
                    .names()
                    .find(|(x, _)| *x == t)
                    .map(|(_, n)| n);
                eprintln!("negation set at term {name:?} (neg {})", item.neg);
            }
            // Laterality: the same body word with a side in the aligned sentences ("left-sided
            // nosebleed" against "R side not bleeding" is about the nose).
            if let Some(side) = item.side.filter(|_| !self.named.side.contains(&t)) {
                let mut same = false;
                let mut other = false;
                // `agreeing`: the sentence may confirm the claim's side. One that states less
                // of the fact than the best ("R testis homogeneous, normal flow" against "L
                // testis ... absent flow; whirlpool sign" for "absent flow in the right
                // testis") speaks of another finding, so it only counts against.
                let mut note = |s: Side, agreeing: bool| {
                    if s == side {
                        same |= agreeing;
                    } else if conflicts(side, s) {
                        other = true;
                    }
                };
                // ... and so does one stating a word of the fact only the other way round
                // ("normal flow" against "absent flow").
                let same_polarity = |at: (usize, usize)| {
                    let items = self.corpus.sentence_items(at);
                    fact.iter().all(|o| {
                        let Some(u) = o.term() else { return true };
                        let mut stated = items.iter().filter(|i| i.term() == Some(u)).peekable();
                        stated.peek().is_none() || stated.any(|i| i.neg == o.neg)
                    })
                };
                // A plan ("LPI OD scheduled 11/24") confirms no side of what the claim says
                // was done.
                let is_plan = |i: &Item| i.term().is_some_and(|u| self.named.plan.contains(&u));
                // (An instruction to continue, "Continue Xalatan 1 drop in both eyes", speaks
                // as a plan does: "Plan: continue latanoprost ... both eyes at bedtime".)
                let [.., continued] = self.named.resumed;
                let claim_plans = fact.iter().any(is_plan)
                    || self
                        .claim
                        .items
                        .iter()
                        .find(|i| i.sent == item.sent)
                        .is_some_and(|i| i.term() == Some(continued));
                // ... and so does one without the claim's values that the best states
                // ("tremor of the R hand first noticed in spring 2022" against "over the past
                // year a mild L hand rest tremor" for "started in the left hand in 2022").
                let values_held = |at: (usize, usize)| {
                    let items = self.corpus.sentence_items(at);
                    fact.iter()
                        .filter_map(Item::qty)
                        .filter(|q| {
                            items
                                .iter()
                                .filter_map(Item::qty)
                                .any(|v| q.comparable(v) && q.matches(v))
                        })
                        .count()
                };
                let best_values = values_held(best_at);
                for at in &aligned {
                    let agreeing = (*at == best_at || covered(*at) >= best_cover - 1e-9)
                        && values_held(*at) >= best_values
                        && same_polarity(*at)
                        && (claim_plans || !self.corpus.sentence_items(*at).iter().any(is_plan));
                    let mut sided = false;
                    for i in self.corpus.sentence_items(*at) {
                        // (A mention the other way round, "R femoral vein not used", or of
                        // the past, "prior R femoral DVT", confirms no side of what the
                        // claim says of now.)
                        let of_now = i.neg == item.neg && (claim_earlier || !i.earlier);
                        if let (Some(s), true) = (i.side, i.term() == Some(t)) {
                            if !of_now && s == side {
                                continue;
                            }
                            sided = true;
                            note(s, agreeing);
                        }
                    }
                    // "1. Right colon (hepatic flexure): 14 mm flat lesion; removed en bloc
                    // by EMR": the nearest earlier part of its semicolon run that names the
                    // word with a side gives it.
                    let names_t = || {
                        self.corpus
                            .sentence_items(*at)
                            .iter()
                            .any(|i| i.term() == Some(t))
                    };
                    if !sided && !names_t() {
                        let chain = self.semicolon_chain_start(*at)..at.1;
                        for k in chain.rev() {
                            let items = self.corpus.sentence_items((at.0, k));
                            let sides = items
                                .iter()
                                .filter(|i| i.term() == Some(t) && i.neg == item.neg && !i.earlier);
                            for s in sides.filter_map(|i| i.side) {
                                sided = true;
                                note(s, agreeing);
                            }
                            if sided {
                                break;
                            }
                        }
                    }
                    // "XR right wrist: No acute fracture": the title gives the side the
                    // report's sentences leave out.
                    if !sided {
                        let title = self.doc(at.0).map_or(&[][..], |d| &d.title_sides[..]);
                        for (_, s) in title.iter().filter(|(w, _)| *w == t) {
                            sided = true;
                            note(*s, agreeing);
                        }
                    }
                    // "US DUPLEX VENOUS RUE ... thrombus in the brachial veins": so does the
                    // one side of an imaging report's title for a finding it names unsided.
                    if !sided && names_t() {
                        if let Some(s) = self.doc(at.0).and_then(|d| d.report_side) {
                            note(s, agreeing);
                        }
                    }
                }
                // Not in the aligned sentences: a word the cited sources state only with
                // the other side ("Approach: left transgluteal" against "placed via a right
                // transgluteal approach").
                // (The sentences that also name another word the claim gives its side come
                // first: "left psoas abscess" against "R psoas abscess" beside "Left psoas
                // normal".)
                if !same && !other && docs_aligned {
                    let sided_with: Vec<Term> = fact
                        .iter()
                        .filter(|o| o.side == Some(side) && !o.light)
                        .filter_map(Item::term)
                        .filter(|u| *u != t && !self.named.side.contains(u))
                        .collect();
                    // (`with`: only the sentences naming one of these words, if any.)
                    let scan = |with: &[Term]| {
                        let mut seen = false;
                        let mut only_other = true;
                        for at in &self.sentences {
                            let items = self.corpus.sentence_items(*at);
                            if !claim_plans && items.iter().any(is_plan) {
                                continue;
                            }
                            if !with.is_empty()
                                && !items
                                    .iter()
                                    .any(|i| i.term().is_some_and(|u| with.contains(&u)))
                            {
                                continue;
                            }
                            // (A mention the other way round, "L knee: ... not injected
                            // today", says nothing of the side the claim's act was on.)
                            // (Nor does the heading of a note that names it with no side at
                            // all: "PROCEDURE NOTE - THORACENTESIS 10/14/2026" over "R
                            // thoracentesis at posterior 8th ICS". An imaging report's heading
                            // names the region examined, "CT ORBITS AND SINUSES", which may be
                            // both sides.)
                            let heading =
                                at.1 == 0
                                    && self.corpus.sources.get(at.0).is_some_and(|s| {
                                        s.source_type != SourceType::ImagingReport
                                    })
                                    && items.iter().all(|i| i.side.is_none());
                            for i in items.iter().filter(|i| i.neg == item.neg) {
                                if i.term() == Some(t) && !(heading && i.side.is_none()) {
                                    seen = true;
                                    only_other &= i.side.is_some_and(|s| conflicts(side, s));
                                }
                            }
                        }
                        (seen, only_other)
                    };
                    let (seen, only_other) = match scan(&sided_with) {
                        (true, only_other) => (true, only_other),
                        _ => scan(&[]),
                    };
                    other = seen && only_other;
                    // "rust ring was removed from the left cornea" against "SLE OD: ...
                    // metallic FB embedded in the paracentral cornea ... with surrounding rust
                    // ring" beside "OS: clear cornea": named both ways, the word takes the
                    // side of the sentences that also name another word of the fact.
                    if seen && !only_other && sided_with.is_empty() {
                        let with: Vec<Term> = fact
                            .iter()
                            .filter(|o| !o.light && o.qty().is_none())
                            .filter_map(Item::term)
                            .filter(|u| *u != t && !self.named.side.contains(u))
                            .collect();
                        if !with.is_empty() {
                            other = scan(&with) == (true, true);
                        }
                    }
                }
                #[cfg(test)]
                if std::env::var("DEBUG_EVIDENCE").is_ok() {
                    eprintln!("side term {t:?} {side:?} same {same} other {other}");
                }
                if other && !same {
                    laterality = true;
                }
            }
        }
        if negation {
            out.push("negation_mismatch".into());
        }
        if laterality {
            out.push("laterality_mismatch".into());
        }
        out
    }
}

/// Distinct words an evaluation's claims and checks usually add to the sources' vocabulary.
const CLAIM_WORDS: usize = 256;

/// A vocabulary with room for the sources' words (about one per 20 bytes of text).
fn vocab_for(sources: &[SourceReference]) -> Vocab {
    let bytes: usize = sources
        .iter()
        .map(|s| s.content.len() + s.title.len())
        .sum();
    Vocab::with_capacity(64 + bytes / 20)
}

/// Analyses the sources into `vocab` (through the per-source cache when given) and computes
/// what every claim asks of them.
fn analyse(
    sources: &[SourceReference],
    kept: Option<TenantAnalyses<'_>>,
    mut vocab: Vocab,
) -> Analysed {
    // "In March, spKt/V was 1.52" against "March 2026 (drawn 03/04)": a document that
    // dates something in a month names that month.
    let months: [Term; 12] = std::array::from_fn(|m| {
        vocab.term(crate::text::lexicon::month_name(m as u32 + 1).unwrap_or_default())
    });
    let mut analysed = Vec::with_capacity(sources.len());
    let mut df: Vec<u32> = Vec::new();
    // The last sentence (1-based) that counted each term, so a term counts once per
    // sentence.
    let mut counted_in: Vec<u32> = Vec::new();
    let mut sentence_count = 0u32;
    let mut total_len = 0usize;
    for s in sources {
        let (mut body, title) = match kept {
            Some(kept) => kept.get(s).adopt(&mut vocab),
            None => {
                let body = analyze_source(&s.content, &mut vocab);
                (body, analyze(&s.title, &mut vocab))
            }
        };
        infer_years(&mut body, s.authored_at);
        for sent in &body.sentences {
            sentence_count += 1;
            total_len += sent.items.len();
            for t in body.items[sent.items.clone()].iter().filter_map(Item::term) {
                let t = t as usize;
                if df.len() <= t {
                    df.resize(t + 1, 0);
                    counted_in.resize(t + 1, 0);
                }
                if counted_in[t] != sentence_count {
                    counted_in[t] = sentence_count;
                    df[t] += 1;
                }
            }
        }
        analysed.push((body, title));
    }
    let n = f64::from(sentence_count.max(1));
    let idf = |df: f64| (1.0 + (n - df + 0.5) / (df + 0.5)).ln().clamp(0.3, 5.0);
    let avg_len = if sentence_count == 0 {
        1.0
    } else {
        (total_len as f64 / f64::from(sentence_count)).max(1.0)
    };
    let mut docs = Vec::with_capacity(analysed.len());
    for ((body, title), source) in analysed.into_iter().zip(sources) {
        let (line_start, chain_start) = joined_starts(&body, &source.content);
        let value_context = vec![OnceLock::new(); body.items.len()];
        let mut value_owner = vec![None; body.items.len()];
        let mut values = Vec::new();
        let mut sentence_values = Vec::with_capacity(body.sentences.len() + 1);
        // The last drug named by the sentences before, on the current line.
        let mut line_drug: Option<Term> = None;
        for (s, sent) in body.sentences.iter().enumerate() {
            sentence_values.push(values.len() as u32);
            let items = &body.items[sent.items.clone()];
            if line_start.get(s).is_none_or(|&l| l as usize == s) {
                line_drug = None;
            }
            // "Clozapine 100 mg tab: 1 tab qAM and 2 tabs qHS. Total 300 mg/day.": a total
            // that names no drug is the line's drug's.
            // ("Total" itself is no item: the word right before the sentence's first.)
            let total_of_line = source
                .content
                .get(..sent.start as usize)
                .map(str::trim_end)
                .and_then(|before| before.get(before.len().saturating_sub(5)..))
                .is_some_and(|w| w.eq_ignore_ascii_case("total"))
                && !items.iter().any(|i| i.drug);
            for (k, it) in items.iter().enumerate() {
                if it.qty().is_some() {
                    value_owner[sent.items.start + k] =
                        owner_drug(items, k).or(line_drug.filter(|_| total_of_line));
                    values.push((sent.items.start + k) as u32);
                }
            }
            if let Some(d) = items.iter().rev().find(|i| i.drug).and_then(Item::term) {
                line_drug = Some(d);
            }
        }
        sentence_values.push(values.len() as u32);
        let title_terms: TermSet = title.items.iter().filter_map(Item::term).collect();
        let title_sides: Vec<(Term, Side)> = title
            .items
            .iter()
            .filter_map(|i| Some((i.term()?, i.side?)))
            .collect();
        let report_side = (source.source_type == SourceType::ImagingReport)
            .then(|| title_sides.first().map(|(_, s)| *s))
            .flatten()
            .filter(|s| *s != Side::Both && title_sides.iter().all(|(_, o)| o == s));
        let month_of = |q: &Quantity| {
            let m = match q.dim {
                Dim::Date => (q.a / 100.0).floor(),
                Dim::MonthYear => q.a,
                _ => return None,
            };
            (1.0..=12.0).contains(&m).then(|| months[m as usize - 1])
        };
        let terms: TermSet = body
            .items
            .iter()
            .chain(&title.items)
            .filter_map(|i| i.term().or_else(|| i.qty().and_then(month_of)))
            .collect();
        docs.push(Doc {
            body,
            terms,
            title_terms,
            title_sides,
            report_side,
            value_context,
            value_owner,
            values,
            sentence_values,
            line_start,
            chain_start,
        });
    }
    let bodies: Vec<&Analysis> = docs.iter().map(|d| &d.body).collect();
    let postings = Postings::build(&bodies);
    // Room for the claims' words: a kept set's vocabulary is copied for every evaluation,
    // which would otherwise grow its tables each time.
    vocab.reserve(CLAIM_WORDS);
    Analysed {
        docs,
        postings,
        max_idf: idf(0.0),
        idf: df.iter().map(|d| idf(f64::from(*d))).collect(),
        avg_len,
        vocab,
    }
}

/// Gives a source's dates written without a year ("resumed 01/26") the year that puts them
/// nearest to the time the source was written, so "January 26, 2027" is not read as the
/// same day as a note of January 2026 calls "01/26". Claims' dates keep no year and match
/// any.
fn infer_years(a: &mut Analysis, authored_at: Timestamp) {
    let written = authored_at.inner().date_naive();
    for item in &mut a.items {
        let Kind::Qty(q) = &mut item.kind else {
            continue;
        };
        if q.dim != Dim::Date || q.b != 0.0 {
            continue;
        }
        let (month, day) = ((q.a / 100.0) as u32, (q.a % 100.0) as u32);
        if let Some(date) = nearest_date(month, day, written) {
            q.b = f64::from(date.year());
            q.raw_b = q.b;
        }
    }
}

/// The date of `month`/`day` nearest `written` (last year's, this year's or next year's).
fn nearest_date(month: u32, day: u32, written: chrono::NaiveDate) -> Option<chrono::NaiveDate> {
    [written.year() - 1, written.year(), written.year() + 1]
        .into_iter()
        .filter_map(|year| chrono::NaiveDate::from_ymd_opt(year, month, day))
        .min_by_key(|date| (*date - written).num_days().abs())
}

fn conflicts(claim: Side, source: Side) -> bool {
    matches!(
        (claim, source),
        (Side::Left, Side::Right)
            | (Side::Right, Side::Left)
            | (Side::Both, Side::Left)
            | (Side::Both, Side::Right)
    )
}

/// The drug a quantity belongs to: the nearest drug word before it in its clause, else one
/// right after it ("5 mg of oxycodone"), else the same in its sentence.
fn owner_drug(items: &[Item], k: usize) -> Option<Term> {
    let at = items.get(k)?;
    // The nearest drug before the value within a part of the text, else one of the three
    // items after it.
    let nearest = |within: &dyn Fn(&Item) -> bool| {
        items[..k]
            .iter()
            .rev()
            .take_while(|i| within(i))
            .find(|i| i.drug)
            .or_else(|| {
                items
                    .iter()
                    .skip(k + 1)
                    .take(3)
                    .take_while(|i| within(i))
                    .find(|i| i.drug)
            })
            .and_then(Item::term)
    };
    // "Methergine 0.2 mg IM and two doses of Hemabate 250 mcg": a drug of the value's own
    // clause owns it before one of an earlier clause.
    nearest(&|i| i.clause == at.clause).or_else(|| nearest(&|i| i.sent == at.sent))
}

/// Whether every one of `claim_values` (at least one) has an equal value right next to the
/// source value at `k`: within its clause, up to three items away, and not past another
/// value of the same dimension (that one has neighbours of its own).
fn neighbours_confirm(items: &[Item], k: usize, claim_values: &[Quantity]) -> bool {
    let (Some(center), Some(q)) = (items.get(k), items.get(k).and_then(Item::qty)) else {
        return false;
    };
    if claim_values.is_empty() {
        return false;
    }
    let side = |range: &mut dyn Iterator<Item = &Item>| -> Vec<Quantity> {
        let mut out = Vec::new();
        for it in range.take(3) {
            if it.clause != center.clause {
                break;
            }
            if let Some(v) = it.qty() {
                if v.dim == q.dim {
                    break;
                }
                out.push(*v);
            }
        }
        out
    };
    let mut near = side(&mut items[k + 1..].iter());
    near.extend(side(&mut items[..k].iter().rev()));
    claim_values
        .iter()
        .all(|o| near.iter().any(|n| o.comparable(n) && o.matches(n)))
}

fn side_conflict(a: Option<Side>, b: Option<Side>) -> bool {
    matches!(
        (a, b),
        (Some(Side::Left), Some(Side::Right)) | (Some(Side::Right), Some(Side::Left))
    )
}

/// Per sentence of `body` (analysed from `text`), the first sentence of its line and the
/// first of the run it ends joined by semicolons on that line. (The text between two
/// sentences of a run may hold a cue the sentence spans leave out: "; no urticaria".)
fn joined_starts(body: &Analysis, text: &str) -> (Vec<u32>, Vec<u32>) {
    let n = body.sentences.len();
    let (mut line, mut chain) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for (k, sentence) in body.sentences.iter().enumerate() {
        let gap = k
            .checked_sub(1)
            .and_then(|p| text.get(body.sentences[p].end as usize..sentence.start as usize));
        let same_line = gap.is_some_and(|g| !g.contains('\n'));
        let same_run = gap.is_some_and(|g| g.contains(';') && !g.contains(['\n', '.']));
        let k = k as u32;
        line.push(if same_line { line[k as usize - 1] } else { k });
        chain.push(if same_run { chain[k as usize - 1] } else { k });
    }
    (line, chain)
}

/// How many significant digits a number is written with ("4812" 4, "2000" 1, "12.5" 3).
fn significant_digits(v: f64) -> usize {
    let written = format!("{}", v.abs());
    let digits = written.trim_start_matches(['0', '.']).replace('.', "");
    let digits = if written.contains('.') {
        digits.as_str()
    } else {
        digits.trim_end_matches('0')
    };
    digits.len()
}

/// "Symbicort 160/4.5" against "budesonide-formoterol 160-4.5 mcg": a claim's bare pair of
/// numbers written in the source as two values in a row, each with its own reading.
fn pair_written_apart(items: &[Item], k: usize, q: &Quantity) -> bool {
    if q.shape != Shape::Pair || q.dim != Dim::None {
        return false;
    }
    let (first, second) = q.ends();
    let single = |v: &Quantity| v.shape == Shape::Single;
    let Some(here) = items.get(k).and_then(Item::qty) else {
        return false;
    };
    let next = items
        .get(k + 1..)
        .unwrap_or_default()
        .iter()
        .take_while(|i| i.sent == items[k].sent)
        .find_map(Item::qty);
    single(here)
        && here.raw_a == first.raw_a
        && next.is_some_and(|n| single(n) && n.raw_a == second.raw_a)
}

/// For the frequency or duration at `k`, the dose right before it in its sentence, with
/// nothing but words between ("1 tab (200 mg) PO daily": 200 mg); none for another value.
fn dose_before(items: &[Item], k: usize, across_times: bool) -> Option<Quantity> {
    let at = items.get(k)?;
    // (A duration's dose may be a rate, "1 mg/min x 6 h", and stands before its frequency,
    // "500 mg TID x 7 days".)
    let duration = match at.qty()?.dim {
        Dim::Frequency => false,
        Dim::Time => true,
        _ => return None,
    };
    items[..k]
        .iter()
        .rev()
        .take_while(|i| i.sent == at.sent)
        .find_map(|i| match i.qty() {
            Some(q) if q.dim == Dim::Mass && q.shape == Shape::Single => Some(Some(*q)),
            Some(q)
                if duration && matches!(q.dim, Dim::Compound(_)) && q.shape == Shape::Single =>
            {
                Some(Some(*q))
            }
            // (In a source, nor does a time before it part them: "1 tab PO BID, 30 min
            // before breakfast and dinner, x 8 weeks"; in a claim it does, "over 10 minutes
            // within 1 hour of injury".)
            Some(q)
                if q.dim == Dim::Count
                    || (duration && q.dim == Dim::Frequency)
                    || (duration && across_times && q.dim == Dim::Time) =>
            {
                None
            }
            Some(_) => Some(None),
            None => None,
        })
        .flatten()
}

/// "Methimazole 10 mg tab: 2 tabs (20 mg) PO BID": a tablet's strength followed by a
/// count of tablets is a dose of strength times count (the strength keeps its own reading).
fn dose_of_strength(items: &[Item], k: usize, forms: &[Term]) -> Option<Quantity> {
    let strength = items.get(k)?;
    let q = strength
        .qty()
        .filter(|q| q.dim == Dim::Mass && q.shape == Shape::Single)?;
    items
        .get(k + 1)
        .filter(|i| i.sent == strength.sent && i.term().is_some_and(|t| forms.contains(&t)))?;
    let count = items
        .get(k + 2..)?
        .iter()
        .take(2)
        .take_while(|i| i.sent == strength.sent)
        .find_map(|i| {
            i.qty()
                .filter(|c| c.dim == Dim::Count)
                .and_then(|c| match c.shape {
                    Shape::Single => Some(c.a),
                    // ("0.1 mg tab: 1/2 tab (0.05 mg)": half a tablet.)
                    Shape::Pair if c.a < c.b && c.b <= 4.0 => Some(c.a / c.b),
                    _ => None,
                })
        })?;
    Some(Quantity {
        a: q.a * count,
        raw_a: q.raw_a * count,
        ..*q
    })
}

/// A single length ("3.2 cm"), one side of a size.
fn single_length(i: &Item) -> bool {
    i.qty()
        .is_some_and(|q| q.dim == Dim::Length && q.shape == Shape::Single)
}

/// Whether `b` is the item right after `a` in its clause.
fn next_in_clause(a: &Item, b: &Item) -> bool {
    a.sent == b.sent && a.clause == b.clause && b.pos == a.pos + 1
}

/// What a laboratory value was measured in. Blood, serum and plasma are one: their values
/// are reported interchangeably.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Specimen {
    Blood,
    Csf,
    Urine,
    Pleural,
    Peritoneal,
    Synovial,
}

/// The words that name a specimen, as the analyser reads them.
const SPECIMEN_WORDS: [(&str, Specimen); 12] = [
    ("serum", Specimen::Blood),
    ("plasma", Specimen::Blood),
    ("blood", Specimen::Blood),
    ("csf", Specimen::Csf),
    ("cerebrospinal", Specimen::Csf),
    ("urine", Specimen::Urine),
    ("urinary", Specimen::Urine),
    ("pleural", Specimen::Pleural),
    ("peritoneal", Specimen::Peritoneal),
    ("ascitic", Specimen::Peritoneal),
    ("ascites", Specimen::Peritoneal),
    ("synovial", Specimen::Synovial),
];

/// The specimen words' terms, when the claim has a value to place (none otherwise: no
/// lookups for a claim without one).
fn specimen_terms(vocab: &mut Vocab, claim: &Analysis) -> Vec<(Term, Specimen)> {
    if !claim.items.iter().any(|i| i.qty().is_some()) {
        return Vec::new();
    }
    SPECIMEN_WORDS
        .iter()
        .map(|(w, s)| (vocab.term(w), *s))
        .collect()
}

/// The specimen a value is measured in, named by a word of its clause right before it
/// ("serum glucose 126", "CSF protein 318 mg/dL"), not past another value.
fn specimen_of(items: &[Item], k: usize, specimens: &[(Term, Specimen)]) -> Option<Specimen> {
    let at = items.get(k)?;
    if specimens.is_empty() {
        return None;
    }
    items[..k]
        .iter()
        .rev()
        .take_while(|i| i.sent == at.sent && i.clause == at.clause && i.qty().is_none())
        .take(3)
        .find_map(|i| {
            let t = i.term()?;
            specimens.iter().find(|(s, _)| *s == t).map(|(_, sp)| *sp)
        })
}

/// Verbs of a change of value, as the claim may write them (several share a term).
const CHANGE_VERBS: [&str; 9] = [
    "improved",
    "increased",
    "decreased",
    "worsened",
    "declined",
    "changed",
    "trended",
    "rose",
    "climbed",
];

/// The one of `phase`'s two words that `items` use, if they use exactly one.
fn one_phase<'a>(phase: [Term; 2], items: impl Iterator<Item = &'a Item> + Clone) -> Option<Term> {
    let mut said = phase
        .into_iter()
        .filter(|p| items.clone().any(|it| it.term() == Some(*p)));
    match (said.next(), said.next()) {
        (Some(p), None) => Some(p),
        _ => None,
    }
}

/// The words the checks of one claim ask about by name, interned into the run's vocabulary.
#[derive(Clone)]
struct Named {
    /// "discharge": a claim value at discharge is never a change's start.
    discharge: Term,
    /// "prior", "previous" and "previously": a value of an earlier study or visit.
    prior: [Term; 3],
    /// Verbs that name a change of a value ("improved", "dropped", "rose").
    change: [Term; CHANGE_VERBS.len()],
    /// The words that name a specimen, with their specimen (empty until a claim has a
    /// value).
    specimens: Vec<(Term, Specimen)>,
    /// "tablet" (tab, capsule, pill).
    tablet: Term,
    /// The forms a strength is counted in: "tablet" and a capsule's "cap" ("Tacrolimus 1
    /// mg cap: 3 caps (3 mg)").
    dose_form: [Term; 2],
    /// Where a culture is taken from ("blood", "bone", "wound"): a culture's result is of
    /// its site.
    sites: [Term; 14],
    /// "pressure": "blood pressure" (BP) is no culture's site.
    pressure: Term,
    /// "oxygen" (denied, "on room air") and the devices that give it ("NC", "FiO2").
    oxygen: Term,
    oxygen_device: [Term; 11],
    /// "mean": a mean pressure is one number.
    mean: Term,
    /// Words that name a temperature ("T", "Tmax", "fever").
    temperature: [Term; 4],
    /// "culture" and "growth": a culture's result.
    culture: [Term; 2],
    /// "load" and "bolus": a dose given once.
    load: [Term; 2],
    /// "Reference" and "ref" opening a line of reference values.
    reference_label: [Term; 2],
    /// Verbs of what is done to a drug ("resumed", "held"), which open a part of a line that
    /// speaks of the drug before it.
    resumed: [Term; 6],
    /// "admission", "arrival", "presentation", "triage" and "initial": the first reading.
    first: [Term; 5],
    /// The second word of an electrolyte given as a salt ("sodium bicarbonate").
    salt: [Term; 8],
    /// "scheduled", "planned" and "plan": what is yet to be done.
    plan: [Term; 3],
    /// "side" and "sided": they carry a side, never a finding of one.
    side: [Term; 2],
    /// Words that make the value after them a reference, not a reading ("Therapeutic
    /// 0.6-1.2", "goal INR 2-3").
    reference: [Term; 9],
    /// Of those, the ones that may stand before the name of what they aim at ("target ACT
    /// 300-350 s").
    goal: [Term; 2],
    /// Studies, whose negative result is no denial that they were done.
    study: [Term; 10],
    /// A later time than a change's start ("follow-up echo", "current dose").
    later: [Term; 4],
    /// A goal met ("target 300 mg qHS reached 11/04").
    reached: [Term; 3],
    /// Words that make the number after them a name, not a reading ("stage 1 liquids",
    /// "grade 2", "type 2", "Test 1, room air", "Set 2", "Tube 4").
    label: [Term; 13],
    /// "normal" (and, negated, "abnormal"): it says something only of what it is said of.
    normal: Term,
    /// The words for a test itself, which many results deny ("Squeeze test negative").
    test: [Term; 2],
    /// Routes of a drug ("PO", "PR", "IV", "SC", "IM", "SL").
    route: [Term; 6],
    /// The labels of a report's conclusion ("IMPRESSION:", "INTERPRETATION:").
    conclusion: [Term; 5],
    /// Time points before the discharge ("On arrival", "Triage VS").
    earlier_time: [Term; 4],
    /// "preoperative" and "postoperative" ("pre-op", "post-op"): two time points.
    phase: [Term; 2],
    /// "next": what comes after the note ("Next dose due 05/12").
    next: Term,
    /// "follow-up" ("F/u vascular clinic 03/03/2026").
    follow_up: Term,
    /// What a lab flag after a reading is read as ("(L)", "(H)").
    flag: [Term; 2],
    /// A test done again later ("Repeat BCx 04/11").
    repeat: [Term; 2],
    /// "percentile": the number before it is a rank.
    percentile: Term,
    /// "comparison", a line's label for an earlier study.
    comparison: Term,
    /// "hour", which opens a line of readings at an hour ("Hour 24: MTX 38.1").
    hour: Term,
    /// A reading called the highest ("peaked at", "max") or the lowest ("nadir").
    peak: [Term; 2],
    nadir: [Term; 3],
}

impl Named {
    fn of(vocab: &mut Vocab, claim: &Analysis) -> Self {
        let prior = ["prior", "previous", "previously"].map(|w| vocab.term(w));
        Self {
            discharge: vocab.term("discharge"),
            prior,
            change: CHANGE_VERBS.map(|w| vocab.term(w)),
            specimens: specimen_terms(vocab, claim),
            tablet: vocab.term("tablet"),
            dose_form: ["tablet", "cap"].map(|w| vocab.term(w)),
            sites: [
                "blood", "urine", "bone", "wound", "abscess", "sputum", "csf", "tissue", "stool",
                "nares", "synovial", "pleural", "bal", "biopsy",
            ]
            .map(|w| vocab.term(w)),
            pressure: vocab.term("pressure"),
            oxygen: vocab.term("oxygen"),
            mean: vocab.term("mean"),
            temperature: ["temperature", "tmax", "fever", "febrile"].map(|w| vocab.term(w)),
            oxygen_device: [
                "cannula",
                "mask",
                "bipap",
                "cpap",
                "nrb",
                "rebreather",
                "vent",
                "ventilator",
                "intubated",
                "fio2",
                "supplemental",
            ]
            .map(|w| vocab.term(w)),
            culture: ["culture", "growth"].map(|w| vocab.term(w)),
            load: ["load", "bolus"].map(|w| vocab.term(w)),
            reference_label: ["reference", "ref"].map(|w| vocab.term(w)),
            resumed: [
                "resumed",
                "restarted",
                "started",
                "held",
                "stopped",
                "continued",
            ]
            .map(|w| vocab.term(w)),
            first: ["admission", "arrival", "presentation", "triage", "initial"]
                .map(|w| vocab.term(w)),
            salt: [
                "bicarbonate",
                "chloride",
                "gluconate",
                "sulfate",
                "phosphate",
                "citrate",
                "acetate",
                "oxide",
            ]
            .map(|w| vocab.term(w)),
            plan: ["scheduled", "planned", "plan"].map(|w| vocab.term(w)),
            side: ["side", "sided"].map(|w| vocab.term(w)),
            reference: [
                "therapeutic",
                "reference",
                "ref",
                "toxic",
                "critical",
                "goal",
                "target",
                // Upper reference limit, upper limit of normal.
                "url",
                "uln",
            ]
            .map(|w| vocab.term(w)),
            goal: ["goal", "target"].map(|w| vocab.term(w)),
            reached: ["reached", "achieved", "attained"].map(|w| vocab.term(w)),
            later: ["follow-up", "followup", "current", "latest"].map(|w| vocab.term(w)),
            study: [
                "fast",
                "ultrasound",
                "echocardiogram",
                "ct",
                "mri",
                "xray",
                "duplex",
                "scan",
                "study",
                "angiography",
            ]
            .map(|w| vocab.term(w)),
            label: [
                "stage", "grade", "class", "type", "phase", "step", "tier", "test", "set", "tube",
                "trial", "sample", "attempt",
            ]
            .map(|w| vocab.term(w)),
            normal: vocab.term("normal"),
            test: ["test", "screen"].map(|w| vocab.term(w)),
            route: ["po", "rectal", "iv", "subcut", "im", "sl"].map(|w| vocab.term(w)),
            conclusion: [
                "impression",
                "interpretation",
                "assessment",
                "conclusion",
                "diagnosis",
            ]
            .map(|w| vocab.term(w)),
            earlier_time: ["arrival", "admission", "presentation", "triage"].map(|w| vocab.term(w)),
            phase: ["preoperative", "postoperative"].map(|w| vocab.term(w)),
            next: vocab.term("next"),
            follow_up: vocab.term("followup"),
            flag: ["low", "elevated"].map(|w| vocab.term(w)),
            repeat: ["repeat", "subsequent"].map(|w| vocab.term(w)),
            percentile: vocab.term("percentile"),
            comparison: vocab.term("comparison"),
            hour: vocab.term("hour"),
            peak: ["maximum", "highest"].map(|w| vocab.term(w)),
            nadir: ["nadir", "lowest", "minimum"].map(|w| vocab.term(w)),
        }
    }
}

/// Of the clauses of a sentence that state `t`, the one sharing most of the fact's other
/// words (on the same side, when both give one); `None` when no single clause leads.
fn answering_clause(fact: Fact<'_>, t: Term, sentence: &[Item], in_best: &[&Item]) -> Option<u32> {
    let mut clauses: Vec<u32> = in_best.iter().map(|i| i.clause).collect();
    clauses.dedup();
    let score = |c: u32| {
        let mut seen = BTreeSet::new();
        fact.iter()
            .filter(|o| {
                o.term().is_some_and(|u| {
                    u != t
                        && seen.insert(u)
                        && sentence.iter().any(|i| {
                            i.clause == c && i.term() == Some(u) && !side_conflict(o.side, i.side)
                        })
                })
            })
            .count()
    };
    let mut scored: Vec<(usize, u32)> = clauses.iter().map(|c| (score(*c), *c)).collect();
    scored.sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
    match scored.as_slice() {
        [(s, c)] if *s > 0 => Some(*c),
        [(s1, c), (s2, _), ..] if s1 > s2 => Some(*c),
        _ => None,
    }
}

/// Words of the sentence around position `k` as (term, side, informativeness,
/// closeness): closeness falls with distance and beyond another quantity or clause (those
/// words usually describe that other value).
fn context(corpus: &Corpus<'_>, items: &[Item], k: usize) -> Context {
    let Some(center) = items.get(k) else {
        return Vec::new();
    };
    // Only the center's sentence counts, and its items are contiguous.
    let first = items[..k]
        .iter()
        .rposition(|it| it.sent != center.sent)
        .map_or(0, |p| p + 1);
    let last = items[k..]
        .iter()
        .position(|it| it.sent != center.sent)
        .map_or(items.len(), |p| k + p);
    let (items, k) = (&items[first..last], k - first);
    // "from 14.1 g/dL pre-op to 12.6 g/dL on POD 1": the words between a change's start
    // and its end say which the start is, not the end. (The start is the value right
    // before the end, dates aside: "CRP fell to 4.3" after "rose from 435 to 744" has none.)
    let start = if items[k].lead == Lead::To {
        items[..k]
            .iter()
            .rposition(|it| it.qty().is_some_and(|q| !q.is_time_point()))
            .filter(|&f| items[f].lead == Lead::From)
    } else {
        None
    };
    let mut out: Context = Vec::new();
    for (j, it) in items.iter().enumerate() {
        let Kind::Word(t) = it.kind else {
            continue;
        };
        let d = j.abs_diff(k) as f64;
        let mut prox = 1.0 / (1.0 + 0.35 * (d - 1.0).max(0.0));
        if start.is_some_and(|f| f < j && j < k) {
            prox *= 0.3;
        }
        let (lo, hi) = if j < k { (j, k) } else { (k, j) };
        // Values strictly between the two items.
        let between = if hi > lo {
            items[hi].values_before - items[lo + 1].values_before
        } else {
            0
        };
        if between > 0 {
            prox *= 0.5f64.powi(between.min(4) as i32);
        }
        // Words after a value that cross into the next clause ("3.1, improved to 1.2")
        // usually describe the next value.
        if it.clause != center.clause {
            prox *= if j > k { 0.5 } else { 0.7 };
        }
        if j > k {
            prox *= 0.8;
        }
        // A time point keeps its weight: "on admission" tells 7.1 from "4.6 after HD".
        let info = corpus.idf(t).min(3.0) * if it.light && !it.when { 0.4 } else { 1.0 };
        match out.iter_mut().find(|(x, s, _, _)| *x == t && *s == it.side) {
            Some(e) => e.3 = e.3.max(prox),
            None => out.push((t, it.side, info, prox)),
        }
    }
    out
}

/// A day's or an hour's place ("POD 1", "HD 3", "at 24 h"), not a duration ("for 24 h").
fn is_counter(i: &Item) -> bool {
    i.qty()
        .is_some_and(|q| q.dim == Dim::Day || (q.dim == Dim::Time && i.lead != Lead::For))
}

/// A reading: a value that is no place in time.
fn is_reading(i: &Item) -> bool {
    i.qty().is_some_and(|q| !q.is_time_point()) && !is_counter(i)
}

/// The day counter of the reading `items[k]`: the nearest one before it in its clause with
/// no other reading between (a table's "(POD 1)" column), else the first after it before
/// the next reading ("Hgb 12.6 on POD 1"); or the hour a line opens with ("Hour 24 (05/19
/// 10:05): MTX 38.1", `hour` being the word "hour").
fn counter_of(items: &[Item], k: usize, hour: Term) -> Option<&Quantity> {
    let reading = |i: &Item| i.qty().is_some_and(|q| !q.is_time_point());
    fn day(i: &Item) -> Option<&Quantity> {
        i.qty().filter(|d| d.dim == Dim::Day)
    }
    let clause = items[k].clause;
    let before = items[..k]
        .iter()
        .rev()
        .take_while(|i| i.clause == clause && !reading(i))
        .find_map(day);
    let after = || {
        items[k + 1..]
            .iter()
            .take_while(|i| i.clause == clause && !reading(i))
            .find_map(day)
    };
    let opening_hour = || {
        let first = items[..k]
            .iter()
            .rposition(|i| i.sent != items[k].sent)
            .map_or(0, |p| p + 1);
        match &items[first..k] {
            [label, value, rest @ ..]
                if label.term() == Some(hour)
                    && value.qty().is_some_and(|q| q.dim == Dim::Time)
                    && !rest.iter().any(reading) =>
            {
                value.qty()
            }
            _ => None,
        }
    };
    // (A row named by its hour: "1 h | 182".)
    let row_hour = || {
        match items.iter().position(|i| i.sent == items[k].sent) {
            Some(first) if first < k && !items[first + 1..k].iter().any(reading) => {
                items[first].qty().filter(|_| is_counter(&items[first]))
            }
            _ => None,
        }
        .filter(|q| q.dim == Dim::Time)
    };
    before
        .or_else(after)
        .or_else(opening_hour)
        .or_else(row_hour)
}

/// The hour before a test's name that names which reading the value is: "the 2-hour
/// glucose was 182" (an hour, one or two words, then the value).
fn hour_naming_test(items: &[Item], k: usize) -> Option<Quantity> {
    let item = &items[k];
    let words = items[..k]
        .iter()
        .rev()
        .take_while(|i| i.sent == item.sent && i.clause == item.clause && i.qty().is_none())
        .count();
    let at = k.checked_sub(words + 1)?;
    let hour = &items[at];
    let named = (1..=2).contains(&words)
        && hour.sent == item.sent
        && hour.clause == item.clause
        && is_counter(hour)
        && hour.qty().is_some_and(|q| q.dim == Dim::Time);
    named.then(|| hour.qty().copied()).flatten()
}

/// The calendar days written with the reading `steps[m]` of `items`: those after it, up to
/// the next reading ("3.1 (05/03)" of "4.8 -> 3.1 (05/03) -> 1.6 mg/dL (05/05)").
fn step_days<'i>(
    items: &'i [Item],
    steps: &[usize],
    m: usize,
) -> impl Iterator<Item = &'i Quantity> {
    let next = steps.get(m + 1).copied().unwrap_or(items.len());
    items[steps[m] + 1..next]
        .iter()
        .filter_map(Item::qty)
        .filter(|d| d.is_calendar())
}

/// In a trend dated step by step ("4.8 -> 3.1 (05/03) -> 1.6 mg/dL (05/05)"), of its
/// readings `steps` (see `Checker::reading_steps`), the index of the one whose own days
/// include one of `days`.
fn dated_step(items: &[Item], steps: &[usize], days: &[Quantity]) -> Option<usize> {
    if !steps.iter().any(|&n| items[n].lead == Lead::To) {
        return None;
    }
    let own = |m: usize| step_days(items, steps, m);
    let dated = (0..steps.len())
        .filter(|&m| own(m).next().is_some())
        .count();
    if dated < 2 {
        return None;
    }
    (0..steps.len())
        .find(|&m| own(m).any(|d| days.iter().any(|c| c.dim == d.dim && c.matches(d))))
        .map(|m| steps[m])
}

#[cfg(test)]
mod postings_tests {
    use super::*;

    #[test]
    fn significant_digits_count_what_is_written() {
        assert_eq!(significant_digits(4812.0), 4);
        assert_eq!(significant_digits(2000.0), 1);
        assert_eq!(significant_digits(12.5), 3);
        assert_eq!(significant_digits(0.08), 1);
        assert_eq!(significant_digits(3905.0), 4);
    }

    fn found(p: &Postings, t: Term) -> Vec<(u32, u32, u32, u8)> {
        p.of(t)
            .iter()
            .map(|p| (p.doc, p.sent, p.tf, p.polarity))
            .collect()
    }

    /// Each sentence holding a term appears once, in document and sentence order, with the
    /// term's count there and the polarities it is stated with.
    #[test]
    fn postings_count_each_sentence_once_in_order_with_polarity() {
        let mut vocab = Vocab::default();
        let a = analyze_source("No fever. Fever spiked, fever again at night.", &mut vocab);
        let b = analyze_source("Cough improved. Denies fever.", &mut vocab);
        let postings = Postings::build(&[&a, &b]);
        let (fever, cough) = (vocab.term("fever"), vocab.term("cough"));
        let denied = Posting::DENIED | Posting::DENIED_PLAIN;
        let affirmed = Posting::AFFIRMED | Posting::AFFIRMED_PLAIN;
        assert_eq!(
            found(&postings, fever),
            vec![(0, 0, 1, denied), (0, 1, 2, affirmed), (1, 1, 1, denied)]
        );
        assert_eq!(found(&postings, cough), vec![(1, 0, 1, affirmed)]);
        // A term the sources never use (a claim's own word) has no entries.
        assert!(postings.of(vocab.term("bradycardia")).is_empty());
    }

    /// A denial limited to a time ("no active bleeding") is recorded without the plain bit,
    /// so it does not oppose a plain statement.
    #[test]
    fn narrowed_denial_is_not_plain() {
        let mut vocab = Vocab::default();
        let a = analyze_source("No active bleeding.", &mut vocab);
        let postings = Postings::build(&[&a]);
        let bleeding = vocab.term("bleeding");
        assert_eq!(found(&postings, bleeding), vec![(0, 0, 1, Posting::DENIED)]);
    }
}

/// Whether `value` lies inside the bound `lead` sets at `limit` ("> 45": 78 does).
fn within(lead: Lead, limit: f64, value: f64) -> bool {
    match lead {
        Lead::Above => value > limit,
        Lead::Below => value < limit,
        _ => false,
    }
}

#[cfg(test)]
mod debug_tests {
    use super::*;

    /// A debugging aid, not a check: `DEBUG_CLAIM="..." DEBUG_SOURCE="..." DEBUG_EVIDENCE=1
    /// cargo test -p evaluation --lib debug_claim -- --ignored --nocapture`
    #[test]
    #[ignore = "debugging aid, run by hand"]
    fn debug_claim() {
        // `DEBUG_CASE=<file.jsonl>:<case_id>[,<case_id>...]` replays labelled cases with all
        // their sources.
        if let Ok(spec) = std::env::var("DEBUG_CASE") {
            let (path, ids) = spec.rsplit_once(':').unwrap();
            let text = std::fs::read_to_string(path).unwrap();
            for id in ids.split(',') {
                eprintln!("CASE {id}");
                let case: serde_json::Value = text
                    .lines()
                    .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
                    .find(|c| c["case_id"] == id)
                    .unwrap();
                let sources: Vec<SourceReference> =
                    serde_json::from_value(case["sources"].clone()).unwrap();
                let claim: Claim = serde_json::from_value(case["claim"].clone()).unwrap();
                let generated = Timestamp::parse(case["generated_at"].as_str().unwrap()).unwrap();
                let mut corpus = Corpus::new(&sources, generated, None);
                let r = evaluate_claims(&mut corpus, std::slice::from_ref(&claim));
                let a = analyze(&claim.statement, &mut corpus.vocab);
                eprintln!(
                    "{}",
                    crate::text::describe(&a, &corpus.vocab, &claim.statement)
                );
                eprintln!("{r:#?}");
            }
            return;
        }
        let (Ok(claim), Ok(source)) = (std::env::var("DEBUG_CLAIM"), std::env::var("DEBUG_SOURCE"))
        else {
            return;
        };
        let t = Timestamp::parse("2026-01-01T00:00:00Z").unwrap();
        let sources = vec![SourceReference {
            source_id: "s1".into(),
            source_type: SourceType::ClinicalNote,
            title: std::env::var("DEBUG_TITLE").unwrap_or_default(),
            content: source,
            authored_at: t,
        }];
        let mut corpus = Corpus::new(&sources, t, None);
        let c = Claim {
            claim_id: "c1".into(),
            claim_type: "x".into(),
            statement: claim.clone(),
            supporting_source_ids: vec!["s1".into()],
        };
        let r = evaluate_claims(&mut corpus, &[c]);
        let a = analyze(&claim, &mut corpus.vocab);
        eprintln!("{}", crate::text::describe(&a, &corpus.vocab, &claim));
        let content = &sources[0].content;
        let s = analyze(content, &mut corpus.vocab);
        eprintln!(
            "source:\n{}",
            crate::text::describe(&s, &corpus.vocab, content)
        );
        eprintln!("{r:#?}");
    }
}

#[cfg(test)]
mod timing_tests {
    use super::*;

    /// A timing diagnostic, not a check: `TIMING=300 cargo test --release -p evaluation
    /// --lib stage_timing -- --ignored --nocapture`.
    #[test]
    #[ignore = "timing diagnostic, run by hand"]
    fn stage_timing() {
        #[derive(serde::Deserialize)]
        struct Data {
            sources: Vec<SourceReference>,
            claims: Vec<Claim>,
        }
        let p = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/benches/data/pipeline_input.json"
        );
        let data: Data = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
        let t = Timestamp::parse("2026-10-01T00:00:00Z").unwrap();
        let n: u32 = std::env::var("TIMING")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20);
        let mut acc = [std::time::Duration::ZERO; 6];
        for _ in 0..n {
            let mut corpus = Corpus::new(&data.sources, t, None);
            let s = std::time::Instant::now();
            corpus.ensure();
            acc[0] += s.elapsed();
            for claim in &data.claims {
                let ids: Vec<usize> = (0..data.sources.len())
                    .filter(|i| {
                        claim
                            .supporting_source_ids
                            .contains(&data.sources[*i].source_id)
                    })
                    .collect();
                let s = std::time::Instant::now();
                let a = analyze(&claim.statement, &mut corpus.vocab);
                acc[1] += s.elapsed();
                let s = std::time::Instant::now();
                let named = Named::of(&mut corpus.vocab, &a);
                let check = Checker::new(&corpus, &a, &ids, named);
                acc[2] += s.elapsed();
                let facts = split_facts(&corpus, &a);
                let s = std::time::Instant::now();
                let ranked: Vec<Ranked> = facts.iter().map(|f| check.ranked(f)).collect();
                acc[3] += s.elapsed();
                let s = std::time::Instant::now();
                for (f, r) in facts.iter().zip(&ranked) {
                    std::hint::black_box(check.polarity_contradictions(f, r));
                }
                acc[4] += s.elapsed();
                let s = std::time::Instant::now();
                for (f, r) in facts.iter().zip(&ranked) {
                    std::hint::black_box(check.fact_coverage(f, r));
                }
                acc[5] += s.elapsed();
            }
        }
        let s = std::time::Instant::now();
        for _ in 0..n {
            let mut v = Vocab::default();
            for src in &data.sources {
                std::hint::black_box(analyze(&src.content, &mut v));
            }
        }
        eprintln!("analyze sources only: {:?}", s.elapsed() / n);
        for (label, d) in [
            "ensure",
            "claim analyze",
            "checker/align",
            "ranked",
            "polarity",
            "coverage",
        ]
        .iter()
        .zip(acc)
        {
            eprintln!("{label}: {:?}", d / n);
        }
    }
}
