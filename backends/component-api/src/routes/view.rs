//! What the component library's own routes answer, and the helpers they share (ids, lookups);
//! the pieces every library shares are the kit's (`catalog::routes::view`).

use catalog::{model::CategoryRecord, store::CategoryStore};
use kernel::{ApiError, ApiResult};

use crate::{model::ComponentRecord, ComponentState, COMPONENT_NOT_FOUND};

pub use catalog::routes::view::{category_path, parse_id, truncate, ParameterView};

/// The component or the library's 元器件不存在 answer.
pub async fn load_component(state: &ComponentState, id: i64) -> ApiResult<ComponentRecord> {
    state
        .store
        .get(id)
        .await?
        .ok_or_else(|| ApiError::new(COMPONENT_NOT_FOUND))
}

/// Every category record (the tree is small).
pub async fn categories(state: &ComponentState) -> ApiResult<Vec<CategoryRecord>> {
    Ok(state.categories.list().await?)
}
