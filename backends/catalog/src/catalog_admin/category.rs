//! Operators manage a library's category tree (docs/operations.md "Categories"): they correct a
//! category's names and its place among its siblings, and hide an empty category (with its
//! subtree) from the public tree. The taxonomy file stays the source: a correction is kept as an
//! override of the file's values (`category_override`), which the taxonomy sync applies again,
//! and setting a field back to the file's value drops its override.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use kernel::{ApiError, ApiResult};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::edit::Correction;
use crate::taxonomy::FlatCategory;

/// An operator corrected a category's names or place.
pub const ACTION_CATEGORY_UPDATE: &str = "catalog-category.update";
/// An operator hid a category from the public tree.
pub const ACTION_CATEGORY_HIDE: &str = "catalog-category.hide";
/// An operator showed a hidden category again.
pub const ACTION_CATEGORY_UNHIDE: &str = "catalog-category.unhide";
pub const TARGET_CATEGORY: &str = "catalog-category";

const NAME_MAX: usize = 50;
const NAME_EN_MAX: usize = 100;
const REASON_MAX: usize = 200;
/// Sort numbers run from 0 (first) to this.
pub const SORT_MAX: i32 = 9999;

/// A category as the operators' tree shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogCategory {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub name_en: String,
    /// Place among its siblings (smaller first, then by id).
    pub sort: i32,
    pub hidden: bool,
    pub hidden_reason: Option<String>,
    /// Epoch milliseconds.
    pub hidden_time: Option<i64>,
    /// The operator's user id.
    pub hidden_by: Option<i64>,
    /// Public items filed directly under it (hidden items not counted).
    pub item_count: i64,
    /// Public items in its whole subtree (hidden items not counted).
    pub subtree_item_count: i64,
    /// Organisations' items in its whole subtree (pending or approved).
    pub enterprise_item_count: i64,
    /// The corrected fields (`name`, `nameEn`, `sort`) with the taxonomy file's value of each.
    pub corrections: Vec<Correction>,
    pub correction_reason: Option<String>,
    pub corrected_by: Option<i64>,
    pub correction_time: Option<i64>,
    /// Stored, but the taxonomy file no longer lists it (it can be hidden, not corrected).
    pub stale: bool,
    #[schema(no_recursion)]
    pub children: Vec<CatalogCategory>,
}

/// One category row with its correction and its counts, as the store reads it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CategoryAdminRow {
    pub id: i64,
    pub code: String,
    pub parent_id: Option<i64>,
    pub name: String,
    pub name_en: String,
    pub sort: i32,
    pub hidden_at: Option<DateTime<Utc>>,
    pub hidden_reason: Option<String>,
    pub hidden_by: Option<i64>,
    pub corrected_name: Option<String>,
    pub corrected_name_en: Option<String>,
    pub corrected_sort: Option<i32>,
    pub correction_reason: Option<String>,
    pub corrected_by: Option<i64>,
    pub correction_time: Option<DateTime<Utc>>,
    pub item_count: i64,
    pub enterprise_item_count: i64,
}

/// The operators' tree from the stored rows (in any order) and the taxonomy file's categories:
/// siblings by sort then id, counts summed over subtrees.
pub fn admin_tree(rows: &[CategoryAdminRow], source: &[FlatCategory]) -> Vec<CatalogCategory> {
    let source: HashMap<&str, &FlatCategory> = source
        .iter()
        .map(|category| (category.code.as_str(), category))
        .collect();
    let mut children: HashMap<Option<i64>, Vec<&CategoryAdminRow>> = HashMap::new();
    for row in rows {
        children.entry(row.parent_id).or_default().push(row);
    }
    for siblings in children.values_mut() {
        siblings.sort_by_key(|row| (row.sort, row.id));
    }
    fn assemble(
        parent: Option<i64>,
        children: &HashMap<Option<i64>, Vec<&CategoryAdminRow>>,
        source: &HashMap<&str, &FlatCategory>,
        depth: usize,
    ) -> Vec<CatalogCategory> {
        // The foreign key keeps the tree acyclic; the bound only guards the recursion.
        if depth > 64 {
            return Vec::new();
        }
        children
            .get(&parent)
            .map(|siblings| {
                siblings
                    .iter()
                    .map(|row| {
                        let below = assemble(Some(row.id), children, source, depth + 1);
                        node(row, source.get(row.code.as_str()).copied(), below)
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
    assemble(None, &children, &source, 0)
}

fn node(
    row: &CategoryAdminRow,
    source: Option<&FlatCategory>,
    children: Vec<CatalogCategory>,
) -> CatalogCategory {
    let mut corrections = Vec::new();
    if let Some(source) = source {
        if row.corrected_name.is_some() {
            corrections.push(correction("name", Value::from(source.name.clone())));
        }
        if row.corrected_name_en.is_some() {
            corrections.push(correction("nameEn", Value::from(source.name_en.clone())));
        }
        if row.corrected_sort.is_some() {
            corrections.push(correction("sort", Value::from(source.sort.to_string())));
        }
    }
    let corrected = !corrections.is_empty();
    CatalogCategory {
        id: row.id,
        code: row.code.clone(),
        name: row.name.clone(),
        name_en: row.name_en.clone(),
        sort: row.sort,
        hidden: row.hidden_at.is_some(),
        hidden_reason: row.hidden_reason.clone(),
        hidden_time: row.hidden_at.map(|at| at.timestamp_millis()),
        hidden_by: row.hidden_by,
        item_count: row.item_count,
        subtree_item_count: row.item_count
            + children
                .iter()
                .map(|child| child.subtree_item_count)
                .sum::<i64>(),
        enterprise_item_count: row.enterprise_item_count
            + children
                .iter()
                .map(|child| child.enterprise_item_count)
                .sum::<i64>(),
        corrections,
        correction_reason: row.correction_reason.clone().filter(|_| corrected),
        corrected_by: row.corrected_by.filter(|_| corrected),
        correction_time: row
            .correction_time
            .filter(|_| corrected)
            .map(|at| at.timestamp_millis()),
        stale: source.is_none(),
        children,
    }
}

fn correction(field: &str, original: Value) -> Correction {
    Correction {
        field: field.to_owned(),
        original,
    }
}

/// The category `code` in `tree`, wherever it is.
pub fn find_in_tree<'a>(tree: &'a [CatalogCategory], code: &str) -> Option<&'a CatalogCategory> {
    tree.iter().find_map(|node| {
        if node.code == code {
            Some(node)
        } else {
            find_in_tree(&node.children, code)
        }
    })
}

/// The body of `PUT …/catalog-categories/{code}`: the category as the operator wants it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryEditRequest {
    /// Chinese name, 1–50 characters.
    pub name: Option<String>,
    /// English name, 1–100 characters.
    pub name_en: Option<String>,
    /// Place among its siblings, 0–9999 (smaller first).
    pub sort: Option<i32>,
    /// Why (1–200 characters).
    pub reason: Option<String>,
}

/// A category's names and place as the operator wants them, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryEdit {
    pub name: String,
    pub name_en: String,
    pub sort: i32,
    pub reason: String,
}

impl CategoryEditRequest {
    pub fn parse(self) -> ApiResult<CategoryEdit> {
        let name = required_text(self.name.as_deref(), NAME_MAX, "中文名称")?;
        let name_en = required_text(self.name_en.as_deref(), NAME_EN_MAX, "英文名称")?;
        let sort = match self.sort {
            None => return Err(ApiError::bad_request("排序不能为空")),
            Some(sort) if !(0..=SORT_MAX).contains(&sort) => {
                return Err(ApiError::bad_request(format!("排序须在 0–{SORT_MAX} 之间")))
            }
            Some(sort) => sort,
        };
        let reason = required_text(self.reason.as_deref(), REASON_MAX, "修正原因")?;
        Ok(CategoryEdit {
            name,
            name_en,
            sort,
            reason,
        })
    }
}

/// `value` trimmed: present, at most `max` characters, no control characters; else 400 naming
/// it `what`.
fn required_text(value: Option<&str>, max: usize, what: &str) -> ApiResult<String> {
    let value = value.map(str::trim).unwrap_or_default();
    if value.is_empty() {
        return Err(ApiError::bad_request(format!("{what}不能为空")));
    }
    if value.chars().count() > max {
        return Err(ApiError::bad_request(format!("{what}过长")));
    }
    if value.chars().any(char::is_control) {
        return Err(ApiError::bad_request(format!("{what}含有控制字符")));
    }
    Ok(value.to_owned())
}

/// The override a correction leaves against the taxonomy file's `source`: each field that differs
/// from the file's, `None` where it is the file's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryOverride {
    pub name: Option<String>,
    pub name_en: Option<String>,
    pub sort: Option<i32>,
}

impl CategoryOverride {
    pub fn between(edit: &CategoryEdit, source: &FlatCategory) -> Self {
        Self {
            name: (edit.name != source.name).then(|| edit.name.clone()),
            name_en: (edit.name_en != source.name_en).then(|| edit.name_en.clone()),
            sort: (edit.sort != source.sort).then_some(edit.sort),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.name.is_none() && self.name_en.is_none() && self.sort.is_none()
    }
}

/// What a correction did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CategoryEditOutcome {
    NotFound,
    /// The taxonomy file no longer lists it: nothing to correct against.
    Stale,
    /// Already as asked: nothing written.
    Unchanged,
    Changed,
}

/// What a hide or show did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CategoryHideOutcome {
    NotFound,
    /// Its subtree still holds items the public or an organisation sees.
    NotEmpty {
        items: i64,
        enterprise_items: i64,
    },
    /// Already in the asked state: nothing written.
    Unchanged,
    Changed,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(name: &str, name_en: &str, sort: Option<i32>, reason: &str) -> CategoryEditRequest {
        CategoryEditRequest {
            name: Some(name.to_owned()),
            name_en: Some(name_en.to_owned()),
            sort,
            reason: Some(reason.to_owned()),
        }
    }

    fn flat(code: &str, name: &str, name_en: &str, sort: i32) -> FlatCategory {
        FlatCategory {
            code: code.to_owned(),
            parent_code: None,
            name: name.to_owned(),
            name_en: name_en.to_owned(),
            sort,
            depth: 0,
            path: format!("/{code}"),
            match_hints: None,
        }
    }

    fn row(id: i64, code: &str, parent_id: Option<i64>, sort: i32, items: i64) -> CategoryAdminRow {
        CategoryAdminRow {
            id,
            code: code.to_owned(),
            parent_id,
            name: format!("{code}名"),
            name_en: code.to_owned(),
            sort,
            hidden_at: None,
            hidden_reason: None,
            hidden_by: None,
            corrected_name: None,
            corrected_name_en: None,
            corrected_sort: None,
            correction_reason: Some("旧原因".to_owned()),
            corrected_by: Some(9),
            correction_time: None,
            item_count: items,
            enterprise_item_count: 1,
        }
    }

    #[test]
    fn an_edit_needs_names_a_sort_in_range_and_a_reason() {
        assert!(request(" ", "Bolts", Some(1), "r").parse().is_err());
        assert!(request("螺栓", "", Some(1), "r").parse().is_err());
        assert!(request("螺栓", "Bolts", None, "r").parse().is_err());
        assert!(request("螺栓", "Bolts", Some(-1), "r").parse().is_err());
        assert!(request("螺栓", "Bolts", Some(SORT_MAX + 1), "r")
            .parse()
            .is_err());
        assert!(request("螺栓", "Bolts", Some(1), "  ").parse().is_err());
        assert!(request(&"螺".repeat(51), "Bolts", Some(1), "r")
            .parse()
            .is_err());
        assert!(request("螺\u{7}栓", "Bolts", Some(1), "r").parse().is_err());
        assert_eq!(
            request(" 螺栓 ", " Bolts ", Some(SORT_MAX), " 统一叫法 ")
                .parse()
                .ok(),
            Some(CategoryEdit {
                name: "螺栓".to_owned(),
                name_en: "Bolts".to_owned(),
                sort: SORT_MAX,
                reason: "统一叫法".to_owned(),
            })
        );
    }

    #[test]
    fn only_fields_that_differ_from_the_file_are_overridden() {
        let source = flat("bolt", "螺栓", "Bolts", 3);
        let edit = |name: &str, sort: i32| CategoryEdit {
            name: name.to_owned(),
            name_en: "Bolts".to_owned(),
            sort,
            reason: "r".to_owned(),
        };
        assert!(CategoryOverride::between(&edit("螺栓", 3), &source).is_empty());
        assert_eq!(
            CategoryOverride::between(&edit("六角螺栓", 3), &source),
            CategoryOverride {
                name: Some("六角螺栓".to_owned()),
                name_en: None,
                sort: None
            }
        );
        assert_eq!(
            CategoryOverride::between(&edit("螺栓", 0), &source).sort,
            Some(0)
        );
    }

    #[test]
    fn the_tree_sums_counts_names_corrections_and_marks_stale_rows() {
        let mut corrected = row(2, "hex", Some(1), 2, 5);
        corrected.corrected_name = Some("六角".to_owned());
        corrected.name = "六角".to_owned();
        corrected.correction_reason = Some("统一叫法".to_owned());
        let rows = vec![
            corrected,
            row(1, "bolt", None, 1, 1),
            row(3, "carriage", Some(1), 1, 2),
            row(4, "gone", None, 2, 0),
        ];
        let source = [
            flat("bolt", "螺栓", "Bolts", 1),
            flat("hex", "六角头螺栓", "Hex", 2),
            flat("carriage", "马车螺栓", "Carriage", 1),
        ];
        let tree = admin_tree(&rows, &source);
        assert_eq!(tree.len(), 2);
        let bolt = &tree[0];
        assert_eq!(
            bolt.children
                .iter()
                .map(|c| c.code.as_str())
                .collect::<Vec<_>>(),
            ["carriage", "hex"]
        );
        assert_eq!(bolt.item_count, 1);
        assert_eq!(bolt.subtree_item_count, 8);
        assert_eq!(bolt.enterprise_item_count, 3);
        // A category without corrections shows no stale reason of an earlier one.
        assert!(bolt.corrections.is_empty() && bolt.correction_reason.is_none());
        let hex = find_in_tree(&tree, "hex").expect("hex is in the tree");
        assert_eq!(
            hex.corrections,
            [Correction {
                field: "name".to_owned(),
                original: Value::from("六角头螺栓")
            }]
        );
        assert_eq!(hex.correction_reason.as_deref(), Some("统一叫法"));
        assert!(!hex.stale && tree[1].stale);
        assert!(find_in_tree(&tree, "nothing").is_none());
    }
}
