use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    operation::{
        audit::Actor,
        dictionary::{
            store::{DictAdminStore, DictChange, DictRow},
            OperationDictionary, DICT_QUERY, DICT_UPDATE,
        },
    },
    routes::dict_data::list_all_simple::parse_dict_type,
    DICT_DATA_NOT_EXISTS,
};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DictEntriesQuery {
    /// Only entries of this dictionary type (e.g. `system_config`); all when absent.
    pub dict_type: Option<String>,
}

/// A dictionary entry as the operators see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DictEntryView {
    pub id: i64,
    pub dict_type: String,
    /// The entry's key (`token_expire_time`, …).
    pub label: String,
    /// Values are strings, also for numbers.
    pub value: String,
    pub sort: i64,
    /// 0 enabled (the client reads it), 1 disabled.
    pub status: i64,
    /// What the entry means.
    pub remark: Option<String>,
    /// Epoch milliseconds.
    pub update_time: i64,
}

impl From<DictRow> for DictEntryView {
    fn from(row: DictRow) -> Self {
        Self {
            id: row.id,
            dict_type: row.dict_type,
            label: row.label,
            value: row.value,
            sort: row.sort,
            status: row.status,
            remark: row.remark,
            update_time: row.updated_at.timestamp_millis(),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateDictValueRequest {
    /// The new value, checked by what the entry means (minutes 5–10080 for token_expire_time,
    /// 1–43200 for from_expire_time, host patterns for redirect_allow_hosts, else ≤ 500
    /// characters of plain text).
    pub value: Option<String>,
}

/// Operators: every dictionary entry (or those of one type), by type and order; a handful, not
/// paged. Permission `system:dict:query`.
#[utoipa::path(
    get,
    path = "/to/api/base/system/operation/dict-data",
    tag = "operation",
    params(DictEntriesQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "字典数据", body = ApiResponse<Vec<DictEntryView>>))
)]
pub async fn list_dict_entries(
    dictionary: web::Data<OperationDictionary>,
    user: AuthUser,
    query: web::Query<DictEntriesQuery>,
) -> ApiResult<ApiResponse<Vec<DictEntryView>>> {
    user.require_permission(DICT_QUERY)?;
    let dict_type = parse_dict_type(query.into_inner().dict_type)?;
    let rows = dictionary
        .store
        .list_entries(dict_type.as_ref().map(|dict_type| dict_type.as_str()))
        .await?;
    Ok(ApiResponse::ok(rows.into_iter().map(Into::into).collect()))
}

/// Operators: sets the value of a dictionary entry; writes `dict.update` when it changed. The
/// client reads the new value at its next sign-in. Permission `system:dict:update`; unknown
/// entry 1002007001; a value the entry cannot take 400 with the reason.
#[utoipa::path(
    put,
    path = "/to/api/base/system/operation/dict-data/{id}",
    tag = "operation",
    params(("id" = i64, Path, description = "字典数据编号")),
    request_body = UpdateDictValueRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "已更新", body = ApiResponse<bool>))
)]
pub async fn update_dict_value(
    dictionary: web::Data<OperationDictionary>,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<i64>,
    payload: web::Json<UpdateDictValueRequest>,
) -> ApiResult<ApiResponse<bool>> {
    user.require_permission(DICT_UPDATE)?;
    let value = payload
        .into_inner()
        .value
        .ok_or_else(|| ApiError::missing_parameter("value"))?;
    match dictionary
        .store
        .set_value(id.into_inner(), &value, &Actor::of(&user, &req))
        .await?
    {
        DictChange::Changed | DictChange::Unchanged => Ok(ApiResponse::ok(true)),
        DictChange::NotFound => Err(ApiError::new(DICT_DATA_NOT_EXISTS)),
        DictChange::Invalid(reason) => Err(ApiError::bad_request(reason)),
    }
}
