//! SQLite's write path. sqlx runs each SQLite statement on a worker thread and hands every
//! statement and its result across threads; a unit of work of ten statements costs twenty
//! wake-ups, and with SQLite's single writer that caps durable runs at a few hundred per
//! second. Here one thread owns a rusqlite connection and applies a whole unit per hand-off.
//! Units that queue up while a transaction runs are committed together (group commit), each
//! inside its own savepoint, so one unit's failure never touches another's writes. A caller
//! is answered only after the COMMIT that holds its unit.

use crate::plan::{Check, Param, Stmt};
use crate::{embedded, open_sqlite, StoreError};
use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::{params_from_iter, Connection};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// Most units in one transaction; bounds how long the first of them waits for its answer.
const MAX_BATCH: usize = 64;
/// How often the checkpointer looks whether there is enough to copy.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(10);
/// Commits (about 14 WAL frames each when alone, fewer per unit when grouped) between two
/// checkpoints. Not at every tick: a checkpoint that catches up with the writer makes it
/// restart the WAL at its next commit, and SQLite syncs the new WAL header (a disk flush,
/// 0.3-0.45 ms here) before that commit returns; at light load that was every request's first
/// commit. Not many more either: at 32, each checkpoint copied enough at once to double the
/// p99 of runs paced at 1,000/s (bench body 4.4 -> 7.6 ms); at 8 it stayed at 4.2 ms.
const CHECKPOINT_AFTER_COMMITS: u64 = 8;
/// A writer quiet this long has its last commits copied even if they are fewer.
const QUIET_BEFORE_CHECKPOINT: Duration = Duration::from_secs(1);

struct Job {
    stmts: Vec<Stmt>,
    done: oneshot::Sender<Result<(), StoreError>>,
}

#[derive(Clone)]
pub(crate) struct SqliteWriter {
    jobs: mpsc::Sender<Job>,
    /// Dropped with the last handle, which stops the checkpointer.
    _checkpointer: Arc<mpsc::Sender<()>>,
}

/// The file behind a `sqlite:` URL, or `None` for an in-memory database (which a second
/// connection could not share).
pub(crate) fn file_path(url: &str) -> Option<&str> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    if path.is_empty() || path == ":memory:" || query.contains("mode=memory") {
        return None;
    }
    Some(path)
}

impl SqliteWriter {
    pub(crate) fn open(path: &str) -> Result<Self, StoreError> {
        let conn = open_sqlite(path, crate::SQLITE_PRAGMAS)?;
        // Only the writer checkpoints after a commit (once the WAL holds 1,000 frames), a
        // backstop: the checkpointer below has by then copied most frames, leaving a short
        // tail. Each unit runs in a savepoint, whose journal of original pages outgrows
        // SQLite's in-memory limit (64 KiB) on a decision-sized unit and spilled to a new
        // temporary file (open, unlink, writes, close) every transaction; kept in memory
        // (a transaction's worth of pages, released at COMMIT), it costs no system calls.
        conn.execute_batch("PRAGMA wal_autocheckpoint=1000; PRAGMA temp_store=MEMORY;")
            .map_err(embedded)?;
        conn.set_prepared_statement_cache_capacity(64);
        let (jobs, rx) = mpsc::channel();
        let commits = Arc::new(AtomicU64::new(0));
        let counted = Arc::clone(&commits);
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || serve(conn, rx, &counted))
            .map_err(|e| StoreError::Embedded(format!("starting the writer thread: {e}")))?;
        // A checkpoint run by the writer alone copies 1,000 frames at once and holds up
        // every unit queued behind it for milliseconds. A thread of its own copies frames
        // into the database as they come, concurrently with the writer.
        let checkpoint_conn = open_sqlite(path, crate::SQLITE_PRAGMAS)?;
        let (stop, stopped) = mpsc::channel();
        std::thread::Builder::new()
            .name("sqlite-checkpoint".into())
            .spawn(move || checkpoints(checkpoint_conn, stopped, &commits))
            .map_err(|e| StoreError::Embedded(format!("starting the checkpointer: {e}")))?;
        Ok(Self {
            jobs,
            _checkpointer: Arc::new(stop),
        })
    }

    pub(crate) async fn commit(&self, stmts: Vec<Stmt>) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        self.jobs
            .send(Job { stmts, done })
            .map_err(|_| StoreError::Embedded("the writer thread has stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError::Embedded("the writer thread has stopped".into()))?
    }
}

/// Runs until every `SqliteWriter` handle is dropped.
fn serve(conn: Connection, rx: mpsc::Receiver<Job>, commits: &AtomicU64) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let results = apply_batch(&conn, &batch);
        commits.fetch_add(1, Ordering::Relaxed);
        for (job, result) in batch.into_iter().zip(results) {
            // A caller that went away (request cancelled) still had its unit committed.
            let _ = job.done.send(result);
        }
    }
}

/// Passive checkpoints (they never block the writer) once `CHECKPOINT_AFTER_COMMITS` commits
/// have come since the last, or once the writer has been quiet for `QUIET_BEFORE_CHECKPOINT`
/// with commits not yet copied (so the database file never lags for long); a truncating one
/// when the store closes.
fn checkpoints(conn: Connection, stop: mpsc::Receiver<()>, commits: &AtomicU64) {
    // Whether every frame of the WAL is now in the database file (a reader still on an older
    // snapshot can hold some back; those are tried again at the next occasion).
    let checkpoint = |mode: &str| {
        conn.query_row(&format!("PRAGMA wal_checkpoint({mode})"), [], |r| {
            Ok(r.get::<_, i64>(1)? == r.get::<_, i64>(2)?)
        })
        .unwrap_or(false)
    };
    let (mut copied_up_to, mut last_seen, mut quiet_since) = (0, 0, Instant::now());
    loop {
        match stop.recv_timeout(CHECKPOINT_EVERY) {
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let now = commits.load(Ordering::Relaxed);
                if now != last_seen {
                    (last_seen, quiet_since) = (now, Instant::now());
                }
                let pending = now - copied_up_to;
                let due = pending >= CHECKPOINT_AFTER_COMMITS
                    || (pending > 0 && quiet_since.elapsed() >= QUIET_BEFORE_CHECKPOINT);
                if due && checkpoint("PASSIVE") {
                    copied_up_to = now;
                }
            }
            _ => {
                let _ = checkpoint("TRUNCATE");
                return;
            }
        }
    }
}

fn apply_batch(conn: &Connection, batch: &[Job]) -> Vec<Result<(), StoreError>> {
    let all_fail = |e: &rusqlite::Error| {
        batch
            .iter()
            .map(|_| Err(StoreError::Embedded(e.to_string())))
            .collect()
    };
    if let Err(e) = conn.execute_batch("BEGIN IMMEDIATE") {
        return all_fail(&e);
    }
    let mut results = Vec::with_capacity(batch.len());
    for job in batch {
        let outcome = conn
            .execute_batch("SAVEPOINT unit")
            .map_err(embedded)
            .and_then(|()| apply(conn, &job.stmts));
        let closed = match outcome {
            Ok(()) => conn.execute_batch("RELEASE unit"),
            Err(_) => conn.execute_batch("ROLLBACK TO unit; RELEASE unit"),
        };
        if let Err(e) = closed {
            // The transaction is in an unknown state: give it up whole.
            let _ = conn.execute_batch("ROLLBACK");
            return all_fail(&e);
        }
        results.push(outcome);
    }
    match conn.execute_batch("COMMIT") {
        Ok(()) => results,
        Err(e) => {
            let _ = conn.execute_batch("ROLLBACK");
            all_fail(&e)
        }
    }
}

fn apply(conn: &Connection, stmts: &[Stmt]) -> Result<(), StoreError> {
    for stmt in stmts {
        // SQLite's numbered parameters are `?n`; the plan writes PostgreSQL's `$n`.
        let sql = stmt.sql.replace('$', "?");
        let mut prepared = conn.prepare_cached(&sql).map_err(embedded)?;
        // Bound by reference: the documents are not copied on this one thread.
        let values = stmt.params.iter().map(|p| {
            ToSqlOutput::Borrowed(match p {
                Param::Text(v) | Param::Doc(v) | Param::OptText(Some(v)) => {
                    ValueRef::Text(v.as_bytes())
                }
                Param::Blob(v) => ValueRef::Blob(v),
                Param::OptText(None) => ValueRef::Null,
                Param::Int(v) => ValueRef::Integer(*v),
                Param::Real(v) => ValueRef::Real(*v),
            })
        });
        match prepared.execute(params_from_iter(values)) {
            Ok(rows) => {
                if stmt.check == Check::OneRow && rows != 1 {
                    return Err(StoreError::Conflict);
                }
            }
            Err(e) => return Err(stmt.check.on_error(map_error(e))),
        }
    }
    Ok(())
}

fn map_error(e: rusqlite::Error) -> StoreError {
    match &e {
        rusqlite::Error::SqliteFailure(f, _)
            if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY =>
        {
            StoreError::AlreadyExists
        }
        _ => embedded(e),
    }
}

#[cfg(test)]
mod tests {
    use super::file_path;

    #[test]
    fn file_paths_of_sqlite_urls() {
        assert_eq!(file_path("sqlite:///tmp/a.db?mode=rwc"), Some("/tmp/a.db"));
        assert_eq!(file_path("sqlite://./data/x.db"), Some("./data/x.db"));
        assert_eq!(file_path("sqlite:x.db"), Some("x.db"));
        assert_eq!(file_path("sqlite::memory:"), None);
        assert_eq!(file_path("sqlite://x.db?mode=memory"), None);
        assert_eq!(file_path("postgres://h/db"), None);
    }
}
