//! `runtime-control-service`: serve (default), migrate, openapi, check-config.

use clap::{Parser, Subcommand};
use server::config::Config;
use std::process::ExitCode;

/// glibc's allocator took about a sixth of the service's CPU under load (arena locks shared by
/// the workers, the writer thread and the HTTP client, and frequent consolidation);
/// mimalloc's thread-local free lists avoid both.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "runtime-control-service",
    version,
    about = "Runtime Control Engine for clinical AI agents"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Start the HTTP service (default).
    Serve,
    /// Apply database migrations and exit.
    Migrate,
    /// Print the OpenAPI schema as JSON and exit.
    Openapi,
    /// Validate the configuration and exit.
    CheckConfig,
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("runtime-control-service: {message}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let config = match Config::from_process_env() {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return fail(format!("starting the runtime: {e}")),
    };
    match cli.command.unwrap_or(Command::Serve) {
        Command::CheckConfig => {
            println!("configuration is valid");
            ExitCode::SUCCESS
        }
        Command::Openapi => {
            match serde_json::to_string_pretty(&server::openapi_document(&config.service_version)) {
                Ok(s) => {
                    println!("{s}");
                    ExitCode::SUCCESS
                }
                Err(e) => fail(e),
            }
        }
        Command::Migrate => runtime.block_on(async {
            match server::open_store(&config).await {
                Ok(_) => {
                    println!("migrations applied");
                    ExitCode::SUCCESS
                }
                Err(e) => fail(format!("{e:#}")),
            }
        }),
        Command::Serve => runtime.block_on(async {
            server::init_logging(&config);
            let state = match server::build_state(config).await {
                Ok(s) => s,
                Err(e) => return fail(format!("{e:#}")),
            };
            let running = match server::serve(state, true).await {
                Ok(r) => r,
                Err(e) => return fail(format!("{e:#}")),
            };
            tracing::info!(target: "rce::startup", address = %running.addr, "listening");
            match running.task.await {
                Ok(Ok(())) => ExitCode::SUCCESS,
                Ok(Err(e)) => fail(format!("{e:#}")),
                Err(e) => fail(e),
            }
        }),
    }
}
