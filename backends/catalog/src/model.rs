//! Category rows and the tree the API answers.

use serde::Serialize;
use utoipa::ToSchema;

/// One stored category.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct CategoryRecord {
    pub id: i64,
    pub code: String,
    pub parent_id: Option<i64>,
    pub name: String,
    pub name_en: String,
    pub sort: i32,
    pub depth: i32,
    pub path: String,
    /// An operator hid it (docs/operations.md "Categories"): public reads leave it and its
    /// subtree out ([`visible_only`]).
    pub hidden: bool,
}

/// A node of the category tree (leaves have `children: []`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryNode {
    pub id: i64,
    /// Stable identifier, lowercase `[a-z0-9-]+`.
    pub code: String,
    /// Chinese name.
    pub name: String,
    /// English name.
    pub name_en: String,
    pub parent_id: Option<i64>,
    /// Position among its siblings, from 1.
    pub sort: i32,
    #[schema(no_recursion)]
    pub children: Vec<CategoryNode>,
}

/// An ancestor in a category's breadcrumb.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryCrumb {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub name_en: String,
}

/// A category with its subtree and its ancestors (root first, itself excluded).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryDetail {
    pub category: CategoryNode,
    pub ancestors: Vec<CategoryCrumb>,
}

impl From<&CategoryRecord> for CategoryCrumb {
    fn from(record: &CategoryRecord) -> Self {
        Self {
            id: record.id,
            code: record.code.clone(),
            name: record.name.clone(),
            name_en: record.name_en.clone(),
        }
    }
}

/// Builds the forest from rows in any order; siblings ordered by `sort`, then `id`.
/// Rows whose parent is missing are dropped (cannot happen with the foreign key).
pub fn build_tree(records: &[CategoryRecord]) -> Vec<CategoryNode> {
    build_children(records, None)
}

/// The subtree below (and including) `root`.
pub fn build_subtree(records: &[CategoryRecord], root: &CategoryRecord) -> CategoryNode {
    to_node(root, build_children(records, Some(root.id)))
}

fn build_children(records: &[CategoryRecord], parent: Option<i64>) -> Vec<CategoryNode> {
    let mut children: std::collections::HashMap<Option<i64>, Vec<&CategoryRecord>> =
        std::collections::HashMap::new();
    for record in records {
        children.entry(record.parent_id).or_default().push(record);
    }
    for siblings in children.values_mut() {
        siblings.sort_by_key(|record| (record.sort, record.id));
    }
    fn assemble(
        parent: Option<i64>,
        children: &std::collections::HashMap<Option<i64>, Vec<&CategoryRecord>>,
    ) -> Vec<CategoryNode> {
        children
            .get(&parent)
            .map(|siblings| {
                siblings
                    .iter()
                    .map(|record| to_node(record, assemble(Some(record.id), children)))
                    .collect()
            })
            .unwrap_or_default()
    }
    assemble(parent, &children)
}

fn to_node(record: &CategoryRecord, children: Vec<CategoryNode>) -> CategoryNode {
    CategoryNode {
        id: record.id,
        code: record.code.clone(),
        name: record.name.clone(),
        name_en: record.name_en.clone(),
        parent_id: record.parent_id,
        sort: record.sort,
        children,
    }
}

/// The records the public sees: without hidden categories and everything below them.
pub fn visible_only(records: Vec<CategoryRecord>) -> Vec<CategoryRecord> {
    let hidden: Vec<String> = records
        .iter()
        .filter(|record| record.hidden)
        .map(|record| format!("{}/", record.path))
        .collect();
    if hidden.is_empty() {
        return records;
    }
    records
        .into_iter()
        .filter(|record| {
            let path = format!("{}/", record.path);
            !hidden.iter().any(|below| path.starts_with(below.as_str()))
        })
        .collect()
}

/// The ancestors of `record`, root first.
pub fn ancestors_of(records: &[CategoryRecord], record: &CategoryRecord) -> Vec<CategoryCrumb> {
    let by_id: std::collections::HashMap<i64, &CategoryRecord> =
        records.iter().map(|r| (r.id, r)).collect();
    let mut chain = Vec::new();
    let mut current = record.parent_id;
    // Depth bounds the walk even if the data were cyclic.
    while let Some(id) = current {
        if chain.len() > records.len() {
            break;
        }
        let Some(parent) = by_id.get(&id) else { break };
        chain.push(CategoryCrumb::from(*parent));
        current = parent.parent_id;
    }
    chain.reverse();
    chain
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: i64, code: &str, parent_id: Option<i64>, sort: i32) -> CategoryRecord {
        CategoryRecord {
            id,
            code: code.to_owned(),
            parent_id,
            name: format!("名{code}"),
            name_en: format!("Name {code}"),
            sort,
            depth: 0,
            path: String::new(),
            hidden: false,
        }
    }

    #[test]
    fn builds_ordered_forest() {
        let records = vec![
            record(3, "b-child", Some(2), 1),
            record(1, "a", None, 2),
            record(2, "b", None, 1),
            record(4, "a-second", Some(1), 2),
            record(5, "a-first", Some(1), 1),
        ];
        let tree = build_tree(&records);
        let roots: Vec<&str> = tree.iter().map(|n| n.code.as_str()).collect();
        assert_eq!(roots, ["b", "a"]);
        let a_children: Vec<&str> = tree[1].children.iter().map(|n| n.code.as_str()).collect();
        assert_eq!(a_children, ["a-first", "a-second"]);
        assert!(tree[0].children[0].children.is_empty());
        assert_eq!(tree[0].children[0].parent_id, Some(2));
    }

    #[test]
    fn ancestors_run_from_the_root() {
        let records = vec![
            record(1, "root", None, 1),
            record(2, "mid", Some(1), 1),
            record(3, "leaf", Some(2), 1),
        ];
        let crumbs = ancestors_of(&records, &records[2]);
        let codes: Vec<&str> = crumbs.iter().map(|c| c.code.as_str()).collect();
        assert_eq!(codes, ["root", "mid"]);
        assert!(ancestors_of(&records, &records[0]).is_empty());
        assert_eq!(build_subtree(&records, &records[1]).children.len(), 1);
    }

    #[test]
    fn a_hidden_category_takes_its_subtree_along() {
        let at =
            |id: i64, code: &str, parent: Option<i64>, path: &str, hidden: bool| CategoryRecord {
                path: path.to_owned(),
                hidden,
                ..record(id, code, parent, 1)
            };
        let records = vec![
            at(1, "a", None, "/a", false),
            at(2, "b", Some(1), "/a/b", true),
            at(3, "c", Some(2), "/a/b/c", false),
            // A sibling whose path starts with the hidden one's text stays.
            at(4, "bb", Some(1), "/a/bb", false),
        ];
        let codes: Vec<String> = visible_only(records)
            .into_iter()
            .map(|record| record.code)
            .collect();
        assert_eq!(codes, ["a", "bb"]);
    }
}
