//! The Runtime Control Engine's HTTP service: configuration, start-up, routing and shutdown.
//! Handlers live in `routes`; the evaluation pipeline and adapters are separate crates.

pub mod config;
pub mod context;
pub mod error;
pub mod extract;
pub mod http;
pub mod managed;
pub mod openapi;
pub mod routes;
pub mod runtime;
pub mod seed;
pub mod state;

use anyhow::Context as _;
use axum::extract::DefaultBodyLimit;
use axum::Router;
use config::{Config, CredentialBackend};
use credentials::{CredentialStore, EncryptionKey, InMemoryStore, LocalEncryptedStore};
use state::AppState;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, RwLock};
use utoipa_axum::router::OpenApiRouter;
use utoipa_swagger_ui::SwaggerUi;

/// Installs the JSON log subscriber on stdout at the configured level.
pub fn init_logging(config: &Config) {
    let filter = format!(
        "{lvl},sqlx=warn,hyper=warn,hyper_util=warn,reqwest=warn,rustls=warn,h2=warn,tower=warn,aws_config=warn,aws_smithy_runtime=warn,aws_sdk_secretsmanager=warn",
        lvl = config.log_level.filter()
    );
    let _ = tracing_subscriber::fmt()
        .json()
        .flatten_event(true)
        .with_current_span(false)
        .with_span_list(false)
        .with_env_filter(tracing_subscriber::EnvFilter::new(filter))
        .with_writer(std::io::stdout)
        .try_init();
}

/// Ciphertext of the local_encrypted backend lives in the service database.
struct StoreBlobs(store::Store);

#[async_trait::async_trait]
impl credentials::CiphertextRepository for StoreBlobs {
    async fn put(&self, reference: &str, blob: Vec<u8>) -> Result<(), String> {
        self.0
            .put_blob(reference, blob)
            .await
            .map_err(|e| e.to_string())
    }
    async fn get(&self, reference: &str) -> Result<Option<Vec<u8>>, String> {
        self.0.get_blob(reference).await.map_err(|e| e.to_string())
    }
    async fn delete(&self, reference: &str) -> Result<(), String> {
        self.0
            .delete_blob(reference)
            .await
            .map_err(|e| e.to_string())
    }
}

async fn credential_store(
    config: &Config,
    store: &store::Store,
) -> anyhow::Result<Arc<dyn CredentialStore>> {
    Ok(match config.credential_store {
        CredentialBackend::InMemory => Arc::new(InMemoryStore::new()),
        CredentialBackend::LocalEncrypted => {
            let key = match &config.credential_encryption_key {
                Some(v) => EncryptionKey::from_base64(v)?,
                None => EncryptionKey::load_or_generate(&config.data_dir)?,
            };
            Arc::new(LocalEncryptedStore::new(
                key,
                Arc::new(StoreBlobs(store.clone())),
            ))
        }
        CredentialBackend::AwsSecretsManager => Arc::new(
            credentials::AwsSecretsManagerStore::from_environment(
                &config.secret_name_prefix,
                &config.environment,
            )
            .await
            .map_err(|e| {
                anyhow::anyhow!(
                    "invalid setting CREDENTIAL_STORE=aws_secrets_manager: {}",
                    e
                )
            })?,
        ),
    })
}

/// Opens the database (creating the SQLite directory on first start) and applies migrations.
pub async fn open_store(config: &Config) -> anyhow::Result<store::Store> {
    if store::Backend::from_url(&config.database_url) == Some(store::Backend::Sqlite) {
        std::fs::create_dir_all(&config.data_dir).with_context(|| {
            format!("creating the data directory {}", config.data_dir.display())
        })?;
    }
    let store = store::Store::connect(&config.database_url, config.database_max_connections)
        .await
        .context("connecting to DATABASE_URL")?;
    store
        .migrate()
        .await
        .context("applying database migrations")?;
    Ok(store)
}

/// Builds every module the service needs. Fails instead of starting half configured.
pub async fn build_state(config: Config) -> anyhow::Result<AppState> {
    let store = open_store(&config).await?;
    let credentials = credential_store(&config, &store).await?;
    // An unreachable store at start is reported, not fatal: the service serves, /ready answers
    // 503 (checks.credential_store false) until the store answers, and credential calls 503.
    if let Err(e) = credentials.check().await {
        tracing::warn!(
            target: "rce::startup",
            backend = credentials.backend(),
            cause = e.cause().unwrap_or(""),
            "credential store not reachable at start; readiness fails until it is"
        );
    }
    let policy = evaluation::PolicyBundle::load_dir(&config.policy_bundle_dir).map_err(|e| {
        anyhow::anyhow!(
            "invalid setting POLICY_BUNDLE_DIR ({}): {}",
            config.policy_bundle_dir.display(),
            e
        )
    })?;
    let files = serde_json::to_string(policy.files())?;
    store.save_policy_bundle(policy.version(), &files).await?;
    let settings = providers::AdapterSettings {
        openai_base_url: config.openai_base_url.clone(),
        anthropic_base_url: config.anthropic_base_url.clone(),
        disabled: config.adapters_disabled.clone(),
    };
    let mut registry = providers::AdapterRegistry::new(&settings);
    registry.validate_all(domain::Timestamp::now());
    let factory = providers::AdapterFactory::new()
        .map_err(|e| anyhow::anyhow!("building the provider HTTP client: {e}"))?;
    let source_analyses = (config.evidence_cache_mb > 0).then(|| {
        Arc::new(evaluation::SourceAnalyses::new(
            config.evidence_cache_mb << 20,
        ))
    });
    let state = AppState {
        config: Arc::new(config),
        store,
        credentials,
        adapters: Arc::new(RwLock::new(registry)),
        factory: Arc::new(factory),
        policy: Arc::new(policy),
        bundle_cache: Arc::new(Mutex::new(Default::default())),
        source_analyses,
    };
    seed::run(&state).await.context("seeding")?;
    Ok(state)
}

/// Every route with its schema, so `/openapi.json` can never miss one.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(<openapi::ApiDoc as utoipa::OpenApi>::openapi())
        .merge(routes::ops::router())
        .merge(routes::agents::router())
        .merge(routes::profiles::router())
        .merge(routes::connections::router())
        .merge(routes::adapters::router())
        .merge(routes::sessions::router())
        .merge(routes::runs::router())
        .merge(routes::decisions::router())
        .merge(routes::metrics::router())
}

pub fn openapi_document(version: &str) -> utoipa::openapi::OpenApi {
    let (_, doc) = api_router().split_for_parts();
    openapi::finish(doc, version)
}

pub fn router(state: AppState) -> Router {
    let (api, doc) = api_router().split_for_parts();
    let doc = openapi::finish(doc, &state.config.service_version);
    let default_tenant: Arc<str> = Arc::from(state.config.default_tenant.as_str());
    let cors = http::cors(&state.config);
    let limit = state.config.max_body_bytes;
    api.merge(SwaggerUi::new("/docs").url("/openapi.json", doc))
        .fallback(http::route_not_found)
        .method_not_allowed_fallback(http::method_not_allowed)
        .with_state(state)
        .layer(DefaultBodyLimit::max(limit))
        .layer(axum::middleware::from_fn(move |req, next| {
            http::request_context(default_tenant.clone(), req, next)
        }))
        .layer(cors)
}

/// A running server: its address and a handle that stops it gracefully.
pub struct Running {
    pub addr: SocketAddr,
    pub shutdown: tokio::sync::oneshot::Sender<()>,
    pub task: tokio::task::JoinHandle<anyhow::Result<()>>,
}

/// Binds and serves until `shutdown` fires or the process gets SIGTERM/SIGINT (when
/// `signals` is true): stops accepting, lets in-flight requests finish, closes the pool.
pub async fn serve(state: AppState, signals: bool) -> anyhow::Result<Running> {
    let bind = format!("{}:{}", state.config.host, state.config.port);
    let listener = tokio::net::TcpListener::bind(&bind)
        .await
        .with_context(|| format!("binding {bind} (settings HOST and PORT)"))?;
    let addr = listener.local_addr()?;
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let store = state.store.clone();
    let app = router(state);
    let task = tokio::spawn(async move {
        let stop = async move {
            if signals {
                tokio::select! {
                    _ = rx => {},
                    _ = shutdown_signal() => {},
                }
            } else {
                let _ = rx.await;
            }
        };
        axum::serve(listener, app)
            .with_graceful_shutdown(stop)
            .await?;
        store.close().await;
        Ok(())
    });
    Ok(Running {
        addr,
        shutdown: tx,
        task,
    })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
