//! The error-code registry and the error type every handler returns.
//!
//! Codes follow the reference framework the client was written against (see
//! docs/error-codes.md): global codes below 1000, module codes `1_MMM_NNN_NNN`. Each code is
//! defined once with [`error_codes!`]; `kernel::error::tests` and the portal's registry test
//! prove that no code is defined twice across all services.

use std::fmt;

pub use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde_json::Value;

/// One entry of an error-code table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ErrorCode {
    pub code: i64,
    /// The message the client shows (Chinese); may be extended with `:<detail>`.
    pub msg: &'static str,
    /// HTTP status of the answer: 200 for business, validation and auth errors (the client
    /// keys on the body code), 5xx only for failures of the server itself.
    pub http: StatusCode,
}

/// Defines a table of error codes: one `pub const` per code and a `pub const` slice listing
/// them all, so that the uniqueness test sees every code.
///
/// ```
/// kernel::error_codes! {
///     DEMO_ERRORS {
///         DEMO_NOT_FOUND = (1_099_001_000, OK, "演示数据不存在");
///     }
/// }
/// assert_eq!(DEMO_ERRORS[0].code, 1_099_001_000);
/// ```
#[macro_export]
macro_rules! error_codes {
    ($table:ident { $($(#[$meta:meta])* $name:ident = ($code:expr, $http:ident, $msg:expr);)+ }) => {
        $(
            $(#[$meta])*
            pub const $name: $crate::ErrorCode = $crate::ErrorCode {
                code: $code,
                msg: $msg,
                http: $crate::error::StatusCode::$http,
            };
        )+
        /// Every code of this table, for the uniqueness test and the documentation.
        pub const $table: &[$crate::ErrorCode] = &[$($name),+];
    };
}

/// Global codes shared by every service (upstream `GlobalErrorCodeConstants` plus the
/// spec's 430).
pub mod global {
    crate::error_codes! {
        GLOBAL_ERRORS {
            BAD_REQUEST = (400, OK, "请求参数不正确");
            UNAUTHORIZED = (401, OK, "账号未登录");
            FORBIDDEN = (403, OK, "没有该操作权限");
            NOT_FOUND = (404, NOT_FOUND, "请求未找到");
            METHOD_NOT_ALLOWED = (405, METHOD_NOT_ALLOWED, "请求方法不正确");
            LOCKED = (423, OK, "请求失败，请稍后重试");
            TOO_MANY_REQUESTS = (429, OK, "请求过于频繁，请稍后重试");
            ACCOUNT_LOCKED = (430, OK, "账号已锁定，请1小时后重试或联系我们");
            INTERNAL_SERVER_ERROR = (500, INTERNAL_SERVER_ERROR, "系统异常");
            NOT_IMPLEMENTED = (501, OK, "功能未实现/未开启");
            SERVICE_BUSY = (503, SERVICE_UNAVAILABLE, "服务繁忙，请稍后重试");
            REPEATED_REQUESTS = (900, OK, "重复请求，请稍后重试");
            UNKNOWN = (999, INTERNAL_SERVER_ERROR, "未知错误");
        }
    }

    /// Message prefix for a missing parameter (code 400).
    pub const MISSING_PARAMETER: &str = "请求参数缺失";
    /// Message prefix for an unknown route (code 404).
    pub const UNKNOWN_PATH: &str = "请求地址不存在";
    /// Message of the readiness check when a dependency does not answer (code 500, HTTP 503).
    pub const NOT_READY: &str = "服务未就绪";
}

/// Codes of the library kit's shape search (3D model and 2D picture search, "find similar"),
/// module 1_040: the same in every library that mounts it (docs/error-codes.md, "Shape search").
pub mod shape {
    crate::error_codes! {
        SHAPE_ERRORS {
            /// Not STL, OBJ, GLB/glTF or VRML, malformed, or no measurable triangle; the
            /// detail says which.
            MODEL_UNREADABLE = (1_040_001_000, OK, "模型文件无法读取");
            /// More bytes than the upload limit or more triangles than the shape crate's.
            MODEL_TOO_LARGE = (1_040_001_001, OK, "模型文件过大");
            /// Not a PNG or JPEG picture, or too large a picture.
            IMAGE_UNREADABLE = (1_040_002_000, OK, "图片无法识别");
            /// A blank picture (no outline to search for).
            IMAGE_BLANK = (1_040_002_001, OK, "图片中没有可识别的轮廓");
            /// "Find similar" or a thumbnail of an item without a fingerprinted 3D model.
            ITEM_WITHOUT_MODEL = (1_040_003_000, OK, "该条目没有可比较的三维模型");
            /// A `queryToken` this process no longer keeps (idle too long, or asked of another
            /// process or library): the client uploads the file again.
            QUERY_EXPIRED = (1_040_004_000, OK, "搜索条件已过期，请重新上传文件");
        }
    }
}

/// Codes of the kit's enterprise (private) library routes (`/to/api/enterprise/<library>`, the
/// operators' `/to/api/operation/<library>/enterprise-items`), module 1_042: the same in every
/// library (docs/enterprise-library.md).
pub mod enterprise {
    crate::error_codes! {
        ENTERPRISE_ERRORS {
            /// The caller belongs to no organisation (`org_id` 0 or 1).
            NOT_ORG_MEMBER = (1_042_001_000, OK, "仅企业用户可使用企业库");
            /// No such item in the caller's organisation (another organisation's answers the same).
            ITEM_NOT_FOUND = (1_042_001_001, OK, "企业条目不存在");
            /// The item was reviewed meanwhile (by another operator).
            ALREADY_REVIEWED = (1_042_001_002, OK, "该条目已审核，请刷新");
            /// The category is not in this library's tree.
            CATEGORY_NOT_FOUND = (1_042_001_003, OK, "分类不存在");
            /// A file claim that is forged, expired or another user's (the upload's `claim`).
            FILE_CLAIM_INVALID = (1_042_001_004, OK, "文件无效或已过期，请重新上传");
            /// A file whose type does not fit its kind, or over the size limit.
            FILE_NOT_ACCEPTED = (1_042_001_005, OK, "文件不符合要求");
            /// No such file on the item.
            FILE_NOT_FOUND = (1_042_001_006, OK, "文件不存在");
            /// A resubmission of an item waiting for its review (only approved and rejected
            /// items are changed: what an operator is reviewing stays what they see).
            ITEM_UNDER_REVIEW = (1_042_001_007, OK, "条目审核中，不能修改");
            /// Showing an item on the organisation's public page before it was approved.
            ITEM_NOT_APPROVED = (1_042_001_008, OK, "仅审核通过的条目可以公开展示");
            /// A batch file that is not the template's CSV (encoding, header, no rows, too many).
            BATCH_UNREADABLE = (1_042_002_000, OK, "批量文件无法读取");
            /// A batch file over the size limit.
            BATCH_TOO_LARGE = (1_042_002_001, OK, "批量文件过大");
        }
    }
}

/// Codes of the kit's catalogue management (`/to/api/operation/<library>/catalog-items`,
/// docs/operations.md "Catalogue items"), module 1_043: the same in every library.
pub mod catalog {
    crate::error_codes! {
        CATALOG_ERRORS {
            /// No item with that id in the library (hidden or not).
            CATALOG_ITEM_NOT_FOUND = (1_043_001_000, OK, "条目不存在");
            /// No manufacturer with that id in the library (or it was merged into another).
            MANUFACTURER_NOT_FOUND = (1_043_002_000, OK, "厂商不存在");
            /// Another manufacturer already has the name, or was renamed or merged away from it:
            /// merge into that one instead.
            MANUFACTURER_NAME_TAKEN = (1_043_002_001, OK, "该厂商名称已被其他厂商使用，请改为合并");
            /// No category with that code in the library's tree (hidden or not).
            CATEGORY_NOT_FOUND = (1_043_003_000, OK, "分类不存在");
            /// Hiding a category whose subtree still holds items the public or an organisation
            /// sees: move or hide them first.
            CATEGORY_NOT_EMPTY = (1_043_003_001, OK, "该分类下仍有条目，不能隐藏");
            /// Correcting a category the taxonomy file no longer lists (it can only be hidden).
            CATEGORY_NOT_IN_TAXONOMY = (1_043_003_002, OK, "该分类已不在分类表中，只能隐藏");
        }
    }
}

/// Codes of the open platform's gate (`/to/open/<library>/…`, docs/open-platform.md), module
/// 1_041. Machine clients read the HTTP status, so these answer with it (401, 403, 429).
pub mod open {
    crate::error_codes! {
        OPEN_ERRORS {
            /// No `X-API-Key` header (nor `Authorization: Bearer opk_…`).
            API_KEY_REQUIRED = (1_041_001_000, UNAUTHORIZED, "缺少 API 密钥（请求头 X-API-Key）");
            /// Unknown, revoked, or its owner disabled.
            API_KEY_INVALID = (1_041_001_001, UNAUTHORIZED, "API 密钥无效或已撤销");
            /// The key does not include this library.
            API_KEY_SCOPE = (1_041_001_002, FORBIDDEN, "该 API 密钥无权访问此库");
            /// More requests this minute than the key's rate.
            RATE_LIMITED = (1_041_002_000, TOO_MANY_REQUESTS, "请求过于频繁，请稍后重试");
            /// More requests today (UTC) than the key's daily quota.
            QUOTA_EXHAUSTED = (1_041_002_001, TOO_MANY_REQUESTS, "今日调用次数已用完");
        }
    }
}

/// A bounded resource (the password-hashing queue, the database pool) has no room now: the
/// answer is 503 `服务繁忙，请稍后重试` with `Retry-After`, not a failure of the server. Raised
/// through `anyhow` by any layer; [`ApiError`]'s conversion recognises it.
#[derive(Debug, Clone, Copy)]
pub struct Overloaded {
    pub resource: &'static str,
    pub retry_after_seconds: u64,
}

impl fmt::Display for Overloaded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is saturated", self.resource)
    }
}

impl std::error::Error for Overloaded {}

/// Returns the codes that appear more than once across the given tables.
pub fn duplicate_codes(tables: &[&[ErrorCode]]) -> Vec<i64> {
    let mut seen = std::collections::BTreeMap::<i64, usize>::new();
    for code in tables.iter().flat_map(|table| table.iter()) {
        *seen.entry(code.code).or_default() += 1;
    }
    seen.into_iter()
        .filter(|(_, count)| *count > 1)
        .map(|(code, _)| code)
        .collect()
}

pub type ApiResult<T> = Result<T, ApiError>;

/// An error answer: the client sees `{code, data, msg}`; the log also sees `source`.
pub struct ApiError {
    code: i64,
    msg: String,
    http: StatusCode,
    data: Option<Value>,
    source: Option<anyhow::Error>,
    /// Seconds for the `Retry-After` header (busy answers).
    retry_after: Option<u64>,
}

impl ApiError {
    /// The code with its registered message.
    pub fn new(code: ErrorCode) -> Self {
        Self {
            code: code.code,
            msg: code.msg.to_owned(),
            http: code.http,
            data: None,
            source: None,
            retry_after: None,
        }
    }

    /// 503 `服务繁忙，请稍后重试` with `Retry-After` (a bounded pool or queue is full).
    pub fn overloaded(overloaded: Overloaded) -> Self {
        tracing::warn!(resource = overloaded.resource, "overloaded: answering busy");
        Self {
            retry_after: Some(overloaded.retry_after_seconds),
            ..Self::new(global::SERVICE_BUSY)
        }
    }

    /// The answer carries `Retry-After: <seconds>` (a limit that frees up later).
    pub fn with_retry_after(mut self, seconds: u64) -> Self {
        self.retry_after = Some(seconds);
        self
    }

    /// The code with its registered message followed by `:<detail>`
    /// (e.g. `请求参数不正确:dictType 过长`).
    pub fn with_detail(code: ErrorCode, detail: impl fmt::Display) -> Self {
        Self {
            msg: format!("{}:{detail}", code.msg),
            ..Self::new(code)
        }
    }

    /// The code with a message of its own (for codes whose message carries a placeholder).
    pub fn with_message(code: ErrorCode, msg: impl Into<String>) -> Self {
        Self {
            msg: msg.into(),
            ..Self::new(code)
        }
    }

    /// 400 `请求参数不正确:<reason>`.
    pub fn bad_request(reason: impl fmt::Display) -> Self {
        Self::with_detail(global::BAD_REQUEST, reason)
    }

    /// 400 `请求参数缺失:<name>`.
    pub fn missing_parameter(name: impl fmt::Display) -> Self {
        Self::with_message(
            global::BAD_REQUEST,
            format!("{}:{name}", global::MISSING_PARAMETER),
        )
    }

    /// 404 `请求地址不存在:<path>` (HTTP 404).
    pub fn unknown_path(path: &str) -> Self {
        Self::with_message(
            global::NOT_FOUND,
            format!("{}:{path}", global::UNKNOWN_PATH),
        )
    }

    /// A failure of the server itself: the client gets `系统异常`, the log the cause chain.
    pub fn internal(source: impl Into<anyhow::Error>) -> Self {
        Self {
            source: Some(source.into()),
            ..Self::new(global::INTERNAL_SERVER_ERROR)
        }
    }

    /// Attaches data for the client (rare: e.g. the readiness report).
    pub fn with_data(mut self, data: Value) -> Self {
        self.data = Some(data);
        self
    }

    /// Overrides the HTTP status (e.g. 503 for the readiness check).
    pub fn with_status(mut self, http: StatusCode) -> Self {
        self.http = http;
        self
    }

    pub fn code(&self) -> i64 {
        self.code
    }

    pub fn message(&self) -> &str {
        &self.msg
    }
}

impl fmt::Debug for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ApiError {{ code: {}, msg: {:?}", self.code, self.msg)?;
        if let Some(source) = &self.source {
            write!(f, ", source: {source:?}")?;
        }
        write!(f, " }}")
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code, self.msg)
    }
}

impl std::error::Error for ApiError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source.as_ref().map(|source| source.as_ref())
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(source: anyhow::Error) -> Self {
        if let Some(overloaded) = source.downcast_ref::<Overloaded>() {
            return Self::overloaded(*overloaded);
        }
        // A database error anywhere in the chain (handlers wrap it in context or in errors of
        // their own) that says the database is busy or unreachable answers 503, not 500.
        if let Some(overloaded) = source
            .chain()
            .find_map(|cause| cause.downcast_ref::<sqlx::Error>())
            .and_then(database_unavailable)
        {
            tracing::warn!(error = ?source, "database unavailable");
            return Self::overloaded(overloaded);
        }
        Self::internal(source)
    }
}

/// The busy answer for a database error that is the database's state, not a bug: every pooled
/// connection stayed busy for the pool's whole acquire timeout, or the server cannot be reached
/// (connection refused, closed or reset by a restart, a failover or a network cut, also in the
/// middle of the protocol; PostgreSQL's
/// connection-exception class 08 and operator-intervention 57P: shutting down, starting up).
fn database_unavailable(error: &sqlx::Error) -> Option<Overloaded> {
    let resource = match error {
        sqlx::Error::PoolTimedOut => "database pool",
        // Protocol: the conversation broke off (e.g. a connection closed during the TLS
        // request answers "unexpected response from SSLRequest").
        sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::Protocol(_) => "database",
        sqlx::Error::Database(error)
            if error
                .code()
                .is_some_and(|code| code.starts_with("08") || code.starts_with("57P")) =>
        {
            "database"
        }
        _ => return None,
    };
    Some(Overloaded {
        resource,
        retry_after_seconds: 1,
    })
}

impl From<sqlx::Error> for ApiError {
    fn from(source: sqlx::Error) -> Self {
        match database_unavailable(&source) {
            Some(overloaded) => {
                tracing::warn!(error = ?source, "database unavailable");
                Self::overloaded(overloaded)
            }
            None => Self::internal(source),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.http
    }

    fn error_response(&self) -> HttpResponse {
        if self.retry_after.is_some() {
            // A busy answer: already logged as a warning where it was decided (`overloaded`).
        } else if self.http.is_server_error() {
            // `{:?}` of anyhow prints the whole cause chain.
            tracing::error!(code = self.code, error = ?self.source, "request failed");
        } else {
            tracing::info!(code = self.code, msg = %self.msg, "request rejected");
        }
        let mut response = HttpResponse::build(self.http);
        if let Some(seconds) = self.retry_after {
            response.insert_header((actix_web::http::header::RETRY_AFTER, seconds.to_string()));
        }
        response.json(serde_json::json!({
            "code": self.code,
            "data": self.data,
            "msg": self.msg,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn global_codes_are_unique() {
        assert_eq!(duplicate_codes(&[global::GLOBAL_ERRORS]), Vec::<i64>::new());
    }

    #[test]
    fn duplicates_are_detected() {
        const A: &[ErrorCode] = &[global::BAD_REQUEST];
        const B: &[ErrorCode] = &[ErrorCode {
            code: 400,
            msg: "again",
            http: StatusCode::OK,
        }];
        assert_eq!(duplicate_codes(&[A, B]), vec![400]);
    }

    #[test]
    fn business_errors_answer_200_with_null_data() {
        let error = ApiError::bad_request("name 不能为空");
        assert_eq!(error.status_code(), StatusCode::OK);
        assert_eq!(error.message(), "请求参数不正确:name 不能为空");
        assert_eq!(error.code(), 400);
    }

    #[test]
    fn internal_errors_hide_the_cause_from_the_client() {
        let error = ApiError::internal(anyhow::anyhow!("disk on fire"));
        assert_eq!(error.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(error.message(), "系统异常");
        assert!(format!("{error:?}").contains("disk on fire"));
    }

    #[test]
    fn saturation_answers_busy_with_retry_after_not_500() {
        let busy = ApiError::from(anyhow::Error::new(Overloaded {
            resource: "password hashing",
            retry_after_seconds: 2,
        }));
        assert_eq!(busy.code(), 503);
        assert_eq!(busy.status_code(), StatusCode::SERVICE_UNAVAILABLE);
        let response = busy.error_response();
        let retry_after = response.headers().get(actix_web::http::header::RETRY_AFTER);
        assert_eq!(retry_after.and_then(|v| v.to_str().ok()), Some("2"));
        let pool = ApiError::from(anyhow::Error::new(sqlx::Error::PoolTimedOut).context("query"));
        assert_eq!(
            pool.code(),
            503,
            "a pool timeout under context is still busy"
        );
        let closed = std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "closed");
        let wrapped = anyhow::Error::new(sqlx::Error::Io(closed)).context("login");
        assert_eq!(
            ApiError::from(wrapped).status_code(),
            StatusCode::SERVICE_UNAVAILABLE,
            "a connection closed by the database server is busy, not a failure"
        );
        assert_eq!(
            ApiError::from(sqlx::Error::RowNotFound).status_code(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }

    #[test]
    fn missing_parameter_names_the_parameter() {
        assert_eq!(
            ApiError::missing_parameter("dictType").message(),
            "请求参数缺失:dictType"
        );
    }
}
