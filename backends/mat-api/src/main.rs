//! `mat-api`: the mat library service alone (its routes, health and API docs).

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    kernel::app::serve_standalone(mat_api::service()).await
}
