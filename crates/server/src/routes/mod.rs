//! One file per resource: extract, call, map. Shared response shapes live here.

pub mod adapters;
pub mod agents;
pub mod connections;
pub mod decisions;
pub mod metrics;
pub mod ops;
pub mod profiles;
pub mod runs;
pub mod sessions;

use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

/// Every list answers this envelope, newest first.
#[derive(Serialize, ToSchema)]
pub struct ListOf<T> {
    pub items: Vec<T>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

impl<T> From<store::Page<T>> for ListOf<T> {
    fn from(p: store::Page<T>) -> Self {
        ListOf {
            items: p.items,
            next_cursor: p.next_cursor,
        }
    }
}

/// Paging parameters shared by every list.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct Paging {
    /// Page size, 1-200 (default 50).
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<u32>,
    /// Opaque cursor from a previous page's `next_cursor`.
    pub cursor: Option<String>,
}

/// Trims and bounds a required free-text field.
pub fn required_text(
    errors: &mut Vec<crate::error::FieldError>,
    field: &str,
    value: &str,
    max: usize,
) {
    if value.trim().is_empty() {
        errors.push(crate::error::FieldError {
            field: field.into(),
            message: "must not be empty".into(),
        });
    } else if value.chars().count() > max {
        errors.push(crate::error::FieldError {
            field: field.into(),
            message: format!("must be at most {max} characters"),
        });
    }
}

pub fn field_error(
    errors: &mut Vec<crate::error::FieldError>,
    field: &str,
    message: impl Into<String>,
) {
    errors.push(crate::error::FieldError {
        field: field.into(),
        message: message.into(),
    });
}

pub fn check(errors: Vec<crate::error::FieldError>) -> Result<(), crate::error::ApiError> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(crate::error::ApiError::validation(errors))
    }
}
