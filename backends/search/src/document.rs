//! What a library gives the search engine for each item.

use serde::{Deserialize, Serialize};
use units::Dimension;

/// One library item as the index sees it. The component, part and material libraries map their
/// records onto this type; the search answers ids, and the library loads its records by id.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchDocument {
    /// Stable id of the item in its library (the key of updates and deletes).
    pub id: String,
    /// Manufacturer part number, grade or designation: matched exactly and by prefix,
    /// case-insensitively and ignoring separators.
    pub part_number: String,
    /// Other identifiers of the same item (ordering codes, old names): matched like
    /// `part_number`.
    #[serde(default)]
    pub aliases: Vec<String>,
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub keywords: Vec<String>,
    /// The category path from the root to the item's own category.
    #[serde(default)]
    pub categories: Vec<CategoryRef>,
    #[serde(default)]
    pub manufacturer: Option<String>,
    #[serde(default)]
    pub package: Option<String>,
    #[serde(default)]
    pub parameters: Vec<SearchParameter>,
    /// How complete the item's record is, 0–1 (a part with values, package and drawings is 1, a
    /// bare generic symbol 0), computed by the library when it builds the document. Relevance
    /// multiplies the text score by [`quality_factor`] and breaks ties by it, so complete
    /// records rank ahead of bare ones. `None` (a library that does not rate its items) is 1.
    #[serde(default)]
    pub quality: Option<f32>,
    /// The library's own rendering of the item (JSON, opaque to the engine, not indexed),
    /// stored with the document and handed back with each hit ([`crate::SearchHit::document`]):
    /// a library answers a search from the index, without reading its database per request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payload: Option<String>,
}

/// Lowest relevance multiplier, of an item of quality 0: a bare item matching the words
/// better than a complete one can still come first, but not by a small margin.
pub const MIN_QUALITY_FACTOR: f32 = 0.4;

/// The relevance multiplier of an item's quality: [`MIN_QUALITY_FACTOR`] at 0, 1 at 1.
pub fn quality_factor(quality: Option<f32>) -> f32 {
    let quality = quality
        .filter(|q| q.is_finite())
        .unwrap_or(1.0)
        .clamp(0.0, 1.0);
    MIN_QUALITY_FACTOR + (1.0 - MIN_QUALITY_FACTOR) * quality
}

/// One node of a category path.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryRef {
    pub code: String,
    /// Chinese name (searchable).
    pub name: String,
    /// English name (searchable).
    #[serde(default)]
    pub name_en: String,
}

/// A numeric parameter in canonical SI units (`units` crate): a typical value, a range, or both.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchParameter {
    /// Display name; filters and sorting address it case-insensitively.
    pub name: String,
    pub dimension: Dimension,
    #[serde(default)]
    pub min: Option<f64>,
    #[serde(default)]
    pub typ: Option<f64>,
    #[serde(default)]
    pub max: Option<f64>,
}

impl SearchParameter {
    /// A parameter from a catalogue text (`10µF`, `-40~85℃`) read with the `units` parser; the
    /// first value of a list is kept. `None` when the text is not a value of `dimension`.
    pub fn parse(name: &str, dimension: Dimension, text: &str) -> Option<Self> {
        let value = units::parse_param(text, Some(dimension))
            .ok()?
            .into_iter()
            .find(|value| value.dimension == dimension)?;
        Some(Self {
            name: name.to_string(),
            dimension,
            min: value.min,
            typ: value.typ,
            max: value.max,
        })
    }

    /// Lowest and highest value the parameter states (a typical value alone is both).
    pub fn bounds(&self) -> Option<(f64, f64)> {
        let low = self.min.or(self.typ).unwrap_or(f64::NEG_INFINITY);
        let high = self.max.or(self.typ).unwrap_or(f64::INFINITY);
        let stated = self.min.is_some() || self.typ.is_some() || self.max.is_some();
        (stated && !low.is_nan() && !high.is_nan()).then_some((low.min(high), high.max(low)))
    }

    /// The value sorting uses: the typical value, else the lower bound, else the upper bound.
    pub fn sort_value(&self) -> Option<f64> {
        self.typ.or(self.min).or(self.max).filter(|v| v.is_finite())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_parse_with_units() {
        let capacitance = SearchParameter::parse("capacitance", Dimension::Capacitance, "10 µF");
        assert!(
            matches!(capacitance, Some(SearchParameter { typ: Some(v), .. }) if units::approx_eq(v, 1e-5))
        );
        let range = SearchParameter::parse("temperature", Dimension::Temperature, "-40~+85℃");
        assert_eq!(range.and_then(|p| p.bounds()), Some((-40.0, 85.0)));
        assert!(SearchParameter::parse("capacitance", Dimension::Capacitance, "10V").is_none());
    }

    #[test]
    fn quality_scales_relevance_between_the_floor_and_one() {
        assert_eq!(quality_factor(None), 1.0);
        assert_eq!(quality_factor(Some(1.0)), 1.0);
        assert_eq!(quality_factor(Some(0.0)), MIN_QUALITY_FACTOR);
        assert_eq!(quality_factor(Some(7.0)), 1.0);
        assert_eq!(quality_factor(Some(f32::NAN)), 1.0);
        assert!(quality_factor(Some(0.5)) > quality_factor(Some(0.25)));
    }

    #[test]
    fn bounds_of_open_ranges() {
        let at_least = SearchParameter {
            name: "voltage".into(),
            dimension: Dimension::Voltage,
            min: Some(3.0),
            typ: None,
            max: None,
        };
        assert_eq!(at_least.bounds(), Some((3.0, f64::INFINITY)));
        let nothing = SearchParameter {
            min: None,
            ..at_least
        };
        assert_eq!(nothing.bounds(), None);
    }
}
