//! A unit of work as SQL statements with their parameters, independent of the driver that
//! runs them: sqlx on PostgreSQL, the SQLite writer thread on SQLite. One plan, one SQL text.

use crate::{Op, StoreError};
use domain::TenantId;
use std::collections::BTreeMap;

#[derive(Debug)]
pub(crate) enum Param {
    Text(String),
    /// A JSON document: text on PostgreSQL, possibly compressed on SQLite (see `docs`).
    Doc(String),
    Blob(Vec<u8>),
    OptText(Option<String>),
    Int(i64),
    Real(f64),
}

/// What a statement's outcome means for the unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Check {
    Plain,
    /// An insert: a unique violation means the record already exists.
    Insert,
    /// An optimistic update: anything but one affected row is a lost race.
    OneRow,
    /// A timeline append: a duplicate sequence means another writer won the race.
    Timeline,
}

impl Check {
    /// Maps a statement error (unique violations already mapped to `AlreadyExists`).
    pub(crate) fn on_error(self, e: StoreError) -> StoreError {
        match (self, e) {
            (Check::Timeline, StoreError::AlreadyExists) => StoreError::Conflict,
            (_, e) => e,
        }
    }
}

#[derive(Debug)]
pub(crate) struct Stmt {
    /// `$n` placeholders, numbered by parameter position.
    pub sql: String,
    pub params: Vec<Param>,
    pub check: Check,
}

/// Session inputs update a row that an insert of the same unit may create, so they run
/// after every other write; source sets go first, once each, in key order; counter deltas
/// merge by key into one upsert at the end, in sorted key order. Both orders are fixed so
/// that two PostgreSQL writers take the same rows in the same order.
pub(crate) fn plan(tenant: &TenantId, ops: Vec<Op>) -> Vec<Stmt> {
    let t = || Param::Text(tenant.as_str().to_owned());
    let mut stmts = Vec::with_capacity(ops.len() + 1);
    let mut inputs = Vec::new();
    let mut sets: BTreeMap<String, String> = BTreeMap::new();
    let mut counters: BTreeMap<(String, String), (i64, f64)> = BTreeMap::new();
    for op in ops {
        match op {
            Op::Insert {
                table,
                id,
                created_ms,
                promoted,
                doc,
            } => {
                let cols: String = promoted.iter().map(|(c, _)| format!(", {c}")).collect();
                let marks: String = (0..promoted.len())
                    .map(|i| format!(", ${}", i + 6))
                    .collect();
                let mut params = vec![
                    t(),
                    Param::Text(id),
                    Param::Int(1),
                    Param::Int(created_ms),
                    Param::Doc(doc),
                ];
                params.extend(promoted.into_iter().map(|(_, v)| Param::OptText(v)));
                stmts.push(Stmt {
                    sql: format!("INSERT INTO {table} (tenant_id, id, revision, created_ms, doc{cols}) VALUES ($1, $2, $3, $4, $5{marks})"),
                    params,
                    check: Check::Insert,
                });
            }
            Op::Update {
                table,
                id,
                expected,
                promoted,
                doc,
            } => {
                let sets: String = promoted
                    .iter()
                    .enumerate()
                    .map(|(i, (c, _))| format!(", {c} = ${}", i + 5))
                    .collect();
                let mut params = vec![Param::Doc(doc), t(), Param::Text(id), Param::Int(expected)];
                params.extend(promoted.into_iter().map(|(_, v)| Param::OptText(v)));
                stmts.push(Stmt {
                    sql: format!("UPDATE {table} SET doc = $1, revision = revision + 1{sets} WHERE tenant_id = $2 AND id = $3 AND revision = $4"),
                    params,
                    check: Check::OneRow,
                });
            }
            Op::Timeline {
                session_id,
                entry,
                doc,
            } => stmts.push(Stmt {
                sql: "INSERT INTO timeline (tenant_id, session_id, sequence, doc) VALUES ($1, $2, $3, $4)".into(),
                params: vec![
                    t(),
                    Param::Text(session_id),
                    Param::Int(entry.sequence as i64),
                    Param::Doc(doc),
                ],
                check: Check::Timeline,
            }),
            Op::SessionInputs {
                session_id,
                doc,
                sources_hash,
            } => inputs.push(Stmt {
                sql: "UPDATE sessions SET inputs = $1, inputs_sources_hash = $4 WHERE tenant_id = $2 AND id = $3".into(),
                params: vec![
                    Param::Doc(doc),
                    t(),
                    Param::Text(session_id),
                    Param::OptText(sources_hash),
                ],
                check: Check::Plain,
            }),
            // A set is immutable and keyed by its content: one already there is the same set.
            Op::SourceSet(set) => {
                sets.entry(set.hash).or_insert(set.doc);
            }
            Op::Counter(d) => {
                let slot = counters.entry((d.scope, d.name)).or_insert((0, 0.0));
                slot.0 += d.n;
                slot.1 += d.total;
            }
        }
    }
    // Sets first, in key order: a PostgreSQL insert of a key another open transaction has
    // just inserted waits for it, so two units naming the same two sets must take them in
    // the same order.
    let set_stmts = sets.into_iter().map(|(hash, doc)| Stmt {
        sql: "INSERT INTO source_sets (tenant_id, hash, doc) VALUES ($1, $2, $3) \
              ON CONFLICT (tenant_id, hash) DO NOTHING"
            .into(),
        params: vec![t(), Param::Text(hash), Param::Doc(doc)],
        check: Check::Plain,
    });
    stmts.splice(0..0, set_stmts);
    stmts.extend(inputs);
    if !counters.is_empty() {
        let rows: Vec<String> = (0..counters.len())
            .map(|i| {
                format!(
                    "($1, ${}, ${}, ${}, ${})",
                    4 * i + 2,
                    4 * i + 3,
                    4 * i + 4,
                    4 * i + 5
                )
            })
            .collect();
        let mut params = vec![t()];
        for ((scope, name), (n, total)) in counters {
            params.extend([
                Param::Text(scope),
                Param::Text(name),
                Param::Int(n),
                Param::Real(total),
            ]);
        }
        stmts.push(Stmt {
            sql: format!(
                "INSERT INTO counters (tenant_id, scope, name, n, total) VALUES {} \
                 ON CONFLICT (tenant_id, scope, name) DO UPDATE SET n = counters.n + excluded.n, total = counters.total + excluded.total",
                rows.join(", ")
            ),
            params,
            check: Check::Plain,
        });
    }
    stmts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source_sets::SourceSet;

    fn set(hash: &str) -> Op {
        Op::SourceSet(SourceSet {
            hash: hash.into(),
            doc: format!("[{hash}]"),
        })
    }

    fn set_keys(stmts: &[Stmt]) -> Vec<String> {
        stmts
            .iter()
            .filter(|s| s.sql.contains("source_sets"))
            .map(|s| match &s.params[1] {
                Param::Text(h) => h.clone(),
                other => panic!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn source_sets_are_written_first_once_each_in_key_order() {
        let t = TenantId::parse("t").unwrap();
        let inputs = |seq: u32| Op::SessionInputs {
            session_id: format!("s{seq}"),
            doc: "{}".into(),
            sources_hash: None,
        };
        let one = plan(&t, vec![inputs(1), set("b"), set("a"), set("b")]);
        let other = plan(&t, vec![set("a"), inputs(2), set("b")]);
        assert_eq!(set_keys(&one), ["a", "b"]);
        assert_eq!(set_keys(&other), ["a", "b"]);
        assert!(one[0].sql.contains("source_sets") && one[1].sql.contains("source_sets"));
    }
}
