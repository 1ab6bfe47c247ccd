use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    accounts::store::now,
    operation::{
        page::{PageResult, Paging},
        text::{contains_pattern, trimmed},
        users::{
            store::{UserAdminStore, UserFilter, UserRow},
            OperationUsers, STATUS_DISABLED, STATUS_ENABLED, USER_QUERY,
        },
    },
};

const KEYWORD_MAX: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserPageQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// Part of the username, nickname, e-mail or mobile (case-insensitive).
    pub key_words: Option<String>,
    /// 0 enabled, 1 disabled.
    pub status: Option<i32>,
    /// The organisation (0 the platform).
    pub org_id: Option<i64>,
}

/// An account as the operators see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OperationUserView {
    pub id: i64,
    pub username: String,
    pub nickname: String,
    pub email: Option<String>,
    pub mobile: Option<String>,
    pub org_id: i64,
    pub org_name: String,
    /// 0 enabled, 1 disabled.
    pub status: i32,
    /// Role codes (`member`, `operator`, `super_admin`, …).
    pub roles: Vec<String>,
    /// An administrator of its organisation (manages the members in the personal centre).
    pub org_admin: bool,
    /// Epoch milliseconds.
    pub create_time: i64,
    /// The last sign-in (epoch milliseconds); left out when the user never signed in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_login_time: Option<i64>,
    /// Sessions neither ended nor expired.
    pub session_count: i64,
}

impl OperationUserView {
    fn new(row: UserRow, roles: Vec<String>) -> Self {
        Self {
            id: row.id,
            username: row.username,
            nickname: row.nickname,
            email: row.email,
            mobile: row.mobile,
            org_id: row.org_id,
            org_name: row.org_name.unwrap_or_default(),
            status: row.status,
            roles,
            org_admin: row.org_admin,
            create_time: row.created_at.timestamp_millis(),
            last_login_time: row.last_login_at.map(|at| at.timestamp_millis()),
            session_count: row.session_count,
        }
    }
}

/// Operators: accounts newest first. Permission `system:user:query`.
#[utoipa::path(
    get,
    path = "/to/api/base/system/operation/users/page",
    tag = "operation",
    params(UserPageQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "用户分页", body = ApiResponse<PageResult<OperationUserView>>))
)]
pub async fn page_users(
    users: web::Data<OperationUsers>,
    user: AuthUser,
    query: web::Query<UserPageQuery>,
) -> ApiResult<ApiResponse<PageResult<OperationUserView>>> {
    user.require_permission(USER_QUERY)?;
    let query = query.into_inner();
    let paging = Paging::parse(query.page_no, query.page_size)?;
    if query
        .status
        .is_some_and(|status| status != STATUS_ENABLED && status != STATUS_DISABLED)
    {
        return Err(ApiError::bad_request("status 不正确"));
    }
    let keyword = trimmed(query.key_words.as_deref());
    if keyword.is_some_and(|keyword| keyword.chars().count() > KEYWORD_MAX) {
        return Err(ApiError::bad_request("keyWords 过长"));
    }
    let filter = UserFilter {
        keyword_pattern: keyword.map(contains_pattern),
        status: query.status,
        org_id: query.org_id,
    };
    let (rows, total) = users.store.page_users(&filter, paging, now()).await?;
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let mut roles = users.store.roles_of(&ids).await?;
    Ok(ApiResponse::ok(PageResult {
        list: rows
            .into_iter()
            .map(|row| {
                let codes = roles.remove(&row.id).unwrap_or_default();
                OperationUserView::new(row, codes)
            })
            .collect(),
        total,
    }))
}
