pub mod access_token;
pub mod change_password;
pub mod profile;
pub mod register;
pub mod send_email_code;
pub mod social;
pub mod update_password;
