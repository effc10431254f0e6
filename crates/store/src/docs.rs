//! JSON documents as the tables hold them. On SQLite (through the writer thread) a document
//! of at least [`COMPRESS_FROM`] bytes is stored as a zstd frame in a BLOB: a decision
//! record's JSON (policy results, runtime events) is repetitive and shrinks about 3.5x,
//! so the single writer writes and checkpoints a fraction of the pages. Smaller documents,
//! and every document on PostgreSQL (whose TOAST already compresses large values), stay
//! JSON text. Readers tell the two apart by the value's storage class, so rows written as
//! text, before compression existed, read unchanged.

use crate::plan::Param;
use crate::StoreError;
use std::cell::RefCell;

/// Documents from this size up are compressed (a 4 KB page holds smaller rows whole).
pub(crate) const COMPRESS_FROM: usize = 1024;
/// zstd's fastest regular level: the JSON shrinks nearly as much as at the default level,
/// at a fraction of the time, on the request's own thread.
const LEVEL: i32 = 1;

thread_local! {
    /// One compression context per thread, reused: making a context allocates and clears
    /// several hundred KiB of tables, which cost more than compressing a record.
    static COMPRESSOR: RefCell<Option<zstd::bulk::Compressor<'static>>> =
        const { RefCell::new(None) };
}

/// The parameter that stores `doc` on SQLite.
pub(crate) fn pack(doc: String) -> Param {
    if doc.len() < COMPRESS_FROM {
        return Param::Text(doc);
    }
    let frame = COMPRESSOR.with(|cell| {
        let mut slot = cell.borrow_mut();
        let compressor = match slot.as_mut() {
            Some(c) => c,
            None => slot.insert(zstd::bulk::Compressor::new(LEVEL)?),
        };
        compressor.compress(doc.as_bytes())
    });
    match frame {
        Ok(frame) => Param::Blob(frame),
        // Compression of a buffer in memory does not fail in practice; text is always valid.
        Err(_) => Param::Text(doc),
    }
}

/// The JSON text of a document stored as a zstd frame.
pub(crate) fn unpack(frame: &[u8]) -> Result<String, StoreError> {
    let bytes = zstd::stream::decode_all(frame)
        .map_err(|e| StoreError::Corrupt(format!("compressed document: {e}")))?;
    String::from_utf8(bytes).map_err(|e| StoreError::Corrupt(format!("compressed document: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_documents_stay_text_and_large_ones_round_trip() {
        let small = "{\"a\":1}".to_owned();
        assert!(matches!(pack(small.clone()), Param::Text(t) if t == small));

        let large =
            serde_json::json!({"policy_results": vec!["the same words again"; 200]}).to_string();
        let Param::Blob(frame) = pack(large.clone()) else {
            panic!("a large document is compressed");
        };
        assert!(
            frame.len() * 3 < large.len(),
            "{} -> {}",
            large.len(),
            frame.len()
        );
        assert_eq!(unpack(&frame).unwrap(), large);

        // The thread's context, used again, starts each frame afresh.
        let other = serde_json::json!({"events": vec!["other words"; 300]}).to_string();
        let Param::Blob(second) = pack(other.clone()) else {
            panic!("a large document is compressed");
        };
        assert_eq!(unpack(&second).unwrap(), other);
        assert!(matches!(pack(large.clone()), Param::Blob(again) if again == frame));
    }

    #[test]
    fn a_damaged_frame_is_reported_as_corrupt() {
        let Param::Blob(mut frame) = pack("x".repeat(4096)) else {
            panic!("compressed");
        };
        frame.truncate(frame.len() / 2);
        assert!(matches!(unpack(&frame), Err(StoreError::Corrupt(_))));
    }
}
