//! The operations platform (`/to/api/base/system/operation/...`, docs/operations.md): user
//! and organisation management, roles and permissions, the dictionary, and the operator audit
//! log, one action per file.

pub mod audit_log_page;
pub mod dict_admin;
pub mod org_members;
pub mod org_page;
pub mod org_save;
pub mod role_list;
pub mod role_save;
pub mod user_page;
pub mod user_roles;
pub mod user_sessions_revoke;
pub mod user_status;

use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/operation/users/page").route(web::get().to(user_page::page_users)))
        .service(
            web::resource("/operation/users/{id}/status")
                .route(web::put().to(user_status::update_user_status)),
        )
        .service(
            web::resource("/operation/users/{id}/sessions/revoke")
                .route(web::post().to(user_sessions_revoke::revoke_user_sessions)),
        )
        .service(web::resource("/operation/orgs/page").route(web::get().to(org_page::page_orgs)))
        .service(web::resource("/operation/orgs").route(web::post().to(org_save::create_org)))
        .service(web::resource("/operation/orgs/{id}").route(web::put().to(org_save::update_org)))
        .service(
            web::resource("/operation/orgs/{id}/members")
                .route(web::post().to(org_members::add_org_member)),
        )
        .service(
            web::resource("/operation/orgs/{id}/members/{user_id}")
                .route(web::delete().to(org_members::remove_org_member)),
        )
        .service(
            web::resource("/operation/orgs/{id}/members/{user_id}/admin")
                .route(web::put().to(org_members::set_org_member_admin)),
        )
        .service(
            web::resource("/operation/users/{id}/roles")
                .route(web::put().to(user_roles::set_user_roles)),
        )
        .service(
            web::resource("/operation/roles")
                .route(web::get().to(role_list::list_roles))
                .route(web::post().to(role_save::create_role)),
        )
        .service(
            web::resource("/operation/roles/{id}")
                .route(web::put().to(role_save::update_role))
                .route(web::delete().to(role_save::delete_role)),
        )
        .service(
            web::resource("/operation/dict-data")
                .route(web::get().to(dict_admin::list_dict_entries)),
        )
        .service(
            web::resource("/operation/dict-data/{id}")
                .route(web::put().to(dict_admin::update_dict_value)),
        )
        .service(
            web::resource("/operation/permissions")
                .route(web::get().to(role_list::list_permissions)),
        )
        .service(
            web::resource("/operation/audit-log/page")
                .route(web::get().to(audit_log_page::page_audit_log)),
        )
        .service(
            web::resource("/operation/audit-log/operators")
                .route(web::get().to(audit_log_page::audit_operator_names)),
        );
}
