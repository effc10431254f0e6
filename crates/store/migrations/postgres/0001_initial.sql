-- Records keep promoted columns for lookups and filters, and the document as JSON text.
-- `revision` drives optimistic concurrency; `created_ms` + id order the lists.
CREATE TABLE tenants (
    tenant_id   TEXT PRIMARY KEY,
    opaque_id   TEXT NOT NULL UNIQUE,
    created_ms  BIGINT NOT NULL
);

CREATE TABLE agents (
    tenant_id            TEXT NOT NULL,
    id                   TEXT NOT NULL,
    status               TEXT NOT NULL,
    execution_profile_id TEXT,
    revision             BIGINT NOT NULL,
    created_ms           BIGINT NOT NULL,
    doc                  TEXT NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX agents_list ON agents (tenant_id, created_ms DESC, id DESC);
CREATE INDEX agents_profile ON agents (tenant_id, execution_profile_id);

CREATE TABLE profiles (
    tenant_id              TEXT NOT NULL,
    id                     TEXT NOT NULL,
    status                 TEXT NOT NULL,
    provider               TEXT NOT NULL,
    provider_connection_id TEXT,
    revision               BIGINT NOT NULL,
    created_ms             BIGINT NOT NULL,
    doc                    TEXT NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX profiles_list ON profiles (tenant_id, created_ms DESC, id DESC);
CREATE INDEX profiles_connection ON profiles (tenant_id, provider_connection_id);

CREATE TABLE connections (
    tenant_id   TEXT NOT NULL,
    id          TEXT NOT NULL,
    status      TEXT NOT NULL,
    provider    TEXT NOT NULL,
    revision    BIGINT NOT NULL,
    created_ms  BIGINT NOT NULL,
    doc         TEXT NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX connections_list ON connections (tenant_id, created_ms DESC, id DESC);

CREATE TABLE credential_blobs (
    reference   TEXT PRIMARY KEY,
    blob        BYTEA NOT NULL
);

CREATE TABLE sessions (
    tenant_id   TEXT NOT NULL,
    id          TEXT NOT NULL,
    state       TEXT NOT NULL,
    agent_id    TEXT NOT NULL,
    case_id     TEXT NOT NULL,
    revision    BIGINT NOT NULL,
    created_ms  BIGINT NOT NULL,
    doc         TEXT NOT NULL,
    inputs      TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX sessions_list ON sessions (tenant_id, created_ms DESC, id DESC);

CREATE TABLE timeline (
    tenant_id   TEXT NOT NULL,
    session_id  TEXT NOT NULL,
    sequence    BIGINT NOT NULL,
    doc         TEXT NOT NULL,
    PRIMARY KEY (tenant_id, session_id, sequence)
);

CREATE TABLE runs (
    tenant_id   TEXT NOT NULL,
    id          TEXT NOT NULL,
    session_id  TEXT NOT NULL,
    sequence    TEXT NOT NULL,
    revision    BIGINT NOT NULL,
    created_ms  BIGINT NOT NULL,
    doc         TEXT NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX runs_session ON runs (tenant_id, session_id, sequence);

CREATE TABLE decisions (
    tenant_id      TEXT NOT NULL,
    id             TEXT NOT NULL,
    status         TEXT NOT NULL,
    agent_id       TEXT NOT NULL,
    session_id     TEXT NOT NULL,
    case_id        TEXT NOT NULL,
    revision       BIGINT NOT NULL,
    created_ms     BIGINT NOT NULL,
    doc            TEXT NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX decisions_list ON decisions (tenant_id, created_ms DESC, id DESC);

CREATE TABLE policy_bundles (
    version     TEXT PRIMARY KEY,
    files       TEXT NOT NULL,
    created_ms  BIGINT NOT NULL
);

-- Metrics are counters maintained in the same transaction as the write they count.
-- scope '' is the whole tenant; otherwise an agent id.
CREATE TABLE counters (
    tenant_id   TEXT NOT NULL,
    scope       TEXT NOT NULL,
    name        TEXT NOT NULL,
    n           BIGINT NOT NULL,
    total       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (tenant_id, scope, name)
);
