//! The facets a library exposes and how the search answer names them. A library configures
//! its facets once ([`FacetConfig`]); a facet it does not configure is neither counted by the
//! index nor present in the answer.

use std::collections::HashMap;
use std::str::FromStr;

use search::{FacetKind, FacetValue, Facets};
use serde::Serialize;
use utoipa::ToSchema;

/// A facet value's names (Chinese, English) and, for a parameter, its dimension; None when the
/// value has no names of its own.
type FacetValueNames<'a> = dyn Fn(&str) -> Option<(String, String, Option<String>)> + 'a;

/// Which facets a library's searches count and answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FacetConfig {
    kinds: Vec<FacetKind>,
}

impl FacetConfig {
    /// The facets in `kinds` (order and repetitions do not matter).
    pub fn new(kinds: &[FacetKind]) -> Self {
        let mut kinds = kinds.to_vec();
        kinds.sort_unstable();
        kinds.dedup();
        Self { kinds }
    }

    /// Category, manufacturer, package and parameters (the components library).
    pub fn all() -> Self {
        Self::new(&FacetKind::ALL)
    }

    pub fn kinds(&self) -> &[FacetKind] {
        &self.kinds
    }

    pub fn has(&self, kind: FacetKind) -> bool {
        self.kinds.contains(&kind)
    }

    /// Names the counted values for the answer: categories by the category's Chinese and
    /// English names (`category_names`: code → (name, nameEn)), manufacturers with the
    /// glossary's Chinese name (`Texas Instruments（德州仪器）`), parameters by the dimension's
    /// names (电压 / Voltage), packages as they are. `counted` false (the caller asked for no
    /// counts) answers every configured facet empty.
    ///
    /// A parameter facet whose value is no dimension but a label (the parts' `d`, `dk`) is named
    /// with the dimension its items state (`parameter_dimension`, the index's registry): `d（长度）`
    /// / `d (Length)`; every parameter entry carries its dimension, so that a range on it can be
    /// typed in that dimension's units.
    pub fn view(
        &self,
        facets: &Facets,
        counted: bool,
        category_names: &HashMap<String, (String, String)>,
        parameter_dimension: &dyn Fn(&str) -> Option<units::Dimension>,
    ) -> FacetsView {
        let answer = |kind: FacetKind, values: &[FacetValue], name: &FacetValueNames<'_>| {
            self.has(kind).then(|| {
                if !counted {
                    return Vec::new();
                }
                values
                    .iter()
                    .map(|value| {
                        let (name, name_en, dimension) = name(&value.value)
                            .unwrap_or_else(|| (value.value.clone(), value.value.clone(), None));
                        FacetEntry {
                            value: value.value.clone(),
                            name,
                            name_en,
                            dimension,
                            count: value.count,
                        }
                    })
                    .collect()
            })
        };
        let named = |(name, name_en): (String, String)| (name, name_en, None);
        FacetsView {
            categories: answer(FacetKind::Category, &facets.categories, &|code| {
                category_names.get(code).cloned().map(named)
            }),
            manufacturers: answer(FacetKind::Manufacturer, &facets.manufacturers, &|name| {
                search::manufacturer_name_zh(name)
                    .map(|zh| named((format!("{name}（{zh}）"), name.to_string())))
            }),
            packages: answer(FacetKind::Package, &facets.packages, &|_| None),
            parameters: answer(FacetKind::Parameter, &facets.parameters, &|value| {
                if let Ok(dimension) = units::Dimension::from_str(value) {
                    return Some((
                        dimension.name_zh().to_string(),
                        dimension.name_en().to_string(),
                        Some(dimension.as_str().to_string()),
                    ));
                }
                parameter_dimension(value).map(|dimension| {
                    (
                        format!("{value}（{}）", dimension.name_zh()),
                        format!("{value} ({})", dimension.name_en()),
                        Some(dimension.as_str().to_string()),
                    )
                })
            }),
        }
    }
}

/// A facet value, its display names (categories: the category's Chinese and English names;
/// parameters: the dimension's; manufacturers: the name, with the glossary's Chinese name in
/// `name` (`Texas Instruments（德州仪器）`); packages: the value itself) and how many
/// matching items have it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FacetEntry {
    pub value: String,
    pub name: String,
    /// The English display name (for the English interface).
    pub name_en: String,
    /// Parameters only: the dimension of the values (`length`, `voltage`), whose units a range
    /// on the parameter may be written in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dimension: Option<String>,
    pub count: u64,
}

/// The facets of a search answer; a facet the library does not configure is left out.
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FacetsView {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub categories: Option<Vec<FacetEntry>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub manufacturers: Option<Vec<FacetEntry>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub packages: Option<Vec<FacetEntry>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parameters: Option<Vec<FacetEntry>>,
}

#[cfg(test)]
mod tests {
    use search::{CategoryRef, SearchDocument, SearchIndex, SearchParameter, SearchRequest};

    use super::*;

    fn item(id: &str, package: Option<&str>) -> SearchDocument {
        SearchDocument {
            id: id.into(),
            part_number: format!("P{id}"),
            name: "steel plate".into(),
            categories: vec![CategoryRef {
                code: "metal".into(),
                name: "金属".into(),
                name_en: "Metal".into(),
            }],
            manufacturer: Some("Texas Instruments".into()),
            package: package.map(str::to_string),
            parameters: vec![SearchParameter {
                name: "voltage".into(),
                dimension: units::Dimension::Voltage,
                min: None,
                typ: Some(5.0),
                max: None,
            }],
            ..SearchDocument::default()
        }
    }

    fn index() -> anyhow::Result<SearchIndex> {
        let index = SearchIndex::in_memory()?;
        index.rebuild([
            item("1", Some("0603")),
            item("2", Some("0805")),
            item("3", None),
        ])?;
        Ok(index)
    }

    fn no_dimension(_: &str) -> Option<units::Dimension> {
        None
    }

    fn names() -> HashMap<String, (String, String)> {
        HashMap::from([(
            "metal".to_string(),
            ("金属".to_string(), "Metal".to_string()),
        )])
    }

    #[test]
    fn a_facet_not_configured_is_neither_counted_nor_answered() -> anyhow::Result<()> {
        let index = index()?;
        // A materials library: no packages.
        let config = FacetConfig::new(&[
            FacetKind::Parameter,
            FacetKind::Category,
            FacetKind::Manufacturer,
        ]);
        let results =
            index.search_with_facets(&SearchRequest::keywords(["steel"]), config.kinds())?;
        assert_eq!(results.total, 3);
        assert!(results.facets.packages.is_empty(), "{:?}", results.facets);
        assert_eq!(results.facets.categories.len(), 1);
        let view = config.view(&results.facets, true, &names(), &no_dimension);
        assert_eq!(view.packages, None);
        let json = serde_json::to_value(&view)?;
        assert!(json.get("packages").is_none(), "{json}");
        assert_eq!(json["categories"][0]["name"], "金属");
        assert_eq!(json["categories"][0]["count"], 3);
        assert_eq!(
            json["manufacturers"][0]["name"],
            "Texas Instruments（德州仪器）"
        );
        assert_eq!(json["parameters"][0]["name"], "电压");
        assert_eq!(json["parameters"][0]["nameEn"], "Voltage");
        assert_eq!(json["parameters"][0]["dimension"], "voltage");
        assert!(json["categories"][0].get("dimension").is_none(), "{json}");
        Ok(())
    }

    #[test]
    fn a_labelled_parameter_is_named_with_the_dimension_its_items_state() -> anyhow::Result<()> {
        let index = SearchIndex::in_memory()?;
        index.rebuild([SearchDocument {
            id: "1".into(),
            part_number: "ISO 4762 M6×20".into(),
            name: "socket head cap screw".into(),
            parameters: vec![SearchParameter {
                name: "dk".into(),
                dimension: units::Dimension::Length,
                min: None,
                typ: Some(0.01),
                max: None,
            }],
            ..SearchDocument::default()
        }])?;
        let config = FacetConfig::new(&[FacetKind::Parameter]);
        let results =
            index.search_with_facets(&SearchRequest::keywords(["screw"]), config.kinds())?;
        let view = config.view(&results.facets, true, &names(), &|name| {
            index.parameter_dimension(name)
        });
        let json = serde_json::to_value(&view)?;
        assert_eq!(json["parameters"][0]["value"], "dk");
        assert_eq!(json["parameters"][0]["name"], "dk（长度）");
        assert_eq!(json["parameters"][0]["nameEn"], "dk (Length)");
        assert_eq!(json["parameters"][0]["dimension"], "length");
        // Without the registry the label stands alone.
        let bare = config.view(&results.facets, true, &names(), &no_dimension);
        assert_eq!(serde_json::to_value(&bare)?["parameters"][0]["name"], "dk");
        Ok(())
    }

    #[test]
    fn every_configured_facet_is_counted_and_named() -> anyhow::Result<()> {
        let index = index()?;
        let config = FacetConfig::all();
        let results =
            index.search_with_facets(&SearchRequest::keywords(["steel"]), config.kinds())?;
        let view = config.view(&results.facets, true, &names(), &no_dimension);
        let packages = view.packages.unwrap_or_default();
        assert_eq!(
            packages
                .iter()
                .map(|p| (p.value.as_str(), p.count))
                .collect::<Vec<_>>(),
            [("0603", 1), ("0805", 1)]
        );
        assert_eq!(packages[0].name, "0603");
        // The same counts as a search counting every facet.
        assert_eq!(
            index.search(&SearchRequest::keywords(["steel"]))?.facets,
            results.facets
        );
        Ok(())
    }

    #[test]
    fn no_facet_configured_counts_nothing_and_no_counts_answers_empty_lists() -> anyhow::Result<()>
    {
        let index = index()?;
        let none = FacetConfig::new(&[]);
        let results =
            index.search_with_facets(&SearchRequest::keywords(["steel"]), none.kinds())?;
        assert_eq!(results.facets, Facets::default());
        assert_eq!(
            serde_json::to_value(none.view(&results.facets, true, &names(), &no_dimension))?,
            serde_json::json!({})
        );
        let package_only = FacetConfig::new(&[FacetKind::Package, FacetKind::Package]);
        assert_eq!(package_only.kinds(), [FacetKind::Package]);
        let view = package_only.view(
            &index.search(&SearchRequest::keywords(["steel"]))?.facets,
            false,
            &names(),
            &no_dimension,
        );
        assert_eq!(
            serde_json::to_value(view)?,
            serde_json::json!({"packages": []})
        );
        Ok(())
    }
}
