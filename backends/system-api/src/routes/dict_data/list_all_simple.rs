use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::store::{DictDataSimple, DictDataStore};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListAllSimpleQuery {
    /// Only entries of this dictionary type (e.g. `system_config`); all types when absent.
    pub dict_type: Option<String>,
}

/// A dictionary type: 1–100 ASCII letters, digits and `_` (the form upstream uses).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DictType(String);

impl DictType {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An absent or blank type means "all types".
pub fn parse_dict_type(raw: Option<String>) -> Result<Option<DictType>, ApiError> {
    match raw.map(|value| value.trim().to_owned()) {
        None => Ok(None),
        Some(value) if value.is_empty() => Ok(None),
        Some(value)
            if value.len() <= 100
                && value
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_') =>
        {
            Ok(Some(DictType(value)))
        }
        Some(_) => Err(ApiError::bad_request("dictType 格式不正确")),
    }
}

/// Enabled dictionary entries; an unknown type answers an empty list.
#[utoipa::path(
    get,
    path = "/to/api/base/system/dict-data/list-all-simple",
    tag = "dict-data",
    params(ListAllSimpleQuery),
    responses((status = 200, description = "字典数据列表", body = ApiResponse<Vec<DictDataSimple>>))
)]
#[tracing::instrument(skip(store))]
pub async fn list_all_simple_dict_data(
    store: web::Data<DictDataStore>,
    query: web::Query<ListAllSimpleQuery>,
) -> ApiResult<ApiResponse<Vec<DictDataSimple>>> {
    let dict_type = parse_dict_type(query.into_inner().dict_type)?;
    let entries = store
        .list_enabled(dict_type.as_ref().map(DictType::as_str))
        .await?;
    Ok(ApiResponse::ok(entries))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dict_types_are_checked() {
        assert!(matches!(parse_dict_type(None), Ok(None)));
        assert!(matches!(parse_dict_type(Some("  ".into())), Ok(None)));
        assert_eq!(
            parse_dict_type(Some(" system_config ".into()))
                .ok()
                .flatten()
                .as_ref()
                .map(DictType::as_str),
            Some("system_config")
        );
        assert!(parse_dict_type(Some("a;drop".into())).is_err());
        assert!(parse_dict_type(Some("x".repeat(101))).is_err());
    }
}
