//! Reads Fritzing part definitions (`.fzp` XML) into [`NewComponent`]s: title, family (mapped
//! through the taxonomy's `fritzing` hints), tags, properties with units as parameters, the
//! description's text, and the connector count as pin count. Fritzing parts carry no KiCad
//! symbol, so they are not offered through the KiCad HTTP library.

use std::collections::BTreeMap;

use super::{category::CategoryMatcher, params};
use crate::model::{InferredManufacturer, NewComponent, Parameter};

pub const SOURCE: &str = "fritzing";
/// The licence of Fritzing's core parts (Debian `fritzing-parts` copyright).
pub const LICENSE: &str = "CC-BY-SA-3.0";

/// Properties that name things rather than state values.
const TEXT_PROPERTIES: &[&str] = &[
    "family",
    "package",
    "variant",
    "part number",
    "chip",
    "chip label",
    "layer",
    "type",
    "pins",
    "interface",
    "editable pin labels",
    "manufacturer",
    "mn",
    "mpn",
    "datasheet",
    "color",
    "form",
];

/// Lowercase with runs of whitespace collapsed (the `fritzing` hint rule of docs/taxonomy.md).
pub fn normalize_family(family: &str) -> String {
    family
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The text of Fritzing's HTML descriptions: tags and `<style>` blocks dropped, entities of
/// the common kinds decoded, whitespace collapsed.
pub fn html_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        text.push_str(&rest[..start]);
        let after = &rest[start..];
        let lower = after.get(..6).map(str::to_ascii_lowercase);
        let end = if lower.as_deref() == Some("<style") {
            after.find("</style>").map(|i| i + "</style>".len())
        } else {
            after.find('>').map(|i| i + 1)
        };
        match end {
            Some(end) => {
                text.push(' ');
                rest = &after[end..];
            }
            None => {
                rest = "";
            }
        }
    }
    text.push_str(rest);
    let decoded = text
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// One `.fzp` file as a component, or why it is not one.
pub fn read_part(text: &str, matcher: &CategoryMatcher) -> Result<NewComponent, String> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    let document = roxmltree::Document::parse_with_options(text, options)
        .map_err(|error| format!("not well-formed XML: {error}"))?;
    let module = document.root_element();
    if module.tag_name().name() != "module" {
        return Err(format!(
            "root element is <{}>, not <module>",
            module.tag_name().name()
        ));
    }
    let module_id = module
        .attribute("moduleId")
        .filter(|id| !id.trim().is_empty())
        .ok_or("no moduleId")?
        .trim()
        .to_owned();
    let child_text = |name: &str| {
        module
            .children()
            .find(|n| n.has_tag_name(name))
            .and_then(|n| n.text())
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
    };
    let title = child_text("title").ok_or("no title")?;
    let mut properties: BTreeMap<String, String> = BTreeMap::new();
    let mut order: Vec<String> = Vec::new();
    if let Some(list) = module.children().find(|n| n.has_tag_name("properties")) {
        for property in list.children().filter(|n| n.has_tag_name("property")) {
            let Some(name) = property.attribute("name") else {
                continue;
            };
            let name = name.trim().to_lowercase();
            let value = property.text().unwrap_or_default().trim().to_owned();
            if !value.is_empty() && !properties.contains_key(&name) {
                order.push(name.clone());
                properties.insert(name, value);
            }
        }
    }
    let tags: Vec<String> = module
        .children()
        .find(|n| n.has_tag_name("tags"))
        .map(|tags| {
            tags.children()
                .filter(|n| n.has_tag_name("tag"))
                .filter_map(|n| n.text())
                .map(|t| t.trim().replace(char::is_whitespace, "_"))
                .filter(|t| !t.is_empty())
                .collect()
        })
        .unwrap_or_default();
    let description = child_text("description")
        .map(|html| html_text(&html))
        .unwrap_or_default();
    let family = properties.get("family").map(|f| normalize_family(f));
    let category = family.as_deref().and_then(|f| matcher.classify_fritzing(f));
    let pin_count = module
        .children()
        .find(|n| n.has_tag_name("connectors"))
        .map_or(0, |c| {
            c.children().filter(|n| n.has_tag_name("connector")).count()
        });
    let mut parameters: Vec<Parameter> = Vec::new();
    for name in &order {
        if TEXT_PROPERTIES.contains(&name.as_str()) {
            continue;
        }
        if let Ok(values) = units::parse_param(&properties[name], None) {
            parameters.extend(values.into_iter().map(|value| Parameter {
                dimension: value.dimension.as_str().to_owned(),
                min: value.min,
                typ: value.typ,
                max: value.max,
                original: value.original,
                conditions: value.conditions,
            }));
        }
    }
    if parameters.is_empty() {
        parameters = params::parameters_of(&description);
    }
    let part_number = ["part number", "mpn", "mn"]
        .iter()
        .find_map(|key| properties.get(*key).cloned())
        .unwrap_or_else(|| title.clone());
    let manufacturer = properties
        .get("manufacturer")
        .map(|name| InferredManufacturer {
            name: name.clone(),
            website: None,
            method: "fritzing-property",
        });
    let datasheet = properties
        .get("datasheet")
        .filter(|d| d.starts_with("http"))
        .cloned();
    Ok(NewComponent {
        source: SOURCE.into(),
        source_id: module_id,
        part_number,
        name: title,
        manufacturer,
        category_code: category.as_ref().map(|c| c.code.clone()),
        category_method: category.map(|c| c.method),
        lifecycle: super::kicad::lifecycle_of(&description, &tags.join(" ")),
        description,
        keywords: tags.join(" "),
        datasheet,
        symbol_ref: None,
        footprint_ref: None,
        footprint_filters: Vec::new(),
        reference_prefix: child_text("label"),
        value: None,
        pin_count: i32::try_from(pin_count).unwrap_or(i32::MAX),
        unit_count: 1,
        package: properties.get("package").cloned(),
        license: LICENSE.into(),
        parameters,
        files: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    // Trimmed from Fritzing's core `resistor.fzp`-style parts (fritzing-parts 0.9.6).
    const PART: &str = r#"<?xml version='1.0' encoding='UTF-8'?>
<module referenceFile="4060.fzp" fritzingVersion="0.3.16b" moduleId="4060_e09d902e037fab8d3ef620cfedcb2d7d_1">
 <version>1.1</version>
 <author>neutmute</author>
 <title>4060</title>
 <label>IC</label>
 <tags>
  <tag>ripple</tag>
  <tag>counter</tag>
 </tags>
 <properties>
  <property name="package">DIP16 [THT]</property>
  <property name="family">Counter</property>
  <property name="supply voltage">3V to 15V</property>
  <property name="part number"></property>
 </properties>
 <description>&lt;html>&lt;head>&lt;style type="text/css">
p, li { white-space: pre-wrap; }
&lt;/style>&lt;/head>&lt;body>&lt;p>14-stage ripple-carry binary counter/divider &amp;amp; oscillator&lt;/p>&lt;/body>&lt;/html></description>
 <connectors>
  <connector type="male" name="Q11" id="connector0"><description>Q11</description></connector>
  <connector type="male" name="Q12" id="connector1"><description>Q12</description></connector>
 </connectors>
</module>"#;

    fn matcher() -> CategoryMatcher {
        CategoryMatcher::new(&crate::LIBRARY.parse_taxonomy().unwrap())
    }

    #[test]
    fn a_part_definition_becomes_a_component() {
        let component = read_part(PART, &matcher()).unwrap();
        assert_eq!(
            component.source_id,
            "4060_e09d902e037fab8d3ef620cfedcb2d7d_1"
        );
        assert_eq!(component.part_number, "4060");
        assert_eq!(component.category_code.as_deref(), Some("counter-decoder"));
        assert_eq!(
            component.category_method.as_deref(),
            Some("fritzing:counter")
        );
        assert_eq!(
            component.description,
            "14-stage ripple-carry binary counter/divider & oscillator"
        );
        assert_eq!(component.keywords, "ripple counter");
        assert_eq!(component.pin_count, 2);
        assert_eq!(component.package.as_deref(), Some("DIP16 [THT]"));
        assert_eq!(component.reference_prefix.as_deref(), Some("IC"));
        let voltage = &component.parameters[0];
        assert_eq!(
            (voltage.dimension.as_str(), voltage.min, voltage.max),
            ("voltage", Some(3.0), Some(15.0))
        );
        assert!(component.symbol_ref.is_none(), "no KiCad symbol");
    }

    #[test]
    fn broken_definitions_are_reasons_not_panics() {
        let matcher = matcher();
        assert!(read_part("<module", &matcher).unwrap_err().contains("XML"));
        assert!(read_part("<part/>", &matcher)
            .unwrap_err()
            .contains("<module>"));
        assert_eq!(
            read_part("<module><title>x</title></module>", &matcher).unwrap_err(),
            "no moduleId"
        );
        assert_eq!(
            read_part("<module moduleId='a'/>", &matcher).unwrap_err(),
            "no title"
        );
    }

    #[test]
    fn families_are_normalised_like_the_hints() {
        assert_eq!(
            normalize_family("  SparkFun   LED  (RGB) "),
            "sparkfun led (rgb)"
        );
    }
}
