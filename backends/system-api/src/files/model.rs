//! What a file is: categories with their type and size rules, checked names, the records the
//! store keeps and the view the API answers.

use chrono::{DateTime, Utc};
use kernel::{ApiError, ApiResult};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    FILE_CONTENT_MISMATCH, FILE_NAME_HAS_COMMA, FILE_NAME_INVALID, FILE_TOO_LARGE,
    FILE_TYPE_NOT_ALLOWED,
};

const MB: u64 = 1024 * 1024;
/// Longest accepted file name (characters).
pub const NAME_MAX_CHARS: usize = 200;

/// The spec's file categories (§3); anything unknown is `Other`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum Category {
    ModelFiles,
    Images,
    DataSheets,
    Symbols,
    FootPrints,
    Temp,
    Simulation,
    Other,
}

impl Category {
    pub const ALL: [Category; 8] = [
        Self::ModelFiles,
        Self::Images,
        Self::DataSheets,
        Self::Symbols,
        Self::FootPrints,
        Self::Temp,
        Self::Simulation,
        Self::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::ModelFiles => "ModelFiles",
            Self::Images => "Images",
            Self::DataSheets => "DataSheets",
            Self::Symbols => "Symbols",
            Self::FootPrints => "FootPrints",
            Self::Temp => "Temp",
            Self::Simulation => "Simulation",
            Self::Other => "Other",
        }
    }

    /// The category a stored name denotes (unknown → `Other`).
    pub fn parse(stored: &str) -> Self {
        Self::ALL
            .into_iter()
            .find(|category| category.as_str() == stored)
            .unwrap_or(Self::Other)
    }

    /// Derives the category from the client's `bizCode`: a category name in any case
    /// (`Images`, `modelfiles`) or one of the business aliases below; anything else is `Other`.
    /// (`type` is the module type of spec §3 and does not choose the category.)
    pub fn from_biz_code(biz_code: &str) -> Self {
        let code = biz_code.trim().to_ascii_lowercase();
        if let Some(category) = Self::ALL
            .into_iter()
            .find(|category| category.as_str().to_ascii_lowercase() == code)
        {
            return category;
        }
        match code.as_str() {
            "image" | "img" | "avatar" | "feedback" | "feedback_image" | "logo" => Self::Images,
            "model" | "models" | "3d" | "part_model" | "shape_search" => Self::ModelFiles,
            "datasheet" | "pdf" => Self::DataSheets,
            "symbol" => Self::Symbols,
            "footprint" => Self::FootPrints,
            "tmp" => Self::Temp,
            "spice" | "sim" => Self::Simulation,
            _ => Self::Other,
        }
    }

    /// Accepted extensions (lower case); empty = any.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Self::Images => &["jpg", "jpeg", "png", "gif", "webp"],
            Self::ModelFiles => &[
                "step", "stp", "stl", "igs", "iges", "x_t", "sldprt", "glb", "wrl", "zip",
            ],
            Self::DataSheets => &["pdf"],
            Self::Symbols => &["kicad_sym", "lib", "olb", "bxl", "zip"],
            Self::FootPrints => &["kicad_mod", "lbr", "bxl", "zip"],
            Self::Simulation => &[
                "zip", "cir", "lib", "sp", "spice", "mod", "ibs", "s2p", "s4p",
            ],
            Self::Temp | Self::Other => &[],
        }
    }

    /// Largest accepted file (bytes).
    pub fn max_size(self) -> u64 {
        match self {
            Self::Images => 5 * MB,
            Self::ModelFiles => 500 * MB,
            Self::DataSheets | Self::Symbols | Self::FootPrints => 50 * MB,
            Self::Simulation => 200 * MB,
            Self::Temp | Self::Other => 100 * MB,
        }
    }
}

/// A checked file name: trimmed, 1–200 characters, no comma (spec §5), no path separators or
/// control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileName(String);

impl FileName {
    pub fn parse(raw: &str) -> ApiResult<Self> {
        let name = raw.trim();
        if name.contains(',') || name.contains('，') {
            return Err(ApiError::new(FILE_NAME_HAS_COMMA));
        }
        let bad = name.is_empty()
            || name.chars().count() > NAME_MAX_CHARS
            || name == "."
            || name == ".."
            || name
                .chars()
                .any(|c| c == '/' || c == '\\' || c.is_control());
        if bad {
            return Err(ApiError::new(FILE_NAME_INVALID));
        }
        Ok(Self(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The extension in lower case (`model.STEP` → `step`), empty when there is none.
    pub fn extension(&self) -> String {
        match self.0.rsplit_once('.') {
            Some((stem, extension)) if !stem.is_empty() => extension.to_ascii_lowercase(),
            _ => String::new(),
        }
    }
}

/// Checks the name's extension and the size against the category's rules.
pub fn check_rules(category: Category, name: &FileName, size: u64) -> ApiResult<()> {
    let allowed = category.extensions();
    let extension = name.extension();
    if !allowed.is_empty() && !allowed.contains(&extension.as_str()) {
        return Err(ApiError::with_detail(
            FILE_TYPE_NOT_ALLOWED,
            format!("{} 仅支持 {}", category.as_str(), allowed.join("/")),
        ));
    }
    if size > category.max_size() {
        return Err(ApiError::with_detail(
            FILE_TOO_LARGE,
            format!(
                "{} 不能超过 {}MB",
                category.as_str(),
                category.max_size() / MB
            ),
        ));
    }
    Ok(())
}

/// Compares the first bytes with the signature the extension promises, where one exists
/// and is cheap to know; formats without a fixed signature pass.
pub fn check_magic(name: &FileName, head: &[u8]) -> ApiResult<()> {
    let extension = name.extension();
    let matches = match extension.as_str() {
        "jpg" | "jpeg" => head.starts_with(&[0xFF, 0xD8, 0xFF]),
        "png" => head.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]),
        "gif" => head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a"),
        "webp" => head.len() >= 12 && head.starts_with(b"RIFF") && &head[8..12] == b"WEBP",
        "pdf" => head.starts_with(b"%PDF-"),
        "zip" => head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06"),
        "glb" => head.starts_with(b"glTF"),
        "step" | "stp" => head.starts_with(b"ISO-10303-21"),
        _ => true,
    };
    if matches {
        Ok(())
    } else {
        Err(ApiError::with_detail(FILE_CONTENT_MISMATCH, extension))
    }
}

/// How many leading bytes [`check_magic`] needs.
pub const MAGIC_LEN: usize = 16;

/// The content type from the extension (the client's claim is not trusted).
pub fn mime_type_of(name: &FileName) -> &'static str {
    storage::media_type_of_extension(name.extension().as_str())
}

/// A stored file.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct FileRecord {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub storage_key: String,
    pub storage: String,
    pub size: i64,
    pub category: String,
    pub mime_type: String,
    pub biz_code: String,
    pub module_type: i32,
    pub md5: Option<String>,
    pub created_at: DateTime<Utc>,
    /// The unguessable key the content is served by (32 hex digits; docs/files.md).
    pub access_key: String,
}

impl FileRecord {
    /// Avatars and brand logos are shown to everyone (by their unguessable key); every other
    /// upload only to its owner, operators and holders of a signed, expiring URL.
    pub fn is_public(&self) -> bool {
        is_public_biz_code(&self.biz_code)
    }
}

/// The business codes whose files anyone may read by their key: avatars and brand logos.
pub const PUBLIC_BIZ_CODES: [&str; 3] = ["avatar", "logo", "brand-logo"];

pub fn is_public_biz_code(biz_code: &str) -> bool {
    let code = biz_code.trim().to_ascii_lowercase();
    PUBLIC_BIZ_CODES.contains(&code.as_str())
}

/// A file key as [`FileRecord::access_key`] holds it: 32 lower-case hex digits.
pub fn is_access_key(text: &str) -> bool {
    text.len() == 32
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A new random key (122 random bits of a v4 UUID).
pub fn new_access_key() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// A file to store.
#[derive(Debug, Clone)]
pub struct NewFile {
    pub user_id: i64,
    pub name: String,
    pub storage_key: String,
    pub storage: String,
    pub size: i64,
    pub category: Category,
    pub mime_type: String,
    pub biz_code: String,
    pub module_type: i32,
    pub md5: Option<String>,
}

/// Session states (see the migration).
pub const SESSION_UPLOADING: &str = "uploading";
pub const SESSION_COMPLETED: &str = "completed";
pub const SESSION_CREATED: &str = "created";

/// A big-file upload session.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SessionRecord {
    pub upload_id: String,
    pub user_id: i64,
    pub storage_key: String,
    pub storage: String,
    pub file_name: String,
    pub biz_code: String,
    pub module_type: i32,
    pub category: String,
    pub mime_type: String,
    pub declared_size: Option<i64>,
    pub declared_md5: Option<String>,
    pub status: String,
    pub completed_size: Option<i64>,
    pub file_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A session to open.
#[derive(Debug, Clone)]
pub struct NewSession {
    pub upload_id: String,
    pub user_id: i64,
    pub storage_key: String,
    pub storage: String,
    pub file_name: String,
    pub biz_code: String,
    pub module_type: i32,
    pub category: Category,
    pub mime_type: String,
    pub declared_size: Option<i64>,
    pub declared_md5: Option<String>,
}

/// A file as the API answers it (`id` as a string: ids may exceed 2^53 elsewhere).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileInfo {
    pub id: String,
    pub name: String,
    /// Site path that serves the content: `/to/api/base/file/content/get/{key}` for avatars
    /// and logos, the same with `?expires=&signature=` (valid `files.download_url_minutes`) for
    /// every other file (docs/files.md).
    pub url: String,
    pub size: i64,
    pub category: String,
    pub mime_type: String,
    pub biz_code: String,
    /// The module type of the upload (spec §3, default 3).
    #[serde(rename = "type")]
    pub module_type: i32,
    /// Epoch milliseconds.
    pub create_time: i64,
    /// The owner's proof of the upload, valid 24 hours: what another service (a library taking
    /// a model or datasheet for an enterprise item) accepts instead of the id (docs/files.md,
    /// "File claims"). Given only to the owner.
    pub claim: String,
}

impl FileInfo {
    /// The view of `record` with the address `url` (see [`super::Files::content_url`]) and the
    /// owner's `claim`.
    pub fn new(record: &FileRecord, url: String, claim: String) -> Self {
        Self {
            id: record.id.to_string(),
            name: record.name.clone(),
            url,
            size: record.size,
            category: record.category.clone(),
            mime_type: record.mime_type.clone(),
            biz_code: record.biz_code.clone(),
            module_type: record.module_type,
            create_time: record.created_at.timestamp_millis(),
            claim,
        }
    }
}

/// The site path of a file's content by its key (no signature).
pub fn content_path(access_key: &str) -> String {
    format!("{}/content/get/{access_key}", super::FILE_API_BASE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_come_from_the_biz_code() {
        assert_eq!(Category::from_biz_code("Images"), Category::Images);
        assert_eq!(Category::from_biz_code("modelfiles"), Category::ModelFiles);
        assert_eq!(Category::from_biz_code("feedback"), Category::Images);
        assert_eq!(Category::from_biz_code("DataSheets"), Category::DataSheets);
        assert_eq!(Category::from_biz_code("whatever"), Category::Other);
        assert_eq!(Category::from_biz_code(""), Category::Other);
        for category in Category::ALL {
            assert_eq!(Category::parse(category.as_str()), category);
        }
        assert_eq!(Category::parse("Nope"), Category::Other);
    }

    #[test]
    fn only_avatars_and_logos_are_public() {
        assert!(is_public_biz_code("avatar"));
        assert!(is_public_biz_code(" Logo "));
        assert!(is_public_biz_code("brand-logo"));
        assert!(!is_public_biz_code("feedback"));
        assert!(!is_public_biz_code("Images"));
        assert!(!is_public_biz_code("brand-licence"));
        assert!(!is_public_biz_code(""));
    }

    #[test]
    fn keys_are_32_hex_digits() {
        let key = new_access_key();
        assert!(is_access_key(&key), "{key}");
        assert_ne!(key, new_access_key());
        assert!(!is_access_key("12"));
        assert!(!is_access_key(&key.to_uppercase()));
        assert!(!is_access_key(&format!("{}g", &key[..31])));
    }

    #[test]
    fn names_reject_commas_and_paths() {
        assert_eq!(
            FileName::parse("a,b.png").map_err(|e| e.code()).err(),
            Some(FILE_NAME_HAS_COMMA.code)
        );
        assert_eq!(
            FileName::parse("a，b.png").map_err(|e| e.code()).err(),
            Some(FILE_NAME_HAS_COMMA.code)
        );
        for bad in ["", "  ", "../x", "a/b.png", "a\\b", "a\u{0}b"] {
            assert_eq!(
                FileName::parse(bad).map_err(|e| e.code()).err(),
                Some(FILE_NAME_INVALID.code),
                "{bad:?}"
            );
        }
        let name = FileName::parse("  零件 M8.STEP ").map_err(|e| e.code());
        assert_eq!(
            name.as_ref().map(FileName::extension),
            Ok("step".to_owned())
        );
        assert_eq!(
            name.map(|n| n.as_str().to_owned()),
            Ok("零件 M8.STEP".to_owned())
        );
    }

    #[test]
    fn rules_limit_type_and_size() {
        let png = FileName::parse("a.png").map_err(|e| e.code());
        let Ok(png) = png else { panic!("valid name") };
        assert!(check_rules(Category::Images, &png, 5 * MB).is_ok());
        assert_eq!(
            check_rules(Category::Images, &png, 5 * MB + 1).map_err(|e| e.code()),
            Err(FILE_TOO_LARGE.code)
        );
        let Ok(exe) = FileName::parse("a.exe") else {
            panic!("valid name")
        };
        assert_eq!(
            check_rules(Category::Images, &exe, 10).map_err(|e| e.code()),
            Err(FILE_TYPE_NOT_ALLOWED.code)
        );
        assert!(check_rules(Category::Other, &exe, 10).is_ok());
    }

    #[test]
    fn magic_bytes_must_match_the_extension() {
        let Ok(png) = FileName::parse("a.png") else {
            panic!("valid name")
        };
        assert!(check_magic(&png, b"\x89PNG\r\n\x1a\n0000").is_ok());
        assert_eq!(
            check_magic(&png, b"GIF89a").map_err(|e| e.code()),
            Err(FILE_CONTENT_MISMATCH.code)
        );
        let Ok(step) = FileName::parse("a.x_t") else {
            panic!("valid name")
        };
        assert!(check_magic(&step, b"anything").is_ok());
    }
}
