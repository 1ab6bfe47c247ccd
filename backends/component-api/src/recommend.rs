//! Recommendations for a component, apart from HTTP: which parts belong to its family (the same
//! KiCad symbol root or the same part-number stem) and which fit its footprint, each ranked with
//! the reasons in Chinese and English and what differs from the part itself.
//!
//! - **Family:** KiCad derives variants with `extends` (`AMS1117-5.0` extends `AP1117-15`); the
//!   root of that chain is the first symbol of a component's standalone symbol file
//!   ([`symbol_root`]). Across libraries and for symbols drawn alone, the part-number stem
//!   ([`part_number_stem`]) groups `STM32F103C8Tx` with `STM32F103RBTx`.
//! - **Package:** the same footprint first (a drop-in), then the same package family and pin count
//!   within the category.

use serde::Serialize;
use utoipa::ToSchema;

use catalog::item::model::ItemRecord;

use crate::{
    model::{ComponentRecord, Parameter},
    routes::view::ParameterView,
};

/// Weights: a family by symbol root is certain, by stem likely; the manufacturer breaks ties.
const SAME_SYMBOL_ROOT: u32 = 4;
const SAME_STEM: u32 = 3;
const SAME_MANUFACTURER: u32 = 2;
/// Family members that differ in a key parameter are the point of the family group.
const KEY_PARAMETER_DIFFERS: u32 = 1;
const SAME_FOOTPRINT: u32 = 6;
const SAME_PACKAGE_AND_PINS: u32 = 3;
const SAME_CATEGORY: u32 = 2;

/// The part-number stem: the first segment (up to `-`, `_`, `/`, `.`, `,` or a space) cut after
/// its first run of digits, extended by a following letters-then-digits group when those digits
/// are at least two (a series number, as `F103` in `STM32F103`) rather than one (a size or
/// variant code, as `C8` in `STM32F103C8Tx`). `AMS1117-3.3` → `AMS1117`,
/// `STM32F103C8Tx` → `STM32F103`, `LM7805_TO220` → `LM7805`, `ATmega328P-PU` → `ATmega328`,
/// `2N7002` → `2N7002`. `None` for names without a digit or shorter than three characters
/// (`R`, `C_Small`, `Q_NMOS_GSD`: generic symbols would group everything).
pub fn part_number_stem(part_number: &str) -> Option<String> {
    let segment = part_number
        .split(['-', '_', '/', '.', ',', ' '])
        .next()
        .unwrap_or_default();
    if !segment.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    // Runs of letters and digits: ("STM", false), ("32", true), ("F", false), ("103", true)…
    let mut runs: Vec<(&str, bool)> = Vec::new();
    let mut start = 0;
    for (index, c) in segment.char_indices().skip(1) {
        let previous = segment[start..].chars().next().unwrap_or(c);
        if previous.is_ascii_digit() != c.is_ascii_digit() {
            runs.push((&segment[start..index], previous.is_ascii_digit()));
            start = index;
        }
    }
    if start < segment.len() {
        let digits = segment[start..].starts_with(|c: char| c.is_ascii_digit());
        runs.push((&segment[start..], digits));
    }
    let first_digits = runs.iter().position(|(_, digits)| *digits)?;
    let mut end = first_digits;
    // Letters then a series number of two digits or more continue the stem.
    while end + 2 < runs.len() && !runs[end + 1].1 && runs[end + 2].1 && runs[end + 2].0.len() >= 2
    {
        end += 2;
    }
    let stem: String = runs[..=end].iter().map(|(text, _)| *text).collect();
    (stem.chars().count() >= 3).then_some(stem)
}

/// The first symbol a standalone `.kicad_sym` file names: the root of the component's `extends`
/// chain (the importer writes parents first). `head` may be the file's beginning only.
pub fn symbol_root(head: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(head);
    let start = text.find("(symbol \"")? + "(symbol \"".len();
    let mut name = String::new();
    let mut chars = text[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => name.push(chars.next()?),
            '"' => return (!name.is_empty()).then_some(name),
            c => name.push(c),
        }
    }
    None
}

/// Whether two stated values of one dimension overlap (equal typical values, or ranges that
/// admit each other's values).
pub fn values_match(a: &Parameter, b: &Parameter) -> bool {
    if a.dimension != b.dimension {
        return false;
    }
    let points = |p: &Parameter| {
        [p.min, p.typ, p.max]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
    };
    match (a.typ, b.typ) {
        (Some(x), Some(y)) => units::approx_eq(x, y),
        _ => {
            let (pa, pb) = (points(a), points(b));
            !pa.is_empty()
                && pa.len() == pb.len()
                && pa.iter().zip(&pb).all(|(x, y)| units::approx_eq(*x, *y))
        }
    }
}

/// One reason in both languages.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reason {
    /// `symbolFamily`, `partNumberSeries`, `manufacturer`, `parameterDiffers`, `footprint`,
    /// `packageFamily` or `category` (a page may show `parameterDiffers` as its differences).
    pub kind: &'static str,
    pub zh: String,
    pub en: String,
}

impl Reason {
    fn new(kind: &'static str, zh: impl Into<String>, en: impl Into<String>) -> Self {
        Self {
            kind,
            zh: zh.into(),
            en: en.into(),
        }
    }
}

/// A property in which a recommended part differs from the part itself.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Difference {
    /// `param:<dimension>`, `package` or `pinCount`.
    pub key: String,
    pub label: String,
    pub label_en: String,
    /// The part itself (`3.3V`).
    pub this_value: String,
    /// The recommended part (`5V`).
    pub other_value: String,
}

/// A component with what ranking needs to know of it.
#[derive(Debug, Clone, Copy)]
pub struct Subject<'a> {
    pub record: &'a ComponentRecord,
    pub parameters: &'a [Parameter],
    /// The root of its KiCad `extends` chain ([`symbol_root`]).
    pub symbol_root: Option<&'a str>,
}

/// A ranked candidate: higher scores first.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranking {
    pub score: u32,
    pub reasons: Vec<Reason>,
    pub differences: Vec<Difference>,
}

/// Values of one dimension for display, in stored order (`3.3V`, `1A`).
fn displayed(parameters: &[&Parameter]) -> String {
    parameters
        .iter()
        .map(|p| ParameterView::from(*p).display)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The key parameters, package and pin count in which `other` differs from `this`. Only
/// dimensions both state are compared (an unstated value is unknown, not different).
pub fn differences(this: &Subject, other: &Subject) -> Vec<Difference> {
    let mut found = Vec::new();
    let mut dimensions: Vec<&str> = Vec::new();
    for parameter in this.parameters {
        if !dimensions.contains(&parameter.dimension.as_str()) {
            dimensions.push(&parameter.dimension);
        }
    }
    for dimension in dimensions {
        let mine: Vec<&Parameter> = this
            .parameters
            .iter()
            .filter(|p| p.dimension == dimension)
            .collect();
        let theirs: Vec<&Parameter> = other
            .parameters
            .iter()
            .filter(|p| p.dimension == dimension)
            .collect();
        if theirs.is_empty() {
            continue;
        }
        let unmatched = |from: &[&Parameter], against: &[&Parameter]| -> bool {
            from.iter()
                .any(|p| !against.iter().any(|q| values_match(p, q)))
        };
        if unmatched(&mine, &theirs) || unmatched(&theirs, &mine) {
            let view = ParameterView::from(mine[0]);
            found.push(Difference {
                key: format!("param:{dimension}"),
                label: view.name,
                label_en: view.name_en,
                this_value: displayed(&mine),
                other_value: displayed(&theirs),
            });
        }
    }
    let (a, b) = (&this.record.kicad, &other.record.kicad);
    if a.package.is_some() && b.package.is_some() && a.package != b.package {
        found.push(Difference {
            key: "package".into(),
            label: "封装".into(),
            label_en: "Package".into(),
            this_value: a.package.clone().unwrap_or_default(),
            other_value: b.package.clone().unwrap_or_default(),
        });
    }
    if a.pin_count > 0 && b.pin_count > 0 && a.pin_count != b.pin_count {
        found.push(Difference {
            key: "pinCount".into(),
            label: "引脚数".into(),
            label_en: "Pin count".into(),
            this_value: a.pin_count.to_string(),
            other_value: b.pin_count.to_string(),
        });
    }
    found
}

fn same_manufacturer(this: &ItemRecord, other: &ItemRecord) -> Option<String> {
    match (&this.manufacturer_id, &other.manufacturer_id) {
        (Some(a), Some(b)) if a == b => other.manufacturer_name.clone(),
        _ => None,
    }
}

/// `other` as a member of `this`'s family: the same symbol root or part-number stem (else
/// `None`), the same manufacturer preferred, a differing key parameter preferred over none.
pub fn rank_family(this: &Subject, other: &Subject) -> Option<Ranking> {
    let mut score = 0;
    let mut reasons = Vec::new();
    if let (Some(a), Some(b)) = (this.symbol_root, other.symbol_root) {
        if a == b {
            score += SAME_SYMBOL_ROOT;
            reasons.push(Reason::new(
                "symbolFamily",
                format!("同一符号系列: {a}"),
                format!("Same symbol family: {a}"),
            ));
        }
    }
    if let Some(stem) = part_number_stem(&this.record.item.code) {
        if part_number_stem(&other.record.item.code).as_deref() == Some(stem.as_str()) {
            score += SAME_STEM;
            reasons.push(Reason::new(
                "partNumberSeries",
                format!("型号同系列: {stem}"),
                format!("Same part-number series: {stem}"),
            ));
        }
    }
    if score == 0 {
        return None;
    }
    if let Some(name) = same_manufacturer(&this.record.item, &other.record.item) {
        score += SAME_MANUFACTURER;
        reasons.push(Reason::new(
            "manufacturer",
            format!("同一厂商: {name}"),
            format!("Same manufacturer: {name}"),
        ));
    }
    let differences = differences(this, other);
    let parameter_differences: Vec<&Difference> = differences
        .iter()
        .filter(|d| d.key.starts_with("param:"))
        .collect();
    if !parameter_differences.is_empty() {
        score += KEY_PARAMETER_DIFFERS;
        for difference in parameter_differences {
            reasons.push(Reason::new(
                "parameterDiffers",
                format!(
                    "{}不同: {}（本器件 {}）",
                    difference.label, difference.other_value, difference.this_value
                ),
                format!(
                    "{} differs: {} (this part {})",
                    difference.label_en, difference.other_value, difference.this_value
                ),
            ));
        }
    }
    Some(Ranking {
        score,
        reasons,
        differences,
    })
}

/// `other` as a package-compatible part: the same footprint (a drop-in, in any category), else the
/// same package family and pin count in the same category (else `None`); the same category
/// preferred.
pub fn rank_package(this: &Subject, other: &Subject) -> Option<Ranking> {
    let same_category = this.record.item.category_id.is_some()
        && this.record.item.category_id == other.record.item.category_id;
    let (a, b) = (&this.record.kicad, &other.record.kicad);
    let mut reasons = Vec::new();
    let mut score = if a.footprint_ref.is_some() && a.footprint_ref == b.footprint_ref {
        let footprint = a.footprint_ref.as_deref().unwrap_or_default();
        reasons.push(Reason::new(
            "footprint",
            format!("封装相同，可直接替换: {footprint}"),
            format!("Same footprint, drop-in: {footprint}"),
        ));
        SAME_FOOTPRINT
    } else if same_category
        && a.package.is_some()
        && a.package == b.package
        && a.pin_count > 0
        && a.pin_count == b.pin_count
    {
        let package = a.package.as_deref().unwrap_or_default();
        reasons.push(Reason::new(
            "packageFamily",
            format!("封装系列与引脚数相同: {package}, {} 脚", a.pin_count),
            format!(
                "Same package family and pin count: {package}, {} pins",
                a.pin_count
            ),
        ));
        SAME_PACKAGE_AND_PINS
    } else {
        return None;
    };
    if same_category {
        score += SAME_CATEGORY;
        reasons.push(Reason::new("category", "同一分类", "Same category"));
    }
    Some(Ranking {
        score,
        reasons,
        differences: differences(this, other),
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::store::KicadRow;

    /// A component record for unit tests (an LDO in SOT-223 unless changed).
    pub(crate) fn record(id: i64, part_number: &str) -> ComponentRecord {
        let source_id = format!("Regulator_Linear:{part_number}");
        ComponentRecord {
            item: ItemRecord {
                category_id: Some(7),
                category_code: Some("ldo".into()),
                license: "CC-BY-SA-4.0".into(),
                ..catalog::testing::item_record(id, "kicad", &source_id, part_number)
            },
            kicad: KicadRow {
                symbol_ref: Some(source_id),
                footprint_ref: Some("Package_TO_SOT_SMD:SOT-223-3_TabPin2".into()),
                reference_prefix: Some("U".into()),
                pin_count: 3,
                unit_count: 1,
                package: Some("SOT-223-3".into()),
                ..KicadRow::missing(id)
            },
        }
    }

    fn voltage(volts: f64, original: &str) -> Parameter {
        Parameter {
            dimension: "voltage".into(),
            min: None,
            typ: Some(volts),
            max: None,
            original: original.into(),
            conditions: None,
        }
    }

    fn current_1a() -> Parameter {
        Parameter {
            dimension: "current".into(),
            min: None,
            typ: Some(1.0),
            max: None,
            original: "1A".into(),
            conditions: None,
        }
    }

    #[test]
    fn stems_of_real_seed_part_numbers() {
        for (part_number, stem) in [
            ("AMS1117-3.3", Some("AMS1117")),
            ("AMS1117-5.0", Some("AMS1117")),
            ("AMS1117CD-1.5", Some("AMS1117")),
            ("AP1117-15", Some("AP1117")),
            ("STM32F103C8Tx", Some("STM32F103")),
            ("STM32F103CBTx", Some("STM32F103")),
            ("STM32F103RBTx", Some("STM32F103")),
            ("STM32F401CCUx", Some("STM32F401")),
            ("LM7805_TO220", Some("LM7805")),
            ("MCP1700x-330xxTT", Some("MCP1700")),
            ("ATmega328P-PU", Some("ATmega328")),
            ("ATtiny85-20PU", Some("ATtiny85")),
            ("2N7002", Some("2N7002")),
            ("74HC595", Some("74HC595")),
            ("TPS7A4901", Some("TPS7A4901")),
            ("NE555P", Some("NE555")),
            ("ESP32-S3-WROOM-1", Some("ESP32")),
            ("R", None),
            ("C_Small", None),
            ("Q_NMOS_GSD", None),
            ("D1", None),
        ] {
            assert_eq!(
                part_number_stem(part_number).as_deref(),
                stem,
                "{part_number}"
            );
        }
        // Different series of one vendor do not share a stem.
        assert_ne!(
            part_number_stem("STM32F103C8Tx"),
            part_number_stem("STM32F401CCUx")
        );
    }

    #[test]
    fn symbol_root_is_the_first_symbol_of_the_file() {
        let derived = b"(kicad_symbol_lib (version 20211014) (generator portal)\n  \
            (symbol \"AP1117-15\" (pin_names (offset 0.254))\n  \
            (symbol \"AMS1117-3.3\" (extends \"AP1117-15\")\n)";
        assert_eq!(symbol_root(derived).as_deref(), Some("AP1117-15"));
        let alone = b"(kicad_symbol_lib (version 20211014) (generator portal)\n  \
            (symbol \"STM32F103C8Tx\" (in_bom yes)";
        assert_eq!(symbol_root(alone).as_deref(), Some("STM32F103C8Tx"));
        // A head cut inside the name, or no symbol at all.
        assert_eq!(symbol_root(b"(kicad_symbol_lib (symbol \"AP11"), None);
        assert_eq!(symbol_root(b"(kicad_symbol_lib)"), None);
    }

    #[test]
    fn family_shows_the_differing_output_voltage() {
        let (a, b) = (record(1, "AMS1117-3.3"), record(2, "AMS1117-5.0"));
        let (pa, pb) = (
            [current_1a(), voltage(3.3, "3.3V")],
            [current_1a(), voltage(5.0, "5.0V")],
        );
        let this = Subject {
            record: &a,
            parameters: &pa,
            symbol_root: Some("AP1117-15"),
        };
        let other = Subject {
            record: &b,
            parameters: &pb,
            symbol_root: Some("AP1117-15"),
        };
        let ranking = rank_family(&this, &other).expect("same family");
        assert_eq!(
            ranking.score,
            SAME_SYMBOL_ROOT + SAME_STEM + KEY_PARAMETER_DIFFERS
        );
        let zh: Vec<&str> = ranking.reasons.iter().map(|r| r.zh.as_str()).collect();
        assert_eq!(
            zh,
            [
                "同一符号系列: AP1117-15",
                "型号同系列: AMS1117",
                "电压不同: 5V（本器件 3.3V）"
            ]
        );
        assert_eq!(
            ranking.reasons[2].en,
            "Voltage differs: 5V (this part 3.3V)"
        );
        assert_eq!(ranking.differences.len(), 1, "{:?}", ranking.differences);
        assert_eq!(ranking.differences[0].key, "param:voltage");
    }

    #[test]
    fn family_by_stem_alone_and_same_manufacturer() {
        let mut a = record(1, "STM32F103C8Tx");
        let mut b = record(2, "STM32F103RBTx");
        for r in [&mut a, &mut b] {
            r.item.manufacturer_id = Some(3);
            r.item.manufacturer_name = Some("STMicroelectronics".into());
        }
        b.kicad.package = Some("LQFP-64".into());
        b.kicad.pin_count = 64;
        a.kicad.pin_count = 48;
        a.kicad.package = Some("LQFP-48".into());
        let this = Subject {
            record: &a,
            parameters: &[],
            symbol_root: Some("STM32F103C8Tx"),
        };
        let other = Subject {
            record: &b,
            parameters: &[],
            symbol_root: Some("STM32F103R8Tx"),
        };
        let ranking = rank_family(&this, &other).expect("same stem");
        assert_eq!(ranking.score, SAME_STEM + SAME_MANUFACTURER);
        let keys: Vec<&str> = ranking.differences.iter().map(|d| d.key.as_str()).collect();
        assert_eq!(keys, ["package", "pinCount"]);
        assert_eq!(ranking.differences[1].other_value, "64");
    }

    #[test]
    fn unrelated_parts_are_no_family() {
        let (a, b) = (record(1, "AMS1117-3.3"), record(2, "LM7805_TO220"));
        let this = Subject {
            record: &a,
            parameters: &[],
            symbol_root: Some("AP1117-15"),
        };
        let other = Subject {
            record: &b,
            parameters: &[],
            symbol_root: Some("LM7805_TO220"),
        };
        assert_eq!(rank_family(&this, &other), None);
        // Generic symbols have no stem: `R` is not the family of `R_Small`.
        let (r, small) = (record(3, "R"), record(4, "R_Small"));
        let this = Subject {
            record: &r,
            parameters: &[],
            symbol_root: None,
        };
        let other = Subject {
            record: &small,
            parameters: &[],
            symbol_root: None,
        };
        assert_eq!(rank_family(&this, &other), None);
    }

    #[test]
    fn package_prefers_the_same_footprint_then_the_same_family_and_pins() {
        let a = record(1, "AMS1117-3.3");
        let mut same_footprint_elsewhere = record(2, "BCP56");
        same_footprint_elsewhere.item.category_id = Some(9);
        let mut same_family = record(3, "LM1117MPX-3.3");
        same_family.kicad.footprint_ref = Some("Package_TO_SOT_SMD:SOT-223".into());
        let mut other_pins = record(4, "LM317_SOT223");
        other_pins.kicad.footprint_ref = Some("Package_TO_SOT_SMD:SOT-223-5".into());
        other_pins.kicad.pin_count = 5;
        let subject = |record| Subject {
            record,
            parameters: &[],
            symbol_root: None,
        };
        let this = subject(&a);
        let footprint = rank_package(&this, &subject(&same_footprint_elsewhere)).expect("drop-in");
        assert_eq!(footprint.score, SAME_FOOTPRINT);
        assert_eq!(
            footprint.reasons[0].zh,
            "封装相同，可直接替换: Package_TO_SOT_SMD:SOT-223-3_TabPin2"
        );
        let family = rank_package(&this, &subject(&same_family)).expect("same package family");
        assert_eq!(family.score, SAME_PACKAGE_AND_PINS + SAME_CATEGORY);
        assert_eq!(
            family.reasons[0].en,
            "Same package family and pin count: SOT-223-3, 3 pins"
        );
        assert!(footprint.score > family.score);
        assert_eq!(rank_package(&this, &subject(&other_pins)), None);
        let mut same_footprint_here = record(5, "AMS1117-5.0");
        same_footprint_here.item.category_id = Some(7);
        assert_eq!(
            rank_package(&this, &subject(&same_footprint_here)).map(|r| r.score),
            Some(SAME_FOOTPRINT + SAME_CATEGORY)
        );
    }
}
