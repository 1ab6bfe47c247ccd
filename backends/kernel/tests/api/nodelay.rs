//! TCP_NODELAY on accepted connections (issue 13): without it, Nagle's algorithm held the last
//! segment of a gzip answer until the client's delayed ACK, a ~40 ms stall on many requests.
//! The server records what it set on each accepted socket (`kernel::SocketOptions`, read back
//! from the socket); the demo's `/connection` route reports it. No timing is asserted.

use std::io::Read;

use kernel::testing::TestEnvironment;
use serde_json::Value;

use crate::demo::spawn_demo;

async fn sequential_gzip_answers_on_one_connection_have_nodelay(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn_demo(&environment).await?;
    // One idle connection at most: sequential requests reuse it (keep-alive).
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(1)
        .build()?;
    let mut ports = std::collections::BTreeSet::new();
    for attempt in 0..50 {
        let response = client
            .get(app.url("/to/api/demo/connection"))
            .header("accept-encoding", "gzip")
            .send()
            .await?;
        assert_eq!(response.status(), 200, "request {attempt}");
        let encoding = response
            .headers()
            .get("content-encoding")
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned);
        assert_eq!(encoding.as_deref(), Some("gzip"), "request {attempt}");
        let compressed = response.bytes().await?;
        let mut text = String::new();
        flate2::read::GzDecoder::new(compressed.as_ref()).read_to_string(&mut text)?;
        let body: Value = serde_json::from_str(&text)?;
        assert_eq!(body["code"], 0, "{body}");
        assert_eq!(
            body["data"]["nodelay"],
            Value::Bool(true),
            "request {attempt}: the accepted socket has TCP_NODELAY"
        );
        assert!(compressed.len() < text.len(), "the answer is compressed");
        ports.insert(body["data"]["peerPort"].as_u64());
    }
    assert_eq!(ports.len(), 1, "one keep-alive connection: {ports:?}");
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(sequential_gzip_answers_on_one_connection_have_nodelay);
