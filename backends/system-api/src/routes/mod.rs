//! Routes of the system service, relative to `/to/api/base/system`.

pub mod auth;
pub mod brand_application;
pub mod captcha;
pub mod dev;
pub mod dict_data;
pub mod feedback;
pub mod file;
pub mod front_log;
pub mod open_key;
pub mod operation;
pub mod org;
pub mod org_invitations;
pub mod org_members;
pub mod stat;
pub mod user;

use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/dict-data/list-all-simple")
            .route(web::get().to(dict_data::list_all_simple::list_all_simple_dict_data)),
    )
    .service(web::resource("/auth/login").route(web::post().to(auth::login::login)))
    .service(
        web::resource("/auth/refresh-token")
            .route(web::post().to(auth::refresh_token::refresh_token)),
    )
    .service(web::resource("/auth/logout").route(web::post().to(auth::logout::logout)))
    .service(
        web::resource("/auth/get-permission-info")
            .route(web::get().to(auth::get_permission_info::get_permission_info)),
    )
    .service(
        web::resource("/auth/get-extend-user-info")
            .route(web::get().to(auth::get_extend_user_info::get_extend_user_info)),
    )
    .service(
        web::resource("/auth/check-token").route(web::get().to(auth::check_token::check_token)),
    )
    .service(
        web::resource("/auth/send-sms-code")
            .route(web::post().to(auth::send_sms_code::send_sms_code)),
    )
    .service(web::resource("/auth/sms-login").route(web::post().to(auth::sms_login::sms_login)))
    .service(
        web::resource("/captcha/slider/challenge")
            .route(web::post().to(captcha::slider_challenge::slider_challenge)),
    )
    .service(
        web::resource("/captcha/slider/verify")
            .route(web::post().to(captcha::slider_verify::slider_verify)),
    )
    .service(
        web::resource("/user/send-email-code")
            .route(web::post().to(user::send_email_code::send_email_code)),
    )
    .service(web::resource("/user/register").route(web::post().to(user::register::register)))
    .service(
        web::resource("/user/update-password")
            .route(web::put().to(user::update_password::update_password)),
    )
    .service(
        web::resource("/user/profile")
            .route(web::get().to(user::profile::get_profile))
            .route(web::put().to(user::profile::update_profile)),
    )
    .service(
        web::resource("/user/profile/password")
            .route(web::put().to(user::change_password::change_password)),
    )
    .service(
        web::resource("/auth/sessions/revoke-others")
            .route(web::post().to(auth::revoke_other_sessions::revoke_other_sessions)),
    )
    .service(web::resource("/user/social").route(web::get().to(user::social::list_social)))
    .service(
        web::resource("/user/access-tokens")
            .route(web::get().to(user::access_token::list_access_tokens))
            .route(web::post().to(user::access_token::create_access_token)),
    )
    .service(
        web::resource("/open/api-keys")
            .route(web::get().to(open_key::mine::list_open_keys))
            .route(web::post().to(open_key::mine::create_open_key)),
    )
    .service(
        web::resource("/open/api-keys/{id}")
            .route(web::delete().to(open_key::mine::revoke_open_key)),
    )
    .service(
        web::resource("/operation/open-keys/page")
            .route(web::get().to(open_key::operation::page_open_keys)),
    )
    .service(
        web::resource("/operation/open-keys/{id}/limits")
            .route(web::put().to(open_key::operation::set_open_key_limits)),
    )
    .service(
        web::resource("/operation/open-keys/{id}/revoke")
            .route(web::post().to(open_key::operation::operator_revoke_open_key)),
    )
    .service(
        web::resource("/user/access-tokens/{id}")
            .route(web::delete().to(user::access_token::revoke_access_token)),
    )
    .service(
        web::resource("/auth/code-config").route(web::get().to(auth::code_config::code_config)),
    )
    .service(
        web::resource("/auth/social-config")
            .route(web::get().to(auth::social_config::social_config)),
    )
    .service(
        web::resource("/auth/social-login").route(web::post().to(auth::social_login::social_login)),
    )
    .service(web::resource("/auth/wx-binding").route(web::post().to(auth::wx_binding::wx_binding)))
    .service(
        web::resource("/user/social/wechat").route(web::delete().to(user::social::unbind_wechat)),
    )
    .service(
        web::resource("/brand-application/create")
            .route(web::post().to(brand_application::create::create_brand_application)),
    )
    .service(
        web::resource("/brand-application/my-list")
            .route(web::get().to(brand_application::my_list::my_brand_applications)),
    )
    .service(
        web::resource("/brand-application/page")
            .route(web::get().to(brand_application::page::page_brand_applications)),
    )
    .service(
        web::resource("/brand-application/review")
            .route(web::post().to(brand_application::review::review_brand_application)),
    )
    .service(web::resource("/brand/get").route(web::get().to(brand_application::brand::get_brand)))
    .service(web::resource("/org/get").route(web::get().to(org::get_public_org)))
    .service(web::resource("/org/members/page").route(web::get().to(org_members::page_org_members)))
    .service(
        web::resource("/org/members/{user_id}")
            .route(web::delete().to(org_members::remove_own_org_member)),
    )
    .service(
        web::resource("/org/members/{user_id}/admin")
            .route(web::put().to(org_members::set_own_org_admin)),
    )
    .service(
        web::resource("/org/members/{user_id}/publish")
            .route(web::put().to(org_members::set_member_publishing)),
    )
    .service(
        web::resource("/org/invitations")
            .route(web::get().to(org_invitations::list_org_invitations))
            .route(web::post().to(org_invitations::invite)),
    )
    .service(
        web::resource("/org/invitations/{id}")
            .route(web::delete().to(org_invitations::withdraw_invitation)),
    )
    .service(
        web::resource("/user/org-invitations")
            .route(web::get().to(org_invitations::list_my_invitations)),
    )
    .service(
        web::resource("/user/org-invitations/{id}/accept")
            .route(web::post().to(org_invitations::accept_invitation)),
    )
    .service(
        web::resource("/user/org-invitations/{id}/decline")
            .route(web::post().to(org_invitations::decline_invitation)),
    )
    .service(
        web::resource("/brand/my-list").route(web::get().to(brand_application::brand::my_brands)),
    )
    .configure(operation::configure);
}

/// Feedback, relative to `/to/api/operation/behavior/message`.
pub fn configure_feedback(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/to/platform/create")
            .route(web::post().to(feedback::create::create_feedback)),
    )
    .service(web::resource("/page").route(web::get().to(feedback::page::page_feedback)))
    .service(web::resource("/get").route(web::get().to(feedback::get::get_feedback)))
    .service(web::resource("/close").route(web::post().to(feedback::close::close_feedback)))
    .service(web::resource("/my-page").route(web::get().to(feedback::mine::my_feedback_page)))
    .service(
        web::resource("/my-unread-count").route(web::get().to(feedback::mine::my_unread_count)),
    )
    .service(web::resource("/my-read").route(web::post().to(feedback::mine::mark_my_replies_read)));
}

/// The front-end log, relative to `/tool/api/front`.
pub fn configure_front_log(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/log").route(web::post().to(front_log::create::create_front_log)))
        .service(web::resource("/log/page").route(web::get().to(front_log::page::page_front_log)));
}

/// `/to/api/dev/...`: registered only in development mode.
pub fn configure_dev(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/outbox").route(web::get().to(dev::outbox::outbox)));
}
