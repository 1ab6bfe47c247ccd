//! `part-api`: the part library service alone (its routes, health and API docs).

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    kernel::app::serve_standalone(part_api::service()).await
}
