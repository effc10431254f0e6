//! Persistence for every tenant-scoped resource, on SQLite (embedded default) or PostgreSQL.
//! One implementation over sqlx's `Any` driver: the dialects differ only in their migrations.
//!
//! Every tenant resource method takes the tenant first, so an unscoped query cannot be
//! written. Updates are optimistic (`… AND revision = $expected`): a lost update is impossible
//! even with several replicas on one PostgreSQL database.

mod docs;
mod migrations;
mod plan;
mod records;
mod source_sets;
mod sqlite_reader;
mod sqlite_writer;

use plan::{Check, Param};

pub use records::Record;

use domain::{SessionId, SessionInputs, SourceReference, TenantId, TimelineEntry};
use serde::de::DeserializeOwned;
use source_sets::SourceSet;
use sqlx::any::{AnyPoolOptions, AnyRow, AnyTypeInfoKind};
use sqlx::{AnyPool, Executor, Row, ValueRef};
use std::time::Duration;

/// Which database the store runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn from_url(url: &str) -> Option<Self> {
        if url.starts_with("sqlite:") {
            Some(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Backend::Postgres)
        } else {
            None
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("not found")]
    NotFound,
    #[error("already exists")]
    AlreadyExists,
    /// Someone else changed the record since it was read.
    #[error("concurrent modification")]
    Conflict,
    /// A delete refused because another record references this one.
    #[error("still referenced")]
    InUse,
    #[error("unsupported database url")]
    UnsupportedUrl,
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// From the SQLite writer thread.
    #[error("database error: {0}")]
    Embedded(String),
    #[error("migration error: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    #[error("stored document is unreadable: {0}")]
    Corrupt(String),
}

/// A record with the revision it was read at.
#[derive(Debug, Clone)]
pub struct Versioned<T> {
    pub value: T,
    pub revision: i64,
}

/// One page of a list, newest first.
#[derive(Debug, Clone)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next_cursor: Option<String>,
}

#[derive(Debug, Clone)]
pub struct PageRequest {
    pub limit: u32,
    pub cursor: Option<String>,
}

/// Equality filters on promoted columns. Column names come from code, values are bound.
#[derive(Debug, Clone, Default)]
pub struct Filter(Vec<(&'static str, String)>);

impl Filter {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn eq(mut self, column: &'static str, value: impl Into<String>) -> Self {
        self.0.push((column, value.into()));
        self
    }
    pub fn eq_opt(self, column: &'static str, value: Option<impl Into<String>>) -> Self {
        match value {
            Some(v) => self.eq(column, v),
            None => self,
        }
    }
}

/// A malformed list cursor from a caller.
#[derive(Debug, thiserror::Error)]
#[error("cursor is not valid")]
pub struct InvalidCursor;

fn encode_cursor(created_ms: i64, id: &str) -> String {
    format!("c{created_ms}-{id}")
}

pub fn decode_cursor(cursor: &str) -> Result<(i64, String), InvalidCursor> {
    let rest = cursor.strip_prefix('c').ok_or(InvalidCursor)?;
    let (ms, id) = rest.split_once('-').ok_or(InvalidCursor)?;
    let ms = ms.parse::<i64>().map_err(|_| InvalidCursor)?;
    if id.is_empty() || id.len() > 160 {
        return Err(InvalidCursor);
    }
    Ok((ms, id.to_owned()))
}

/// One named counter change, applied in the same transaction as the write it counts.
#[derive(Debug, Clone)]
pub struct CounterDelta {
    /// `""` for the whole tenant, otherwise an agent id.
    pub scope: String,
    pub name: String,
    pub n: i64,
    pub total: f64,
}

/// A counter's current value.
#[derive(Debug, Clone, PartialEq)]
pub struct Counter {
    pub name: String,
    pub n: i64,
    pub total: f64,
}

/// Promoted columns and their values.
type Promoted = Vec<(&'static str, Option<String>)>;

pub(crate) enum Op {
    Insert {
        table: &'static str,
        id: String,
        created_ms: i64,
        promoted: Vec<(&'static str, Option<String>)>,
        doc: String,
    },
    Update {
        table: &'static str,
        id: String,
        expected: i64,
        promoted: Vec<(&'static str, Option<String>)>,
        doc: String,
    },
    Timeline {
        session_id: String,
        entry: TimelineEntry,
        doc: String,
    },
    SessionInputs {
        session_id: String,
        doc: String,
        sources_hash: Option<String>,
    },
    /// Written if the tenant does not have it yet (see `source_sets`).
    SourceSet(SourceSet),
    Counter(CounterDelta),
}

/// Several writes that succeed or fail together in one transaction.
#[derive(Default)]
pub struct UnitOfWork {
    ops: Vec<Op>,
    /// The last source set named, and its key (see `set`).
    last_set: Option<(Vec<SourceReference>, String)>,
}

impl UnitOfWork {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds the record's insert. `r` is borrowed mutably only to move its sources out while
    /// its document is written (see `source_sets`); it is left as it was.
    pub fn insert<R: Record>(&mut self, r: &mut R) -> Result<&mut Self, StoreError> {
        let (doc, promoted) = self.document(r)?;
        self.ops.push(Op::Insert {
            table: R::TABLE,
            id: r.id().to_owned(),
            created_ms: r.created_ms(),
            promoted,
            doc,
        });
        Ok(self)
    }

    /// Replaces a record read at `expected`; fails the whole unit with `Conflict` if it moved.
    pub fn update<R: Record>(&mut self, r: &mut R, expected: i64) -> Result<&mut Self, StoreError> {
        let (doc, promoted) = self.document(r)?;
        self.ops.push(Op::Update {
            table: R::TABLE,
            id: r.id().to_owned(),
            expected,
            promoted,
            doc,
        });
        Ok(self)
    }

    /// The record's document and promoted columns; for kinds that share their sources, the
    /// document without them, a `sources_hash` column, and the set's write added to the unit.
    fn document<R: Record>(&mut self, r: &mut R) -> Result<(String, Promoted), StoreError> {
        let mut promoted = r.promoted();
        if !R::SHARES_SOURCES {
            return Ok((to_doc(r)?, promoted));
        }
        let (doc, hash) = without_sources(r, |r| r.sources_mut(), |r| to_doc(r), |s| self.set(s))?;
        promoted.push(("sources_hash", hash));
        Ok((doc, promoted))
    }

    /// The key of `sources`' set, whose write joins the unit. A unit usually names one set
    /// twice (a new session's inputs and its first decision), so the last one is kept and
    /// compared rather than serialised and hashed again.
    fn set(&mut self, sources: &[SourceReference]) -> Result<String, StoreError> {
        if let Some((last, hash)) = &self.last_set {
            if last.as_slice() == sources {
                return Ok(hash.clone());
            }
        }
        let set = SourceSet::of(sources)?;
        let hash = set.hash.clone();
        self.ops.push(Op::SourceSet(set));
        self.last_set = Some((sources.to_vec(), hash.clone()));
        Ok(hash)
    }
    pub fn timeline(
        &mut self,
        session_id: &SessionId,
        entry: TimelineEntry,
    ) -> Result<&mut Self, StoreError> {
        let doc = serde_json::to_string(&entry).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        self.ops.push(Op::Timeline {
            session_id: session_id.as_str().to_owned(),
            entry,
            doc,
        });
        Ok(self)
    }

    pub fn session_inputs(
        &mut self,
        session_id: &SessionId,
        mut inputs: SessionInputs,
    ) -> Result<&mut Self, StoreError> {
        let (doc, sources_hash) = without_sources(
            &mut inputs,
            |i| Some(&mut i.source_references),
            to_doc,
            |s| self.set(s),
        )?;
        self.ops.push(Op::SessionInputs {
            session_id: session_id.as_str().to_owned(),
            doc,
            sources_hash,
        });
        Ok(self)
    }

    pub fn count(&mut self, scope: &str, name: impl Into<String>, n: i64, total: f64) -> &mut Self {
        self.ops.push(Op::Counter(CounterDelta {
            scope: scope.to_owned(),
            name: name.into(),
            n,
            total,
        }));
        self
    }

    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }
}

fn to_doc<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// `write`s `holder` with the sources at `slot` moved out, then puts them back. A non-empty
/// list comes back as its set; an empty one stays in the document (nothing to share).
fn without_sources<T>(
    holder: &mut T,
    slot: impl Fn(&mut T) -> Option<&mut Vec<SourceReference>>,
    write: impl FnOnce(&T) -> Result<String, StoreError>,
    set_of: impl FnOnce(&[SourceReference]) -> Result<String, StoreError>,
) -> Result<(String, Option<String>), StoreError> {
    let sources = match slot(holder) {
        Some(s) if !s.is_empty() => std::mem::take(s),
        _ => return Ok((write(holder)?, None)),
    };
    let hash = set_of(&sources);
    let doc = write(holder);
    if let Some(s) = slot(holder) {
        *s = sources;
    }
    Ok((doc?, Some(hash?)))
}

fn map_unique(e: sqlx::Error) -> StoreError {
    match &e {
        sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::AlreadyExists,
        _ => StoreError::Database(e),
    }
}

/// The extra column a read of `R` selects: the source set it refers to, if its kind has one.
fn sources_column<R: Record>() -> &'static str {
    if R::SHARES_SOURCES {
        ", sources_hash"
    } else {
        ""
    }
}

fn sources_hash<R: Record>(row: &AnyRow) -> Result<Option<String>, StoreError> {
    if R::SHARES_SOURCES {
        Ok(row.try_get::<Option<String>, _>("sources_hash")?)
    } else {
        Ok(None)
    }
}

/// The sets one read has loaded, so a page of records citing one set reads it once.
#[derive(Default)]
struct SetsRead(std::collections::HashMap<String, Vec<SourceReference>>);

impl SetsRead {
    /// Puts the referenced set into `slot` (a record read without its sources).
    async fn attach(
        &mut self,
        store: &Store,
        tenant: &TenantId,
        slot: Option<&mut Vec<SourceReference>>,
        hash: Option<String>,
    ) -> Result<(), StoreError> {
        let (Some(slot), Some(hash)) = (slot, hash) else {
            return Ok(());
        };
        let sources = match self.0.get(&hash) {
            Some(s) => s.clone(),
            None => {
                let s = store.source_set(tenant, &hash).await?;
                self.0.insert(hash, s.clone());
                s
            }
        };
        *slot = sources;
        Ok(())
    }
}

fn parse_doc<T: DeserializeOwned>(row: &AnyRow) -> Result<Versioned<T>, StoreError> {
    versioned(&doc_text(row, "doc")?, row.try_get("revision")?)
}

/// A document column's JSON text, whether stored as text or compressed (see `docs`).
fn doc_text(row: &AnyRow, column: &str) -> Result<String, StoreError> {
    let compressed = row.try_get_raw(column)?.type_info().kind() == AnyTypeInfoKind::Blob;
    if compressed {
        docs::unpack(&row.try_get::<Vec<u8>, _>(column)?)
    } else {
        Ok(row.try_get(column)?)
    }
}

/// A stored document and its revision, decoded.
fn versioned<T: DeserializeOwned>(doc: &str, revision: i64) -> Result<Versioned<T>, StoreError> {
    let value = serde_json::from_str(doc).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    Ok(Versioned { value, revision })
}

/// A rusqlite connection (writer thread, checkpointer, point readers) with its pragmas.
fn open_sqlite(path: &str, pragmas: &str) -> Result<rusqlite::Connection, StoreError> {
    let conn = rusqlite::Connection::open(path).map_err(embedded)?;
    conn.execute_batch(pragmas).map_err(embedded)?;
    Ok(conn)
}

fn embedded(e: rusqlite::Error) -> StoreError {
    StoreError::Embedded(e.to_string())
}

/// The service's store. Cheap to clone.
#[derive(Clone)]
pub struct Store {
    backend: Backend,
    /// SQLite: one connection for single-record writes (units of work go to `fast_writer`).
    /// On PostgreSQL writer and reader are one pool.
    writer: AnyPool,
    reader: AnyPool,
    /// SQLite only: the thread that applies units of work (see `sqlite_writer`).
    fast_writer: Option<sqlite_writer::SqliteWriter>,
    /// SQLite only: lookups by id on the calling thread (see `sqlite_reader`).
    point_reader: Option<std::sync::Arc<sqlite_reader::PointReader>>,
    /// Source sets this process has committed (see `source_sets`).
    known_sets: std::sync::Arc<source_sets::Known>,
}

impl Store {
    /// Connects without migrating. `sqlite:` URLs create the file when missing.
    pub async fn connect(url: &str, max_connections: u32) -> Result<Self, StoreError> {
        sqlx::any::install_default_drivers();
        let backend = Backend::from_url(url).ok_or(StoreError::UnsupportedUrl)?;
        match backend {
            Backend::Sqlite => {
                let url = if url.contains('?') {
                    url.to_owned()
                } else {
                    format!("{url}?mode=rwc")
                };
                let writer = AnyPoolOptions::new()
                    .max_connections(1)
                    .acquire_timeout(Duration::from_secs(30))
                    .after_connect(sqlite_pragmas)
                    .connect(&url)
                    .await?;
                let reader = AnyPoolOptions::new()
                    .max_connections(max_connections.max(2))
                    .acquire_timeout(Duration::from_secs(30))
                    .after_connect(sqlite_pragmas)
                    .connect(&url)
                    .await?;
                let path = sqlite_writer::file_path(&url);
                let fast_writer = match path {
                    Some(path) => Some(sqlite_writer::SqliteWriter::open(path)?),
                    None => None,
                };
                let point_reader =
                    path.map(|p| std::sync::Arc::new(sqlite_reader::PointReader::new(p)));
                Ok(Self {
                    backend,
                    writer,
                    reader,
                    fast_writer,
                    point_reader,
                    known_sets: Default::default(),
                })
            }
            Backend::Postgres => {
                let pool = AnyPoolOptions::new()
                    .max_connections(max_connections)
                    .acquire_timeout(Duration::from_secs(10))
                    .connect(url)
                    .await?;
                Ok(Self {
                    backend,
                    writer: pool.clone(),
                    reader: pool,
                    fast_writer: None,
                    point_reader: None,
                    known_sets: Default::default(),
                })
            }
        }
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Applies pending migrations. On PostgreSQL an advisory lock makes two replicas
    /// starting together safe; on SQLite the single writer serialises them.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        match self.backend {
            Backend::Postgres => migrations::run(&self.writer, self.backend).await,
            Backend::Sqlite => {
                // SQLite has no migration lock: a process starting at the same moment may apply
                // the same migration first, and ours then rolls back. Reading the applied list
                // again makes it a no-op.
                let mut attempt = 0;
                loop {
                    match migrations::run(&self.writer, self.backend).await {
                        Err(_) if attempt < 5 => {
                            attempt += 1;
                            tokio::time::sleep(Duration::from_millis(50 * attempt)).await;
                        }
                        other => return other,
                    }
                }
            }
        }
    }

    /// Readiness probe.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").fetch_one(&self.reader).await?;
        Ok(())
    }

    pub async fn close(&self) {
        self.writer.close().await;
        self.reader.close().await;
    }

    // ---- generic record access ----

    pub async fn get<R: Record>(
        &self,
        tenant: &TenantId,
        id: &str,
    ) -> Result<Versioned<R>, StoreError> {
        let (mut record, hash) = if let Some(reader) = &self.point_reader {
            let (doc, revision, hash) = reader
                .doc(R::TABLE, tenant.as_str(), id, R::SHARES_SOURCES)?
                .ok_or(StoreError::NotFound)?;
            (versioned::<R>(&doc, revision)?, hash)
        } else {
            let sql = format!(
                "SELECT doc, revision{} FROM {} WHERE tenant_id = $1 AND id = $2",
                sources_column::<R>(),
                R::TABLE
            );
            let row = sqlx::query(&sql)
                .bind(tenant.as_str())
                .bind(id)
                .fetch_optional(&self.reader)
                .await?
                .ok_or(StoreError::NotFound)?;
            (parse_doc::<R>(&row)?, sources_hash::<R>(&row)?)
        };
        let mut sets = SetsRead::default();
        sets.attach(self, tenant, record.value.sources_mut(), hash)
            .await?;
        Ok(record)
    }

    pub async fn list<R: Record>(
        &self,
        tenant: &TenantId,
        filter: &Filter,
        page: &PageRequest,
    ) -> Result<Page<R>, StoreError> {
        let mut sql = format!(
            "SELECT doc, revision, created_ms, id{} FROM {} WHERE tenant_id = $1",
            sources_column::<R>(),
            R::TABLE
        );
        let mut n = 1;
        for (col, _) in &filter.0 {
            n += 1;
            sql.push_str(&format!(" AND {col} = ${n}"));
        }
        let cursor = match &page.cursor {
            Some(c) => Some(decode_cursor(c).map_err(|_| StoreError::NotFound)?),
            None => None,
        };
        if cursor.is_some() {
            sql.push_str(&format!(
                " AND (created_ms < ${} OR (created_ms = ${} AND id < ${}))",
                n + 1,
                n + 1,
                n + 2
            ));
        }
        sql.push_str(&format!(
            " ORDER BY created_ms DESC, id DESC LIMIT {}",
            page.limit as i64 + 1
        ));
        let mut q = sqlx::query(&sql).bind(tenant.as_str());
        for (_, v) in &filter.0 {
            q = q.bind(v.as_str());
        }
        if let Some((ms, id)) = &cursor {
            q = q.bind(*ms).bind(id.as_str());
        }
        let rows = q.fetch_all(&self.reader).await?;
        let mut items = Vec::with_capacity(rows.len());
        let mut next_cursor = None;
        let mut sets = SetsRead::default();
        for (i, row) in rows.iter().enumerate() {
            if i as u32 == page.limit {
                break;
            }
            let mut item = parse_doc::<R>(row)?.value;
            sets.attach(self, tenant, item.sources_mut(), sources_hash::<R>(row)?)
                .await?;
            items.push(item);
            if i as u32 + 1 == page.limit && rows.len() as u32 > page.limit {
                let ms: i64 = row.try_get("created_ms")?;
                let id: String = row.try_get("id")?;
                next_cursor = Some(encode_cursor(ms, &id));
            }
        }
        Ok(Page { items, next_cursor })
    }

    /// Every record of a kind whose promoted column equals a value (e.g. the runs of a session),
    /// oldest first. For bounded child collections only.
    pub async fn all_where<R: Record>(
        &self,
        tenant: &TenantId,
        column: &'static str,
        value: &str,
    ) -> Result<Vec<R>, StoreError> {
        let sql = format!(
            "SELECT doc, revision{} FROM {} WHERE tenant_id = $1 AND {column} = $2 ORDER BY created_ms, id",
            sources_column::<R>(),
            R::TABLE
        );
        let rows = sqlx::query(&sql)
            .bind(tenant.as_str())
            .bind(value)
            .fetch_all(&self.reader)
            .await?;
        let mut items = Vec::with_capacity(rows.len());
        let mut sets = SetsRead::default();
        for row in &rows {
            let mut item = parse_doc::<R>(row)?.value;
            sets.attach(self, tenant, item.sources_mut(), sources_hash::<R>(row)?)
                .await?;
            items.push(item);
        }
        Ok(items)
    }

    /// A tenant's source set by its hash; a reference to a missing set is corruption.
    async fn source_set(
        &self,
        tenant: &TenantId,
        hash: &str,
    ) -> Result<Vec<SourceReference>, StoreError> {
        let doc = if let Some(reader) = &self.point_reader {
            reader.source_set(tenant.as_str(), hash)?
        } else {
            let row = sqlx::query("SELECT doc FROM source_sets WHERE tenant_id = $1 AND hash = $2")
                .bind(tenant.as_str())
                .bind(hash)
                .fetch_optional(&self.reader)
                .await?;
            row.map(|r| doc_text(&r, "doc")).transpose()?
        };
        let doc =
            doc.ok_or_else(|| StoreError::Corrupt(format!("source set {hash} is missing")))?;
        source_sets::parse(&doc)
    }

    pub async fn insert<R: Record>(&self, tenant: &TenantId, r: &mut R) -> Result<(), StoreError> {
        let mut uow = UnitOfWork::new();
        uow.insert(r)?;
        self.commit(tenant, uow).await
    }

    pub async fn update<R: Record>(
        &self,
        tenant: &TenantId,
        r: &mut R,
        expected: i64,
    ) -> Result<(), StoreError> {
        let mut uow = UnitOfWork::new();
        uow.update(r, expected)?;
        self.commit(tenant, uow).await
    }

    /// Removes a record outright.
    pub async fn remove<R: Record>(&self, tenant: &TenantId, id: &str) -> Result<(), StoreError> {
        let sql = format!("DELETE FROM {} WHERE tenant_id = $1 AND id = $2", R::TABLE);
        let done = sqlx::query(&sql)
            .bind(tenant.as_str())
            .bind(id)
            .execute(&self.writer)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// Deletes a record unless a row of `ref_table` (same tenant) points at it through
    /// `ref_column`. Check and delete are one statement, so no reference can slip in between.
    pub async fn remove_unreferenced<R: Record>(
        &self,
        tenant: &TenantId,
        id: &str,
        ref_table: &'static str,
        ref_column: &'static str,
    ) -> Result<(), StoreError> {
        let sql = format!(
            "DELETE FROM {t} WHERE tenant_id = $1 AND id = $2 AND NOT EXISTS \
             (SELECT 1 FROM {ref_table} r WHERE r.tenant_id = $1 AND r.{ref_column} = $2)",
            t = R::TABLE
        );
        let done = sqlx::query(&sql)
            .bind(tenant.as_str())
            .bind(id)
            .execute(&self.writer)
            .await?;
        if done.rows_affected() == 1 {
            return Ok(());
        }
        self.get::<R>(tenant, id).await?;
        Err(StoreError::InUse)
    }

    /// Is any row of `table` (same tenant) pointing at `id` through `column`?
    pub async fn is_referenced(
        &self,
        tenant: &TenantId,
        table: &'static str,
        column: &'static str,
        id: &str,
    ) -> Result<bool, StoreError> {
        let sql =
            format!("SELECT 1 AS x FROM {table} WHERE tenant_id = $1 AND {column} = $2 LIMIT 1");
        Ok(sqlx::query(&sql)
            .bind(tenant.as_str())
            .bind(id)
            .fetch_optional(&self.reader)
            .await?
            .is_some())
    }

    /// Applies every write of `uow` in one transaction, or none of them. On SQLite the
    /// unit goes to the dedicated writer thread (one hand-off per unit, group commit);
    /// on PostgreSQL it runs as one sqlx transaction.
    pub async fn commit(&self, tenant: &TenantId, mut uow: UnitOfWork) -> Result<(), StoreError> {
        // A set this process has committed for the tenant is there: not written again.
        uow.ops.retain(|op| match op {
            Op::SourceSet(set) => !self.known_sets.contains(tenant.as_str(), &set.hash),
            _ => true,
        });
        let fresh_sets: Vec<String> = uow
            .ops
            .iter()
            .filter_map(|op| match op {
                Op::SourceSet(set) => Some(set.hash.clone()),
                _ => None,
            })
            .collect();
        self.apply(tenant, uow).await?;
        for hash in fresh_sets {
            self.known_sets.remember(tenant.as_str(), hash);
        }
        Ok(())
    }

    async fn apply(&self, tenant: &TenantId, uow: UnitOfWork) -> Result<(), StoreError> {
        let mut stmts = plan::plan(tenant, uow.ops);
        if let Some(writer) = &self.fast_writer {
            // Compressed here, on the request's thread, not on the one writer thread.
            for p in stmts.iter_mut().flat_map(|s| s.params.iter_mut()) {
                if let Param::Doc(doc) = p {
                    *p = docs::pack(std::mem::take(doc));
                }
            }
            return writer.commit(stmts).await;
        }
        let mut tx = self.writer.begin().await?;
        for stmt in stmts {
            let mut q = sqlx::query(&stmt.sql);
            for p in stmt.params {
                q = match p {
                    Param::Text(v) | Param::Doc(v) => q.bind(v),
                    Param::Blob(v) => q.bind(v),
                    Param::OptText(v) => q.bind(v),
                    Param::Int(v) => q.bind(v),
                    Param::Real(v) => q.bind(v),
                };
            }
            match q.execute(&mut *tx).await {
                Ok(done) => {
                    if stmt.check == Check::OneRow && done.rows_affected() != 1 {
                        return Err(StoreError::Conflict);
                    }
                }
                Err(e) => return Err(stmt.check.on_error(map_unique(e))),
            }
        }
        tx.commit().await?;
        Ok(())
    }

    // ---- sessions ----

    pub async fn timeline(
        &self,
        tenant: &TenantId,
        session_id: &SessionId,
    ) -> Result<Vec<TimelineEntry>, StoreError> {
        let rows = sqlx::query(
            "SELECT doc FROM timeline WHERE tenant_id = $1 AND session_id = $2 ORDER BY sequence",
        )
        .bind(tenant.as_str())
        .bind(session_id.as_str())
        .fetch_all(&self.reader)
        .await?;
        rows.iter()
            .map(|r| {
                let doc = doc_text(r, "doc")?;
                serde_json::from_str(&doc).map_err(|e| StoreError::Corrupt(e.to_string()))
            })
            .collect()
    }

    pub async fn session_inputs(
        &self,
        tenant: &TenantId,
        session_id: &SessionId,
    ) -> Result<SessionInputs, StoreError> {
        let row = sqlx::query(
            "SELECT inputs, inputs_sources_hash FROM sessions WHERE tenant_id = $1 AND id = $2",
        )
        .bind(tenant.as_str())
        .bind(session_id.as_str())
        .fetch_optional(&self.reader)
        .await?
        .ok_or(StoreError::NotFound)?;
        let doc = doc_text(&row, "inputs")?;
        let mut inputs: SessionInputs =
            serde_json::from_str(&doc).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let hash = row.try_get::<Option<String>, _>("inputs_sources_hash")?;
        SetsRead::default()
            .attach(self, tenant, Some(&mut inputs.source_references), hash)
            .await?;
        Ok(inputs)
    }

    // ---- metrics ----

    pub async fn counters(
        &self,
        tenant: &TenantId,
        scope: &str,
    ) -> Result<Vec<Counter>, StoreError> {
        let rows = sqlx::query(
            "SELECT name, n, total FROM counters WHERE tenant_id = $1 AND scope = $2 ORDER BY name",
        )
        .bind(tenant.as_str())
        .bind(scope)
        .fetch_all(&self.reader)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(Counter {
                    name: r.try_get("name")?,
                    n: r.try_get("n")?,
                    total: r.try_get("total")?,
                })
            })
            .collect()
    }

    // ---- tenants ----

    /// The random opaque token that stands for a tenant in external names (secret names).
    pub async fn opaque_tenant_id(&self, tenant: &TenantId) -> Result<String, StoreError> {
        let select = "SELECT opaque_id FROM tenants WHERE tenant_id = $1";
        if let Some(row) = sqlx::query(select)
            .bind(tenant.as_str())
            .fetch_optional(&self.reader)
            .await?
        {
            return Ok(row.try_get("opaque_id")?);
        }
        let fresh = uuid::Uuid::new_v4().simple().to_string();
        sqlx::query("INSERT INTO tenants (tenant_id, opaque_id, created_ms) VALUES ($1, $2, $3) ON CONFLICT (tenant_id) DO NOTHING")
            .bind(tenant.as_str())
            .bind(&fresh)
            .bind(domain::Timestamp::now().millis())
            .execute(&self.writer)
            .await?;
        // Another replica may have won the insert; read back whichever token stands.
        let row = sqlx::query(select)
            .bind(tenant.as_str())
            .fetch_one(&self.writer)
            .await?;
        Ok(row.try_get("opaque_id")?)
    }

    // ---- credential ciphertext (local_encrypted backend) ----

    pub async fn put_blob(&self, reference: &str, blob: Vec<u8>) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO credential_blobs (reference, blob) VALUES ($1, $2) ON CONFLICT (reference) DO UPDATE SET blob = excluded.blob",
        )
        .bind(reference)
        .bind(blob)
        .execute(&self.writer)
        .await?;
        Ok(())
    }

    pub async fn get_blob(&self, reference: &str) -> Result<Option<Vec<u8>>, StoreError> {
        if let Some(reader) = &self.point_reader {
            return reader.blob(reference);
        }
        let row = sqlx::query("SELECT blob FROM credential_blobs WHERE reference = $1")
            .bind(reference)
            .fetch_optional(&self.reader)
            .await?;
        Ok(match row {
            Some(r) => Some(r.try_get("blob")?),
            None => None,
        })
    }

    pub async fn delete_blob(&self, reference: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM credential_blobs WHERE reference = $1")
            .bind(reference)
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    // ---- policy bundles (global: the same bundle serves every tenant) ----

    pub async fn save_policy_bundle(
        &self,
        version: &str,
        files_json: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO policy_bundles (version, files, created_ms) VALUES ($1, $2, $3) ON CONFLICT (version) DO NOTHING")
            .bind(version)
            .bind(files_json)
            .bind(domain::Timestamp::now().millis())
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    pub async fn policy_bundle(&self, version: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT files FROM policy_bundles WHERE version = $1")
            .bind(version)
            .fetch_optional(&self.reader)
            .await?;
        Ok(match row {
            Some(r) => Some(r.try_get("files")?),
            None => None,
        })
    }
}

/// WAL + NORMAL: a commit survives a process crash (kill -9); readers never block the writer.
/// Every SQLite connection, sqlx's and the writer thread's: WAL with `synchronous=NORMAL`
/// (a commit survives a process crash), a busy wait instead of SQLITE_BUSY while the
/// other writer holds the lock, and no checkpoint after a commit except by the writer
/// thread, which a checkpointer thread keeps short (see `sqlite_writer`).
pub(crate) const SQLITE_PRAGMAS: &str =
    "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=10000; PRAGMA foreign_keys=ON; \
     PRAGMA wal_autocheckpoint=0;";

fn sqlite_pragmas(
    conn: &mut sqlx::AnyConnection,
    _meta: sqlx::pool::PoolConnectionMetadata,
) -> futures_core_box::BoxFuture<'_, Result<(), sqlx::Error>> {
    Box::pin(async move {
        conn.execute(SQLITE_PRAGMAS).await?;
        Ok(())
    })
}

mod futures_core_box {
    pub type BoxFuture<'a, T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send + 'a>>;
}
