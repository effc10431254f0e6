-- Source documents stored once per tenant and content, keyed by the hex SHA-256 of their JSON.
-- Decision records and session inputs refer to a set instead of repeating it; rows written
-- before this migration keep their sources inline (the reference column is NULL).
CREATE TABLE source_sets (
    tenant_id   TEXT NOT NULL,
    hash        TEXT NOT NULL,
    doc         TEXT NOT NULL,
    PRIMARY KEY (tenant_id, hash)
);
ALTER TABLE decisions ADD COLUMN sources_hash TEXT;
ALTER TABLE sessions ADD COLUMN inputs_sources_hash TEXT;
