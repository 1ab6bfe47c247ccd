//! `system-api`: the system service alone (its routes, health and API docs).

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    kernel::app::serve_standalone(system_api::service()).await
}
