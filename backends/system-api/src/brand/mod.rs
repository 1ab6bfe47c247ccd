//! Brand entry (manufacturer onboarding, docs/shell.md "Brand entry"): a signed-in applicant
//! sends company, brand, contact, the categories it makes and its business-licence image;
//! operators approve or reject; the applicant sees the status in `my-list`.

pub mod store;

use kernel::{ApiError, ApiResult};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use self::store::{BrandApplicationRepository, NewBrandApplication};
use crate::{
    accounts::model::{Email, Mobile},
    operation::text::{check_length, file_id_of, is_file_id, required_line, trimmed},
};

pub const BRAND_QUERY: &str = "system:brand-application:query";
pub const BRAND_REVIEW: &str = "system:brand-application:review";

pub const COMPANY_MAX: usize = 100;
pub const BRAND_MAX: usize = 64;
pub const CONTACT_MAX: usize = 32;
pub const DESCRIPTION_MAX: usize = 500;
pub const CATEGORIES_MAX: usize = 20;
pub const WEBSITE_MAX: usize = 2048;
pub const REMARK_MAX: usize = 500;
const CATEGORY_CODE_MAX: usize = 64;
/// The libraries whose categories an applicant may name.
pub const LIBRARIES: [&str; 3] = ["part", "component", "mat"];

/// 0 in review, 1 approved, 2 rejected.
pub const STATUS_PENDING: i32 = 0;
pub const STATUS_APPROVED: i32 = 1;
pub const STATUS_REJECTED: i32 = 2;

pub const CATEGORIES_REQUIRED: &str = "请至少选择一个经营品类";
pub const CATEGORIES_TOO_MANY: &str = "经营品类最多选择20个";
pub const CATEGORY_INVALID: &str = "经营品类不正确";
pub const LICENCE_REQUIRED: &str = "请上传营业执照";
pub const LICENCE_INVALID: &str = "营业执照文件编号不正确";
pub const LOGO_INVALID: &str = "品牌标志文件编号不正确";
pub const WEBSITE_INVALID: &str = "企业官网地址格式不正确";
pub const REMARK_REQUIRED: &str = "驳回时请填写审核意见";

/// The brand-application state its routes share.
pub struct BrandApplications {
    pub store: BrandApplicationRepository,
    /// The uploaded files (the licence must be the applicant's image).
    pub files: crate::files::FileRepository,
}

/// A category of one of the three libraries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct BrandCategory {
    /// `part`, `component` or `mat`.
    pub library: String,
    /// The category code of that library's tree.
    pub code: String,
}

/// What a client sends, before validation.
#[derive(Debug, Default)]
pub struct BrandForm<'a> {
    pub company_name: Option<&'a str>,
    pub brand_name: Option<&'a str>,
    pub contact_name: Option<&'a str>,
    pub mobile: Option<&'a str>,
    pub email: Option<&'a str>,
    pub website: Option<&'a str>,
    pub description: Option<&'a str>,
    pub categories: Option<&'a [Value]>,
    pub licence_file_id: Option<&'a Value>,
    /// Optional brand logo (an uploaded image); shown on the brand page once approved.
    pub logo_file_id: Option<&'a Value>,
}

/// Applies the form limits of docs/shell.md; answers the application of `user_id`.
pub fn validate(form: &BrandForm<'_>, user_id: i64) -> ApiResult<NewBrandApplication> {
    let company_name = required_line(
        form.company_name,
        COMPANY_MAX,
        "请输入企业名称",
        "企业名称不能超过100个字符",
    )?;
    let brand_name = required_line(
        form.brand_name,
        BRAND_MAX,
        "请输入品牌名称",
        "品牌名称不能超过64个字符",
    )?;
    let contact_name = required_line(
        form.contact_name,
        CONTACT_MAX,
        "请输入联系人",
        "联系人不能超过32个字符",
    )?;
    let mobile = trimmed(form.mobile).ok_or_else(|| ApiError::bad_request("请输入联系电话"))?;
    let mobile = Mobile::parse(mobile)?.as_str().to_owned();
    let email = trimmed(form.email)
        .map(|email| Email::parse(email).map(|email| email.as_str().to_owned()))
        .transpose()?
        .unwrap_or_default();
    let website = trimmed(form.website)
        .map(parse_website)
        .transpose()?
        .unwrap_or_default();
    let description = trimmed(form.description).unwrap_or_default();
    check_length(description, DESCRIPTION_MAX, "品牌介绍不能超过500个字符")?;
    let categories = parse_categories(form.categories)?;
    let licence_file_id = match form.licence_file_id {
        None | Some(Value::Null) => return Err(ApiError::bad_request(LICENCE_REQUIRED)),
        Some(value) => file_id_of(value).ok_or_else(|| ApiError::bad_request(LICENCE_INVALID))?,
    };
    if licence_file_id.is_empty() {
        return Err(ApiError::bad_request(LICENCE_REQUIRED));
    }
    if !is_file_id(&licence_file_id) {
        return Err(ApiError::bad_request(LICENCE_INVALID));
    }
    let logo_file_id = match form.logo_file_id {
        None | Some(Value::Null) => String::new(),
        Some(value) => file_id_of(value).ok_or_else(|| ApiError::bad_request(LOGO_INVALID))?,
    };
    if !logo_file_id.is_empty() && !is_file_id(&logo_file_id) {
        return Err(ApiError::bad_request(LOGO_INVALID));
    }
    Ok(NewBrandApplication {
        user_id,
        company_name,
        brand_name,
        contact_name,
        mobile,
        email,
        website,
        description: description.to_owned(),
        categories,
        licence_file_id,
        logo_file_id,
    })
}

/// An http(s) address without spaces, at most 2048 characters.
fn parse_website(raw: &str) -> ApiResult<String> {
    let lower = raw.to_ascii_lowercase();
    let host = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
        .unwrap_or_default();
    let valid = !host.is_empty()
        && !host.starts_with('/')
        && raw.len() <= WEBSITE_MAX
        && !raw.chars().any(|c| c.is_whitespace() || c.is_control());
    if valid {
        Ok(raw.to_owned())
    } else {
        Err(ApiError::bad_request(WEBSITE_INVALID))
    }
}

/// 1–20 categories `{library, code}` of the three libraries; repeats are kept once.
fn parse_categories(raw: Option<&[Value]>) -> ApiResult<Vec<BrandCategory>> {
    let raw = raw.unwrap_or_default();
    let mut categories: Vec<BrandCategory> = Vec::with_capacity(raw.len());
    for item in raw {
        let category: BrandCategory = serde_json::from_value(item.clone())
            .map_err(|_| ApiError::bad_request(CATEGORY_INVALID))?;
        let code = category.code.trim();
        let valid = LIBRARIES.contains(&category.library.as_str())
            && !code.is_empty()
            && code.chars().count() <= CATEGORY_CODE_MAX
            && !code.chars().any(|c| c.is_whitespace() || c.is_control());
        if !valid {
            return Err(ApiError::bad_request(CATEGORY_INVALID));
        }
        let category = BrandCategory {
            library: category.library,
            code: code.to_owned(),
        };
        if !categories.contains(&category) {
            categories.push(category);
        }
    }
    if categories.is_empty() {
        return Err(ApiError::bad_request(CATEGORIES_REQUIRED));
    }
    if categories.len() > CATEGORIES_MAX {
        return Err(ApiError::bad_request(CATEGORIES_TOO_MANY));
    }
    Ok(categories)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn websites_are_http_addresses() {
        assert!(parse_website("https://www.example.com").is_ok());
        assert!(parse_website("http://example.cn/about").is_ok());
        assert!(parse_website("ftp://example.com").is_err());
        assert!(parse_website("https://").is_err());
        assert!(parse_website("https://a b.com").is_err());
    }

    #[test]
    fn categories_belong_to_the_three_libraries() {
        let one = [json!({"library": "component", "code": "resistor"})];
        assert_eq!(parse_categories(Some(&one)).map(|c| c.len()).ok(), Some(1));
        let twice = [one[0].clone(), one[0].clone()];
        assert_eq!(
            parse_categories(Some(&twice)).map(|c| c.len()).ok(),
            Some(1)
        );
        assert!(parse_categories(Some(&[])).is_err());
        assert!(parse_categories(Some(&[json!({"library": "food", "code": "x"})])).is_err());
        assert!(parse_categories(Some(&[json!({"library": "part", "code": " "})])).is_err());
        assert!(parse_categories(Some(&[json!("resistor")])).is_err());
        let many: Vec<Value> = (0..21)
            .map(|i| json!({"library": "part", "code": format!("c{i}")}))
            .collect();
        assert!(parse_categories(Some(&many)).is_err());
    }
}
