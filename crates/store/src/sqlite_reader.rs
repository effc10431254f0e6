//! SQLite point reads (one record by tenant and id) on the calling thread. sqlx runs every
//! SQLite statement on a worker thread of its own, so a lookup costs two thread hand-offs
//! (a futex wake and a context switch each), more than the lookup itself: in WAL mode a
//! reader never waits for the writer, and a row from the page cache takes microseconds.
//! A small pool of rusqlite connections, limited to reading, serves these lookups where
//! they are asked for; lists and other queries stay on sqlx's pool. The price: the lookup
//! runs on a tokio worker, so a read that had to wait (the busy timeout, which WAL readers
//! meet only around recovery or a restarting checkpoint) would hold that worker meanwhile.

use crate::{docs, embedded, open_sqlite, StoreError};
use rusqlite::types::Value;
use rusqlite::{params, Connection, OptionalExtension};
use std::sync::Mutex;

/// Connections kept open between lookups (more are opened under load and then closed).
const MAX_IDLE: usize = 8;

pub(crate) struct PointReader {
    path: String,
    idle: Mutex<Vec<Connection>>,
}

impl PointReader {
    pub(crate) fn new(path: &str) -> Self {
        Self {
            path: path.to_owned(),
            idle: Mutex::new(Vec::new()),
        }
    }

    fn take(&self) -> Result<Connection, StoreError> {
        if let Some(conn) = self.idle.lock().ok().and_then(|mut idle| idle.pop()) {
            return Ok(conn);
        }
        open_sqlite(
            &self.path,
            "PRAGMA busy_timeout=10000; PRAGMA query_only=1;",
        )
    }

    fn give_back(&self, conn: Connection) {
        if let Ok(mut idle) = self.idle.lock() {
            if idle.len() < MAX_IDLE {
                idle.push(conn);
            }
        }
    }

    /// The first row of a query, mapped.
    fn one<T>(
        &self,
        sql: &str,
        params: impl rusqlite::Params,
        map: impl FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Option<T>, StoreError> {
        let conn = self.take()?;
        let row = conn
            .prepare_cached(sql)
            .and_then(|mut stmt| stmt.query_row(params, map).optional());
        self.give_back(conn);
        row.map_err(embedded)
    }

    /// The `doc` and `revision` of the row of `table` with this tenant and id, and its
    /// `sources_hash` when asked for (kinds that share their sources).
    pub(crate) fn doc(
        &self,
        table: &str,
        tenant: &str,
        id: &str,
        with_sources: bool,
    ) -> Result<Option<(String, i64, Option<String>)>, StoreError> {
        let hash = if with_sources { "sources_hash" } else { "NULL" };
        let sql =
            format!("SELECT doc, revision, {hash} FROM {table} WHERE tenant_id = ?1 AND id = ?2");
        let row = self.one(&sql, params![tenant, id], |r| {
            Ok((r.get::<_, Value>(0)?, r.get(1)?, r.get(2)?))
        })?;
        let Some((doc, revision, hash)) = row else {
            return Ok(None);
        };
        Ok(Some((text(doc, table, id)?, revision, hash)))
    }

    /// A tenant's source set's JSON by its hash.
    pub(crate) fn source_set(
        &self,
        tenant: &str,
        hash: &str,
    ) -> Result<Option<String>, StoreError> {
        let row = self.one(
            "SELECT doc FROM source_sets WHERE tenant_id = ?1 AND hash = ?2",
            params![tenant, hash],
            |r| r.get::<_, Value>(0),
        )?;
        row.map(|doc| text(doc, "source_sets", hash)).transpose()
    }

    /// A credential ciphertext by its reference.
    pub(crate) fn blob(&self, reference: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.one(
            "SELECT blob FROM credential_blobs WHERE reference = ?1",
            params![reference],
            |r| r.get(0),
        )
    }
}

/// A document column's JSON text, whether stored as text or compressed (see `docs`).
fn text(doc: Value, table: &str, id: &str) -> Result<String, StoreError> {
    match doc {
        Value::Text(text) => Ok(text),
        Value::Blob(frame) => docs::unpack(&frame),
        _ => Err(StoreError::Corrupt(format!(
            "{table} {id}: document is not text"
        ))),
    }
}
