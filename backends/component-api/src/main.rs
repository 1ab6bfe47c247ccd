//! `component-api`: the component library service alone (its routes, health and API docs).

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    kernel::app::serve_standalone(component_api::service()).await
}
