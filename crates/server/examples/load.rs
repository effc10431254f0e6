//! Load run against a live service: POSTs a JSON body with fixed concurrency (and an optional
//! target rate), then prints throughput and latency percentiles. Bounded in count and time,
//! and meant for loopback only.
//!
//! cargo run --release -p server --example load -- <url> <body.json> [concurrency] [requests] [rate/s]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let url = args.get(1).expect("url").clone();
    let body = std::fs::read(args.get(2).expect("body file")).expect("body");
    let concurrency: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(32);
    let total: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let rate: Option<f64> = args.get(5).and_then(|s| s.parse().ok());
    let host = url::Url::parse(&url).expect("url");
    assert!(
        matches!(
            host.host_str(),
            Some("127.0.0.1") | Some("localhost") | Some("[::1]")
        ),
        "load runs target loopback only"
    );
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(concurrency)
        .build()
        .unwrap();
    let next = Arc::new(AtomicUsize::new(0));
    let errors = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let deadline = started + Duration::from_secs(300);
    let mut tasks = vec![];
    for _ in 0..concurrency {
        let (client, url, body, next, errors) = (
            client.clone(),
            url.clone(),
            body.clone(),
            next.clone(),
            errors.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut lat = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total || Instant::now() > deadline {
                    break;
                }
                if let Some(r) = rate {
                    // Open-loop pacing: request i is due at i / rate seconds.
                    let due = started + Duration::from_secs_f64(i as f64 / r);
                    tokio::time::sleep_until(due.into()).await;
                }
                let t = Instant::now();
                let resp = client
                    .post(&url)
                    .header("content-type", "application/json")
                    .body(body.clone())
                    .send()
                    .await;
                match resp {
                    Ok(r) if r.status().is_success() => {
                        let _ = r.bytes().await;
                        lat.push(t.elapsed());
                    }
                    _ => {
                        errors.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            lat
        }));
    }
    let mut all = vec![];
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    let elapsed = started.elapsed().as_secs_f64();
    all.sort();
    let pct = |p: f64| {
        all.get(((all.len() as f64 * p) as usize).min(all.len().saturating_sub(1)))
            .map(|d| d.as_secs_f64() * 1000.0)
            .unwrap_or(0.0)
    };
    println!(
        "requests={} errors={} seconds={:.2} throughput={:.0}/s p50={:.2}ms p90={:.2}ms p99={:.2}ms max={:.2}ms",
        all.len(),
        errors.load(Ordering::Relaxed),
        elapsed,
        all.len() as f64 / elapsed,
        pct(0.50),
        pct(0.90),
        pct(0.99),
        pct(1.0)
    );
}
