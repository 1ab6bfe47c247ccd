//! `portal admin create`: the first administrator (role `super_admin`, permission `*:*:*`).
//! There is no default password anywhere: the operator supplies one that passes the rules.

use kernel::{ServiceContext, Settings};

use crate::accounts::{
    model::{Contact, DisplayName, Password},
    password::PasswordHasher,
    refused,
    store::{AccountRepository, AccountStore, NewUser},
};

pub struct NewAdministrator {
    pub username: String,
    pub email: Option<String>,
    pub mobile: Option<String>,
    pub password: String,
}

/// Creates the administrator in the system database (migrating it first); answers the id.
pub async fn create_administrator(
    settings: Settings,
    input: NewAdministrator,
) -> anyhow::Result<i64> {
    let username = DisplayName::parse(&input.username, "用户名").map_err(anyhow_of)?;
    let contact =
        Contact::parse(input.email.as_deref(), input.mobile.as_deref()).map_err(anyhow_of)?;
    let password = Password::parse(Some(&input.password)).map_err(anyhow_of)?;
    let hasher = PasswordHasher::new(&settings.accounts.password_hash)?;
    let settings = std::sync::Arc::new(settings);
    let cache = kernel::Cache::in_memory("admin:", 10);
    let service = crate::SystemService::default();
    let context = ServiceContext::connect(&service, settings, &cache).await?;
    let store = AccountRepository::new(&context.db);
    let (email, mobile) = match &contact {
        Contact::Email(email) => (Some(email.as_str().to_owned()), None),
        Contact::Mobile(mobile) => (None, Some(mobile.as_str().to_owned())),
    };
    let user = NewUser {
        username: username.into_string(),
        nickname: String::new(),
        email,
        mobile,
        password_hash: hasher.hash(password.expose()).await?,
        org_id: 0,
        origin: "admin".to_owned(),
        role_code: "super_admin",
    };
    let outcome = store.create_user(&user, None, None, None).await;
    context.db.close().await;
    outcome?.map_err(|refusal| anyhow_of(refused(refusal)))
}

fn anyhow_of(error: kernel::ApiError) -> anyhow::Error {
    anyhow::anyhow!("{}", error.message())
}
