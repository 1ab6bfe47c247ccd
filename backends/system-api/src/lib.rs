//! The system service (`/to/api/base/system/...`): dictionaries, accounts (users,
//! organisations, roles, sessions, verification codes, WeChat login) and the token check
//! other services use.

pub mod accounts;
pub mod admin;
pub mod brand;
pub mod files;
pub mod open_platform;
pub mod operation;
pub mod routes;
pub mod store;

use std::sync::{Arc, OnceLock};

use actix_web::web;
use futures_util::future::BoxFuture;
use kernel::{error_codes, ErrorCode, Migrations, Service, ServiceContext};
use utoipa::OpenApi;

pub const SERVICE_NAME: &str = "system";
/// Base path of the service's routes (spec §7 names them under /to/api/base/system).
pub const API_BASE: &str = "/to/api/base/system";

pub static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
pub static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

error_codes! {
    SYSTEM_ERRORS {
        // Module 1_002 (system), numbers kept from the reference framework the client was
        // written against (docs/error-codes.md). The accounts issue answers them.
        AUTH_LOGIN_BAD_CREDENTIALS = (1_002_000_000, OK, "登录失败，账号密码不正确");
        AUTH_LOGIN_USER_DISABLED = (1_002_000_001, OK, "登录失败，账号被禁用");
        AUTH_LOGIN_CAPTCHA_CODE_ERROR = (1_002_000_004, OK, "验证码不正确，原因：{}");
        AUTH_THIRD_LOGIN_NOT_BIND = (1_002_000_005, OK, "未绑定账号，需要进行绑定");
        AUTH_MOBILE_NOT_EXISTS = (1_002_000_007, OK, "手机号不存在");
        USER_USERNAME_EXISTS = (1_002_003_000, OK, "用户账号已经存在");
        USER_MOBILE_EXISTS = (1_002_003_001, OK, "手机号已经存在");
        USER_EMAIL_EXISTS = (1_002_003_002, OK, "邮箱已经存在");
        USER_NOT_EXISTS = (1_002_003_003, OK, "用户不存在");
        USER_PASSWORD_FAILED = (1_002_003_004, OK, "用户密码校验失败");
        USER_REGISTER_DISABLED = (1_002_003_011, OK, "注册功能已关闭");
        SMS_CODE_NOT_FOUND = (1_002_014_000, OK, "验证码不存在");
        SMS_CODE_EXPIRED = (1_002_014_001, OK, "验证码已过期");
        SMS_CODE_USED = (1_002_014_002, OK, "验证码已使用");
        SMS_CODE_EXCEED_SEND_MAXIMUM_QUANTITY_PER_DAY = (1_002_014_004, OK, "超过每日短信发送数量");
        SMS_CODE_SEND_TOO_FAST = (1_002_014_005, OK, "短信发送过于频繁");
        // Portal extension: the slider drag did not pass (the client resets the slider).
        SLIDER_VERIFY_FAILED = (1_002_014_010, OK, "滑块验证失败，请重试");
        TENANT_NOT_EXISTS = (1_002_015_000, OK, "租户不存在");
        TENANT_DISABLE = (1_002_015_001, OK, "名字为【{}】的租户已被禁用");
        SOCIAL_USER_AUTH_FAILURE = (1_002_018_000, OK, "社交授权失败，原因是：{}");
        // Portal extension: files (docs/files.md), sub-range 1_002_019_xxx.
        FILE_NAME_HAS_COMMA = (1_002_019_000, OK, "文件名不允许包含逗号，请修改后重新上传");
        FILE_NAME_INVALID = (1_002_019_001, OK, "文件名不合法");
        FILE_TYPE_NOT_ALLOWED = (1_002_019_002, OK, "文件类型不支持");
        FILE_TOO_LARGE = (1_002_019_003, OK, "文件过大");
        FILE_CONTENT_MISMATCH = (1_002_019_004, OK, "文件内容与类型不符");
        FILE_NOT_EXISTS = (1_002_019_005, OK, "文件不存在");
        // The spec's client shows this message as is (spec §8).
        FILE_UPLOAD_NOT_COMPLETE = (1_002_019_006, OK, "not complete");
        FILE_UPLOAD_SESSION_NOT_EXISTS = (1_002_019_007, OK, "上传任务不存在或已过期");
        FILE_PART_URL_INVALID = (1_002_019_008, FORBIDDEN, "分片上传地址无效或已过期");
        FILE_CHECKSUM_MISMATCH = (1_002_019_009, OK, "文件校验失败");
        FILE_STORAGE_TYPE_UNSUPPORTED = (1_002_019_010, OK, "不支持的存储类型");
        FILE_EMPTY = (1_002_019_011, OK, "文件为空");
        FILE_IN_USE = (1_002_019_012, OK, "文件正被反馈或品牌入驻使用，不能删除");
        // Portal extension: feedback (docs/feedback-and-logs.md), sub-range 1_002_020_xxx.
        FEEDBACK_NOT_EXISTS = (1_002_020_000, OK, "反馈不存在");
        FEEDBACK_ALREADY_CLOSED = (1_002_020_001, OK, "反馈已关闭");
        FEEDBACK_IMAGE_NOT_EXISTS = (1_002_020_002, OK, "反馈图片不存在或不是您上传的图片");
        FEEDBACK_TOO_FREQUENT = (1_002_020_003, OK, "反馈提交过于频繁，请1小时后再试");
        // Portal extension: brand entry applications, sub-range 1_002_021_xxx.
        BRAND_APPLICATION_NOT_EXISTS = (1_002_021_000, OK, "入驻申请不存在");
        BRAND_APPLICATION_ALREADY_REVIEWED = (1_002_021_001, OK, "入驻申请已审核");
        BRAND_APPLICATION_PENDING_EXISTS = (1_002_021_002, OK, "该品牌已有审核中的入驻申请");
        BRAND_LICENCE_NOT_EXISTS = (1_002_021_003, OK, "营业执照图片不存在或不是您上传的文件");
        BRAND_NOT_EXISTS = (1_002_021_004, OK, "品牌主页不存在");
        BRAND_LOGO_NOT_EXISTS = (1_002_021_005, OK, "品牌标志图片不存在或不是您上传的文件");
        // Portal extension: the front-end log, sub-range 1_002_022_xxx.
        FRONT_LOG_TOO_LARGE = (1_002_022_000, OK, "日志内容过大，请求体不能超过64KB");
        FRONT_LOG_TOO_MANY_ENTRIES = (1_002_022_001, OK, "日志条数过多，一次最多30条");
        FRONT_LOG_TOO_FREQUENT = (1_002_022_002, OK, "日志上报过于频繁，请稍后再试");
        // Portal extension: personal access tokens (docs/accounts.md), sub-range 1_002_023_xxx.
        PERSONAL_TOKEN_NOT_EXISTS = (1_002_023_000, OK, "访问令牌不存在");
        PERSONAL_TOKEN_LIMIT_EXCEEDED = (1_002_023_001, OK, "访问令牌已达上限（10个），请先撤销不再使用的令牌");
        // Portal extension: operations-platform user management (docs/operations.md),
        // sub-range 1_002_024_xxx.
        OPERATION_USER_SELF = (1_002_024_000, OK, "不能禁用自己的账号或结束自己的全部会话");
        OPERATION_SUPER_ADMIN_PROTECTED = (1_002_024_001, OK, "不能禁用超级管理员或结束其会话");
        // Portal extension: operations-platform organisations (docs/operations.md), sub-range
        // 1_002_025_xxx.
        ORG_NOT_EXISTS = (1_002_025_000, OK, "组织不存在");
        ORG_NAME_EXISTS = (1_002_025_001, OK, "组织名称已存在");
        ORG_MEMBER_IN_OTHER_ORG = (1_002_025_002, OK, "该用户已属于其他组织，请先将其移出");
        ORG_MEMBER_NOT_EXISTS = (1_002_025_003, OK, "该用户不是本组织的成员");
        ORG_MEMBER_SELF = (1_002_025_004, OK, "不能将自己移出组织");
        ORG_LAST_ADMIN = (1_002_025_005, OK, "组织至少需要保留一位管理员");
        ORG_MEMBER_EXISTS = (1_002_025_006, OK, "该用户已是本组织成员");
        ORG_INVITATIONS_FULL = (1_002_025_007, OK, "待接受的邀请已达上限，请先撤销部分邀请");
        ORG_INVITATION_NOT_EXISTS = (1_002_025_008, OK, "邀请不存在或已失效");
        ORG_INVITEE_IN_OTHER_ORG = (1_002_025_009, OK, "您已属于其他组织，无法加入");
        // An administrator cannot move someone out of another organisation (an operator can).
        ORG_INVITED_IN_OTHER_ORG = (1_002_025_010, OK, "该用户已属于其他组织，无法邀请");
        // Upstream: the dictionary (operations platform, docs/operations.md "Dictionary").
        DICT_DATA_NOT_EXISTS = (1_002_007_001, OK, "当前字典数据不存在");
        // Portal extension: operations-platform roles and permissions (docs/operations.md),
        // sub-range 1_002_026_xxx.
        ROLE_NOT_EXISTS = (1_002_026_000, OK, "角色不存在");
        ROLE_CODE_EXISTS = (1_002_026_001, OK, "角色编码已存在");
        ROLE_SUPER_ADMIN_PROTECTED = (1_002_026_002, OK, "超级管理员角色不能修改");
        ROLE_BUILT_IN = (1_002_026_003, OK, "内置角色不能删除");
        ROLE_PERMISSION_NOT_HELD = (1_002_026_004, OK, "不能授予或收回自己没有的权限");
        ROLE_IN_USE = (1_002_026_005, OK, "仍有用户拥有该角色，请先收回");
        ROLE_LAST_SUPER_ADMIN = (1_002_026_006, OK, "不能收回最后一位超级管理员的角色");
        ROLE_SELF = (1_002_026_007, OK, "不能修改自己的角色");
        // Portal extension: open-platform API keys (docs/open-platform.md), sub-range 1_002_030_xxx.
        OPEN_KEY_NOT_EXISTS = (1_002_030_000, OK, "API 密钥不存在或已撤销");
        OPEN_KEY_LIMIT_EXCEEDED = (1_002_030_001, OK, "API 密钥已达上限，请先撤销不再使用的密钥");
        OPEN_PLATFORM_BLOCKED = (1_002_030_002, OK, "暂无权限，请联系管理员");
        // Portal extension (spec): an unknown WeChat account; `data` carries `openId`.
        SOCIAL_USER_NOT_REGISTERED = (199_999, OK, "社交账号未注册");
    }
}

/// Declares the `bearer` scheme the protected paths refer to (opaque access tokens).
struct BearerScheme;

impl utoipa::Modify for BearerScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "登录返回的 accessToken / the accessToken of a login answer",
                    ))
                    .build(),
            ),
        );
    }
}

#[derive(OpenApi)]
#[openapi(
    modifiers(&BearerScheme),
    info(
        title = "系统 System API",
        description = "系统服务 / system service: dictionaries (later accounts and organisations). \
                       Every answer is the envelope {code, data, msg}."
    ),
    paths(
        routes::dict_data::list_all_simple::list_all_simple_dict_data,
        routes::auth::login::login,
        routes::auth::refresh_token::refresh_token,
        routes::auth::logout::logout,
        routes::auth::get_permission_info::get_permission_info,
        routes::auth::get_extend_user_info::get_extend_user_info,
        routes::auth::check_token::check_token,
        routes::auth::send_sms_code::send_sms_code,
        routes::auth::sms_login::sms_login,
        routes::captcha::slider_challenge::slider_challenge,
        routes::captcha::slider_verify::slider_verify,
        routes::user::send_email_code::send_email_code,
        routes::user::register::register,
        routes::user::update_password::update_password,
        routes::dev::outbox::outbox,
        routes::user::profile::get_profile,
        routes::user::profile::update_profile,
        routes::user::change_password::change_password,
        routes::auth::revoke_other_sessions::revoke_other_sessions,
        routes::user::social::list_social,
        routes::user::social::unbind_wechat,
        routes::user::access_token::list_access_tokens,
        routes::user::access_token::create_access_token,
        routes::user::access_token::revoke_access_token,
        routes::open_key::mine::list_open_keys,
        routes::open_key::mine::create_open_key,
        routes::open_key::mine::revoke_open_key,
        routes::open_key::operation::page_open_keys,
        routes::open_key::operation::operator_revoke_open_key,
        routes::open_key::operation::set_open_key_limits,
        routes::auth::code_config::code_config,
        routes::auth::social_config::social_config,
        routes::auth::social_login::social_login,
        routes::auth::wx_binding::wx_binding,
        routes::file::upload::upload_file,
        routes::file::bigfile_init::init_big_file,
        routes::file::part_upload_url::get_part_upload_url,
        routes::file::put_part::put_part,
        routes::file::bigfile_complete::complete_big_file,
        routes::file::bigfile_create::create_big_file,
        routes::file::content_get::get_file_content,
        routes::file::mine::my_files,
        routes::file::mine::delete_my_file,
        routes::feedback::create::create_feedback,
        routes::feedback::page::page_feedback,
        routes::feedback::get::get_feedback,
        routes::feedback::close::close_feedback,
        routes::feedback::mine::my_feedback_page,
        routes::feedback::mine::my_unread_count,
        routes::feedback::mine::mark_my_replies_read,
        routes::front_log::create::create_front_log,
        routes::front_log::page::page_front_log,
        routes::stat::signups_daily::daily_signups,
        routes::brand_application::create::create_brand_application,
        routes::brand_application::my_list::my_brand_applications,
        routes::brand_application::page::page_brand_applications,
        routes::brand_application::review::review_brand_application,
        routes::brand_application::brand::get_brand,
        routes::brand_application::brand::my_brands,
        routes::org::get_public_org,
        routes::org_members::page_org_members,
        routes::org_members::remove_own_org_member,
        routes::org_members::set_own_org_admin,
        routes::org_members::set_member_publishing,
        routes::org_invitations::invite,
        routes::org_invitations::list_org_invitations,
        routes::org_invitations::withdraw_invitation,
        routes::org_invitations::list_my_invitations,
        routes::org_invitations::accept_invitation,
        routes::org_invitations::decline_invitation,
        routes::operation::user_page::page_users,
        routes::operation::user_status::update_user_status,
        routes::operation::user_sessions_revoke::revoke_user_sessions,
        routes::operation::audit_log_page::page_audit_log,
        routes::operation::audit_log_page::audit_operator_names,
        routes::operation::org_page::page_orgs,
        routes::operation::org_save::create_org,
        routes::operation::org_save::update_org,
        routes::operation::org_members::add_org_member,
        routes::operation::org_members::remove_org_member,
        routes::operation::org_members::set_org_member_admin,
        routes::operation::role_list::list_roles,
        routes::operation::role_list::list_permissions,
        routes::operation::role_save::create_role,
        routes::operation::role_save::update_role,
        routes::operation::role_save::delete_role,
        routes::operation::user_roles::set_user_roles,
        routes::operation::dict_admin::list_dict_entries,
        routes::operation::dict_admin::update_dict_value,
    ),
    components(schemas(
        store::DictDataSimple,
        accounts::LoginAnswer,
        accounts::profile::UserInfo,
        auth::Principal,
        routes::auth::login::LoginRequest,
        routes::auth::get_permission_info::PermissionInfo,
        routes::auth::get_extend_user_info::ExtendUserInfo,
        routes::auth::send_sms_code::SendSmsCodeRequest,
        routes::auth::sms_login::SmsLoginRequest,
        routes::captcha::slider_challenge::ChallengeRequest,
        routes::captcha::slider_verify::VerifyRequest,
        accounts::slider::Challenge,
        accounts::slider::Ticket,
        accounts::slider::TrackPoint,
        accounts::slider::SliderScene,
        routes::user::send_email_code::SendEmailCodeRequest,
        routes::user::register::RegisterRequest,
        routes::user::update_password::UpdatePasswordRequest,
        accounts::store::OutboxMessage,
        routes::user::profile::UpdateProfileRequest,
        routes::user::change_password::ChangePasswordRequest,
        routes::user::social::SocialAccount,
        routes::user::access_token::AccessTokenView,
        routes::user::access_token::CreatedAccessToken,
        routes::user::access_token::CreateAccessTokenRequest,
        routes::open_key::OpenKeyView,
        routes::open_key::mine::CreatedOpenKey,
        routes::open_key::mine::CreateOpenKeyRequest,
        routes::open_key::operation::OperatorOpenKeyView,
        routes::open_key::operation::OpenKeyLimitsRequest,
        open_platform::DailyUsage,
        routes::auth::code_config::CodeConfig,
        routes::auth::social_config::SocialConfig,
        routes::auth::social_login::SocialLoginRequest,
        routes::auth::wx_binding::WxBindingRequest,
        files::FileInfo,
        files::Category,
        routes::file::upload::UploadForm,
        routes::file::bigfile_init::InitBigFileRequest,
        routes::file::bigfile_init::InitBigFileAnswer,
        routes::file::bigfile_init::UploadedPart,
        routes::file::part_upload_url::PartUploadUrl,
        routes::file::bigfile_complete::CompleteBigFileRequest,
        routes::file::bigfile_complete::PartEtag,
        routes::file::bigfile_create::CreateBigFileRequest,
        routes::feedback::FeedbackView,
        routes::feedback::FileLink,
        routes::feedback::create::CreateFeedbackRequest,
        routes::feedback::close::CloseFeedbackRequest,
        routes::feedback::mine::MarkReadRequest,
        routes::front_log::create::FrontLogRequest,
        routes::front_log::page::FrontLogView,
        operation::signups::DailySignups,
        routes::brand_application::BrandApplicationView,
        routes::brand_application::brand::BrandView,
        routes::org::PublicOrgView,
        routes::org_members::OrgMemberView,
        routes::org_members::OrgPublishRequest,
        routes::org_invitations::OrgInvitationView,
        routes::org_invitations::InviteRequest,
        routes::brand_application::create::CreateBrandApplicationRequest,
        routes::brand_application::review::ReviewBrandApplicationRequest,
        brand::BrandCategory,
        routes::operation::user_page::OperationUserView,
        routes::operation::user_status::UpdateUserStatusRequest,
        routes::operation::audit_log_page::AuditLogView,
        routes::operation::audit_log_page::OperatorNameView,
        routes::operation::org_page::OperationOrgView,
        routes::operation::org_save::CreateOrgRequest,
        routes::operation::org_save::UpdateOrgRequest,
        routes::operation::org_members::AddOrgMemberRequest,
        routes::operation::org_members::OrgAdminRequest,
        routes::operation::role_list::OperationRoleView,
        routes::operation::role_list::PermissionView,
        operation::roles::PermissionGroup,
        routes::operation::role_save::CreateRoleRequest,
        routes::operation::role_save::UpdateRoleRequest,
        routes::operation::user_roles::UserRolesRequest,
        routes::operation::dict_admin::DictEntryView,
        routes::operation::dict_admin::UpdateDictValueRequest,
    )),
    tags(
        (name = "dict-data", description = "字典数据 Dictionary data"),
        (name = "auth", description = "认证 Authentication: login, tokens, permissions"),
        (name = "user", description = "用户 Users: codes, registration, passwords, personal centre"),
        (name = "open-platform", description = "开放平台 Open platform: API keys for /to/open/<library> and their usage"),
        (name = "captcha", description = "滑块验证 Slider captcha"),
        (name = "dev", description = "开发 Development mode only"),
        (name = "file", description = "文件 Files: single and chunked uploads, content (/to/api/base/file)"),
        (name = "feedback", description = "反馈 Feedback to the platform (/to/api/operation)"),
        (name = "front-log", description = "前端日志 Front-end error log (/tool/api)"),
        (name = "brand-application", description = "品牌入驻 Brand entry applications"),
        (name = "org", description = "组织 Organisations' public face"),
        (name = "operation", description = "运营平台 Operations platform: users, audit log"),
        (name = "stat", description = "使用统计 Usage statistics (operators, /to/stat)"),
    )
)]
struct SystemApi;

/// The system service. Its accounts state is built once when the service opens (in `seed`)
/// and shared by every worker.
#[derive(Default)]
pub struct SystemService {
    accounts: OnceLock<Arc<accounts::Accounts>>,
    files: OnceLock<Arc<files::Files>>,
    /// The `[files]` settings; read from the configuration layers when absent.
    files_settings: Option<storage::FilesSettings>,
}

impl Service for SystemService {
    fn name(&self) -> &'static str {
        SERVICE_NAME
    }

    fn migrations(&self) -> Migrations {
        Migrations {
            sqlite: &SQLITE_MIGRATIONS,
            postgres: &POSTGRES_MIGRATIONS,
        }
    }

    fn error_codes(&self) -> &'static [ErrorCode] {
        SYSTEM_ERRORS
    }

    fn openapi(&self) -> utoipa::openapi::OpenApi {
        let mut document = SystemApi::openapi();
        document.info.version = env!("CARGO_PKG_VERSION").to_owned();
        document
    }

    fn configure(&self, context: &ServiceContext, cfg: &mut web::ServiceConfig) {
        let store = web::Data::new(store::DictDataStore::new(context.db.clone()));
        let Some(accounts) = self.accounts.get() else {
            // `Application::build` opens (and so seeds) every service before configuring.
            tracing::error!("system service configured before it was opened");
            return;
        };
        // Feedback and brand applications show their files by the files' content addresses.
        let Some(files_data) = self.files.get().map(|files| web::Data::from(files.clone())) else {
            tracing::error!("system service configured before its files were opened");
            return;
        };
        let brand_applications = web::Data::new(brand::BrandApplications {
            store: brand::store::BrandApplicationRepository::new(&context.db),
            files: files::FileRepository::new(&context.db),
        });
        let operation_users = web::Data::new(operation::users::OperationUsers {
            store: operation::users::store::UserAdminRepository::new(&context.db),
        });
        let operation_orgs = web::Data::new(operation::orgs::OperationOrgs {
            store: operation::orgs::store::OrgAdminRepository::new(&context.db),
        });
        let operation_roles = web::Data::new(operation::roles::OperationRoles {
            store: operation::roles::store::RoleAdminRepository::new(&context.db),
        });
        let operation_dictionary = web::Data::new(operation::dictionary::OperationDictionary {
            store: operation::dictionary::store::DictAdminRepository::new(&context.db),
        });
        let audit_log = web::Data::new(operation::audit::store::AuditRepository::new(&context.db));
        cfg.service(
            web::scope(API_BASE)
                .app_data(store)
                .app_data(brand_applications)
                .app_data(operation_users)
                .app_data(operation_orgs)
                .app_data(operation_roles)
                .app_data(operation_dictionary)
                .app_data(audit_log)
                .app_data(files_data.clone())
                .app_data(web::Data::from(accounts.clone()))
                .app_data(accounts.authenticator.clone())
                .app_data(web::Data::new(open_platform::OpenPlatform::new(context)))
                .configure(routes::configure),
        );
        // Feedback and the front-end log live under bases of their own (spec §7); the scopes
        // are kept narrow so that other services may mount the rest of those bases.
        let operation_cache = context.cache.scoped("operation");
        cfg.service(
            web::scope(operation::FEEDBACK_BASE)
                .app_data(web::Data::new(operation::feedback::Feedback {
                    store: operation::feedback::store::FeedbackRepository::new(&context.db),
                    files: files::FileRepository::new(&context.db),
                    cache: operation_cache.clone(),
                }))
                .app_data(files_data.clone())
                .app_data(accounts.authenticator.clone())
                .configure(routes::configure_feedback),
        );
        cfg.service(
            web::scope(operation::FRONT_LOG_BASE)
                .app_data(web::Data::new(operation::front_log::FrontLog {
                    store: operation::front_log::store::FrontLogRepository::new(&context.db),
                    cache: operation_cache,
                }))
                .app_data(accounts.authenticator.clone())
                .configure(routes::configure_front_log),
        );
        cfg.service(
            web::scope(routes::stat::SYSTEM_STAT_BASE)
                .app_data(web::Data::new(operation::signups::SignupRepository::new(
                    &context.db,
                )))
                .app_data(accounts.authenticator.clone())
                .configure(routes::stat::configure),
        );
        if let Some(files) = self.files.get() {
            cfg.service(
                web::scope(files::FILE_API_BASE)
                    .app_data(web::Data::from(files.clone()))
                    .app_data(accounts.authenticator.clone())
                    .configure(routes::file::configure),
            );
        }
        if context.settings.mode == kernel::Mode::Development {
            cfg.service(
                web::scope("/to/api/dev")
                    .app_data(web::Data::from(accounts.clone()))
                    .configure(routes::configure_dev),
            );
        }
    }

    /// The dictionary, organisation and role seeds are part of the migrations; here the
    /// accounts state is built (it checks the accounts configuration).
    fn seed<'a>(&'a self, context: &'a ServiceContext) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async move {
            let accounts = accounts::Accounts::new(context)?;
            // A second open of the same service value keeps the first state.
            let accounts = self.accounts.get_or_init(|| Arc::new(accounts));
            // The library services of the same process check tokens through this one
            // (auth::service_authenticator): one cache, so a revocation is seen at once.
            context
                .peers
                .offer(accounts.authenticator.clone().into_inner());
            // …and ask it whether an organisation's public page may show (auth::service_org_directory).
            context.peers.offer(accounts.orgs.clone());
            let files_settings = match &self.files_settings {
                Some(settings) => settings.clone(),
                None => storage::FilesSettings::load()?,
            };
            let files = Arc::new(files::Files::open(context, files_settings).await?);
            if self.files.set(files.clone()).is_ok() {
                files.spawn_sweeper();
            }
            Ok(())
        })
    }
}

pub fn service() -> Arc<dyn Service> {
    Arc::new(SystemService::default())
}

/// The system service with the given `[files]` settings (tests; embedders that configure
/// files themselves).
pub fn service_with_files(files_settings: storage::FilesSettings) -> Arc<dyn Service> {
    Arc::new(SystemService {
        files_settings: Some(files_settings),
        ..SystemService::default()
    })
}
