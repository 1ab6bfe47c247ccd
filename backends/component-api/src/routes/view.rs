//! What the component library's own routes answer, and the helpers they share (ids, lookups);
//! the pieces every library shares are the kit's (`catalog::routes::view`).

use catalog::{model::CategoryRecord, store::CategoryStore};
use kernel::{ApiError, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{model::ComponentRecord, ComponentState, COMPONENT_NOT_FOUND};

pub use catalog::routes::view::{category_path, parse_id, truncate, ParameterView};

/// A component in lists.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComponentSummary {
    pub id: i64,
    pub part_number: String,
    pub name: String,
    pub manufacturer_id: Option<i64>,
    pub manufacturer_name: Option<String>,
    pub category_code: Option<String>,
    pub description: String,
    pub package: Option<String>,
    pub footprint_ref: Option<String>,
    pub pin_count: i32,
    pub lifecycle: Option<String>,
}

impl From<&ComponentRecord> for ComponentSummary {
    fn from(record: &ComponentRecord) -> Self {
        Self {
            id: record.id,
            part_number: record.part_number.clone(),
            name: record.name.clone(),
            manufacturer_id: record.manufacturer_id,
            manufacturer_name: record.manufacturer_name.clone(),
            category_code: record.category_code.clone(),
            description: record.description.clone(),
            package: record.package.clone(),
            footprint_ref: record.footprint_ref.clone(),
            pin_count: record.pin_count,
            lifecycle: record.lifecycle.clone(),
        }
    }
}

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
