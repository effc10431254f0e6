//! Migrations embedded in the binary, one directory per dialect, applied by sqlx's migrator.

use crate::{Backend, StoreError};
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::AnyPool;
use std::borrow::Cow;

const SQLITE: &[(i64, &str, &str)] = &[
    (
        1,
        "initial",
        include_str!("../migrations/sqlite/0001_initial.sql"),
    ),
    (
        2,
        "source sets",
        include_str!("../migrations/sqlite/0002_source_sets.sql"),
    ),
];
const POSTGRES: &[(i64, &str, &str)] = &[
    (
        1,
        "initial",
        include_str!("../migrations/postgres/0001_initial.sql"),
    ),
    (
        2,
        "source sets",
        include_str!("../migrations/postgres/0002_source_sets.sql"),
    ),
];

#[derive(Debug)]
struct Embedded(&'static [(i64, &'static str, &'static str)]);

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> futures_box::BoxFuture<'static, Result<Vec<Migration>, BoxDynError>> {
        Box::pin(async move {
            Ok(self
                .0
                .iter()
                .map(|(v, d, sql)| {
                    Migration::new(
                        *v,
                        Cow::Borrowed(*d),
                        MigrationType::Simple,
                        Cow::Borrowed(*sql),
                        false,
                    )
                })
                .collect())
        })
    }
}

pub async fn run(pool: &AnyPool, backend: Backend) -> Result<(), StoreError> {
    let source = match backend {
        Backend::Sqlite => Embedded(SQLITE),
        Backend::Postgres => Embedded(POSTGRES),
    };
    let migrator = Migrator::new(source).await?;
    migrator.run(pool).await?;
    Ok(())
}

mod futures_box {
    pub type BoxFuture<'a, T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send + 'a>>;
}
