//! alloy-devices chip descriptions (PyPI `alloy-devices`, MIT; docs/components.md "alloy-devices"):
//! one YAML per microcontroller with its cores, memories, peripherals and package. A chip
//! enriches the KiCad symbol of the same orderable part (flash size as a parameter, core and
//! peripherals as keywords, a peripheral summary in the description); a chip KiCad lacks becomes
//! a component of its own, without drawings.

use std::{
    collections::{BTreeMap, HashMap},
    path::Path,
};

use serde::Deserialize;

use super::{category::CategoryMatcher, manufacturer};
use crate::model::{NewComponent, Parameter};

pub const SOURCE: &str = "alloy-devices";
pub const LICENSE: &str = "MIT";
/// At most this many characters may follow the chip's part in a KiCad symbol name for them to
/// be the same chip: `STM32F401CC` + `Ux` (package letter, temperature range).
const ORDERING_SUFFIX: usize = 2;

#[derive(Deserialize)]
struct ChipFile {
    vendor: String,
    family: String,
    part: String,
    #[serde(default)]
    cores: Vec<CoreFile>,
    #[serde(default)]
    memories: Vec<MemoryFile>,
    #[serde(default)]
    peripherals: BTreeMap<String, serde::de::IgnoredAny>,
    package: Option<PackageFile>,
}

#[derive(Deserialize)]
struct CoreFile {
    name: String,
    #[serde(default)]
    fpu: bool,
}

#[derive(Deserialize)]
struct MemoryFile {
    kind: String,
    size: u64,
}

#[derive(Deserialize)]
struct PackageFile {
    #[serde(rename = "type")]
    kind: Option<String>,
    pins: Option<u32>,
    part: Option<String>,
}

/// What the portal keeps of one chip description.
#[derive(Debug, Clone, PartialEq)]
pub struct Chip {
    pub vendor: String,
    pub family: String,
    /// `STM32F401CC`.
    pub part: String,
    /// The orderable name of the described package (`STM32F401CCUx`), when given.
    pub orderable: Option<String>,
    pub package: Option<String>,
    pub pins: Option<u32>,
    /// `Cortex-M4F`, one per core.
    pub cores: Vec<String>,
    /// Bytes of flash and of RAM, summed over the regions of each kind.
    pub flash: u64,
    pub ram: u64,
    /// Peripheral classes and how many instances (`UART` × 3), in a fixed order.
    pub peripherals: Vec<(&'static str, usize)>,
}

/// Peripheral instance names (`usart1`, `otg_fs`) → the class an engineer selects by; the
/// rest (GPIO ports, DMA, clocks) says little about the chip.
fn peripheral_class(name: &str) -> Option<&'static str> {
    let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
    if name.ends_with("_common") {
        return None;
    }
    Some(match stem {
        "usart" | "uart" | "lpuart" => "UART",
        "spi" => "SPI",
        "i2c" => "I2C",
        "i2s" => "I2S",
        "can" | "fdcan" | "mcan" => "CAN",
        _ if stem.starts_with("usb") || stem.starts_with("otg") => "USB",
        "adc" => "ADC",
        "dac" => "DAC",
        "eth" | "ethernet_mac" | "gmac" => "Ethernet",
        "sdio" | "sdmmc" | "hsmci" => "SD/MMC",
        "tim" | "lptim" | "tc" => "Timer",
        _ => return None,
    })
}

const CLASS_ORDER: [&str; 11] = [
    "UART", "SPI", "I2C", "I2S", "CAN", "USB", "Ethernet", "SD/MMC", "ADC", "DAC", "Timer",
];

/// `cm4` + FPU → `Cortex-M4F`; `lx6` → `Xtensa LX6`.
fn core_name(core: &CoreFile) -> String {
    let fpu = if core.fpu { "F" } else { "" };
    match core.name.strip_prefix("cm") {
        Some("0plus" | "0p") => "Cortex-M0+".to_owned(),
        Some(number) if number.chars().all(|c| c.is_ascii_digit()) && !number.is_empty() => {
            format!("Cortex-M{number}{fpu}")
        }
        _ if core.name.starts_with("lx") => format!("Xtensa {}", core.name.to_uppercase()),
        _ => core.name.to_uppercase(),
    }
}

/// Reads one chip description.
pub fn parse_chip(text: &str) -> Result<Chip, String> {
    let file: ChipFile = yaml_serde::from_str(text).map_err(|error| error.to_string())?;
    if file.part.trim().is_empty() {
        return Err("no part".into());
    }
    let total = |kind: &str| {
        file.memories
            .iter()
            .filter(|memory| memory.kind == kind)
            .map(|memory| memory.size)
            .sum()
    };
    let mut counts: HashMap<&'static str, usize> = HashMap::new();
    for name in file.peripherals.keys() {
        if let Some(class) = peripheral_class(&name.to_ascii_lowercase()) {
            *counts.entry(class).or_default() += 1;
        }
    }
    let package = file.package.as_ref();
    Ok(Chip {
        part: file.part.trim().to_owned(),
        vendor: file.vendor,
        family: file.family,
        orderable: package.and_then(|p| p.part.clone()),
        package: package.and_then(|p| p.kind.as_deref()).map(package_name),
        pins: package.and_then(|p| p.pins),
        cores: file.cores.iter().map(core_name).collect(),
        flash: total("flash"),
        ram: total("ram"),
        peripherals: CLASS_ORDER
            .iter()
            .filter_map(|class| counts.get(class).map(|count| (*class, *count)))
            .collect(),
    })
}

/// The package the way KiCad's footprints name it, so both sources give one facet value:
/// `LQFP64` → `LQFP-64`, `UFQFPN48` → `UFQFPN-48`; other spellings stay as written.
fn package_name(kind: &str) -> String {
    let kind = kind.trim();
    let letters = kind.trim_end_matches(|c: char| c.is_ascii_digit());
    let digits = &kind[letters.len()..];
    if !letters.is_empty() && !digits.is_empty() && letters.chars().all(|c| c.is_ascii_alphabetic())
    {
        format!("{letters}-{digits}")
    } else {
        kind.to_owned()
    }
}

/// `262144` → `256KB` (binary prefixes, the convention of MCU memory sizes).
fn size_text(bytes: u64) -> String {
    const KIB: u64 = 1024;
    if bytes >= KIB * KIB && bytes.is_multiple_of(KIB * KIB) {
        format!("{}MB", bytes / (KIB * KIB))
    } else if bytes.is_multiple_of(KIB) {
        format!("{}KB", bytes / KIB)
    } else {
        format!("{bytes}B")
    }
}

impl Chip {
    /// `3×UART, 4×SPI, USB`.
    pub fn peripheral_summary(&self) -> String {
        self.peripherals
            .iter()
            .map(|(class, count)| match count {
                1 => (*class).to_owned(),
                _ => format!("{count}×{class}"),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The flash and RAM sizes as data-size parameters labelled `Flash` and `RAM`.
    fn memory_parameters(&self) -> Vec<Parameter> {
        [(self.flash, "Flash"), (self.ram, "RAM")]
            .into_iter()
            .filter(|(bytes, _)| *bytes > 0)
            .map(|(bytes, label)| Parameter {
                dimension: units::Dimension::DataSize.as_str().to_owned(),
                min: None,
                typ: Some(bytes as f64),
                max: None,
                original: size_text(bytes),
                conditions: Some(label.into()),
            })
            .collect()
    }

    fn keywords(&self) -> Vec<String> {
        let mut words: Vec<String> = self.cores.clone();
        if self.cores.iter().any(|core| core.ends_with('F')) {
            words.push("FPU".into());
        }
        words.extend(
            self.peripherals
                .iter()
                .map(|(class, _)| (*class).to_owned()),
        );
        words
    }

    /// Adds what the description tells to the KiCad component of the same chip.
    pub fn enrich(&self, component: &mut NewComponent) {
        // KiCad's descriptions often state the sizes unlabelled (`256KB flash, 64KB RAM` parse as
        // two data sizes): label those that are the chip's, add those that are missing.
        for memory in self.memory_parameters() {
            let stated = component.parameters.iter_mut().find(|p| {
                p.dimension == memory.dimension
                    && p.typ
                        .zip(memory.typ)
                        .is_some_and(|(a, b)| units::approx_eq(a, b))
            });
            match stated {
                Some(parameter) => {
                    if parameter.conditions.is_none() {
                        parameter.conditions = memory.conditions;
                    }
                }
                None => component.parameters.push(memory),
            }
        }
        let mut keywords: Vec<String> = component
            .keywords
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        for word in self.keywords() {
            if !keywords.iter().any(|k| k.eq_ignore_ascii_case(&word)) {
                keywords.push(word);
            }
        }
        component.keywords = keywords.join(" ");
        let summary = self.peripheral_summary();
        if !summary.is_empty() {
            component.description = format!(
                "{} Peripherals (alloy-devices): {summary}.",
                component.description.trim_end()
            )
            .trim_start()
            .to_owned();
        }
    }

    /// The chip as a component of its own (KiCad has no symbol for it).
    pub fn component(&self, matcher: &CategoryMatcher) -> NewComponent {
        let category = matcher.classify_alloy(&format!("{}/{}", self.vendor, self.family));
        let mut facts = Vec::new();
        if !self.cores.is_empty() {
            facts.push(format!("{} MCU", self.cores.join(" + ")));
        }
        if self.flash > 0 {
            facts.push(format!("{} flash", size_text(self.flash)));
        }
        if self.ram > 0 {
            facts.push(format!("{} RAM", size_text(self.ram)));
        }
        let summary = self.peripheral_summary();
        if !summary.is_empty() {
            facts.push(summary);
        }
        if let Some(package) = &self.package {
            facts.push(package.clone());
        }
        NewComponent {
            source: SOURCE.into(),
            source_id: format!("{}/{}", self.vendor, self.part),
            part_number: self.part.clone(),
            name: self.part.clone(),
            manufacturer: manufacturer::from_vendor(&self.vendor),
            category_code: category.as_ref().map(|c| c.code.clone()),
            category_method: category.map(|c| c.method),
            description: facts.join(", "),
            keywords: self.keywords().join(" "),
            datasheet: None,
            symbol_ref: None,
            footprint_ref: None,
            footprint_filters: Vec::new(),
            reference_prefix: Some("U".into()),
            value: None,
            pin_count: self.pins.map_or(0, |pins| i32::try_from(pins).unwrap_or(0)),
            unit_count: 1,
            package: self.package.clone(),
            lifecycle: None,
            license: LICENSE.into(),
            parameters: self.memory_parameters(),
            files: Vec::new(),
        }
    }
}

/// Finds the chip a KiCad symbol name is, in one of its orderable versions: the described
/// package's name (`STM32F401CCUx`), or the part followed by at most [`ORDERING_SUFFIX`] letters
/// or digits (`STM32F401CC` + `Fx`).
pub struct ChipFinder {
    by_name: HashMap<String, usize>,
}

impl ChipFinder {
    pub fn new(chips: &[Chip]) -> Self {
        let mut by_name = HashMap::new();
        for (index, chip) in chips.iter().enumerate() {
            by_name
                .entry(chip.part.to_ascii_uppercase())
                .or_insert(index);
        }
        for (index, chip) in chips.iter().enumerate() {
            if let Some(orderable) = &chip.orderable {
                by_name.insert(orderable.to_ascii_uppercase(), index);
            }
        }
        Self { by_name }
    }

    /// The index of the chip `part_number` names.
    pub fn find(&self, part_number: &str) -> Option<usize> {
        if self.by_name.is_empty() || !part_number.is_ascii() {
            return None;
        }
        let name = part_number.to_ascii_uppercase();
        if let Some(index) = self.by_name.get(&name) {
            return Some(*index);
        }
        (1..=ORDERING_SUFFIX.min(name.len())).find_map(|cut| {
            let (part, suffix) = name.split_at(name.len() - cut);
            suffix
                .chars()
                .all(|c| c.is_ascii_alphanumeric())
                .then(|| self.by_name.get(part).copied())
                .flatten()
        })
    }
}

/// The chips of a `<vendor>/<part>.yaml` tree, and the files that could not be read. A chip is
/// described once: alloy-devices also ships family files (`st/stm32f767.yaml`) that name one of
/// the family's parts (`STM32F767ZI`), which the part's own file describes in full; the file
/// named after the part is kept and the other is rejected, so one import never emits the same
/// `alloy-devices:<vendor>/<part>` twice.
pub fn read_dir(dir: &Path) -> (Vec<Chip>, Vec<String>) {
    let (read, mut rejected) = read_files(dir);
    let mut chips: Vec<(String, Chip)> = Vec::with_capacity(read.len());
    let mut by_key: HashMap<(String, String), usize> = HashMap::new();
    for (name, chip) in read {
        let key = (chip.vendor.clone(), chip.part.to_ascii_uppercase());
        match by_key.get(&key) {
            None => {
                by_key.insert(key, chips.len());
                chips.push((name, chip));
            }
            Some(&index) => {
                // The part's own file wins over a family file, else the first read (sorted).
                let mut dropped = (name, chip);
                if names_part(&dropped.0, &dropped.1)
                    && !names_part(&chips[index].0, &chips[index].1)
                {
                    std::mem::swap(&mut chips[index], &mut dropped);
                }
                rejected.push(format!(
                    "alloy-devices/{}: describes {}/{} again; {} is kept",
                    dropped.0, dropped.1.vendor, dropped.1.part, chips[index].0
                ));
            }
        }
    }
    (chips.into_iter().map(|(_, chip)| chip).collect(), rejected)
}

/// Whether the file `name` (`st/stm32f767zi.yaml`) is named after the chip's part.
fn names_part(name: &str, chip: &Chip) -> bool {
    Path::new(name)
        .file_stem()
        .is_some_and(|stem| stem.to_string_lossy().eq_ignore_ascii_case(&chip.part))
}

/// Every chip file of the tree with its name relative to `dir`, and the unreadable ones.
fn read_files(dir: &Path) -> (Vec<(String, Chip)>, Vec<String>) {
    let mut chips = Vec::new();
    let mut rejected = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.is_dir())
        .flat_map(|vendor| super::files_with(&vendor, "yaml").unwrap_or_default())
        .collect();
    files.sort();
    for path in files {
        let name = path
            .strip_prefix(dir)
            .unwrap_or(&path)
            .to_string_lossy()
            .into_owned();
        match std::fs::read_to_string(&path)
            .map_err(|error| error.to_string())
            .and_then(|text| parse_chip(&text))
        {
            Ok(chip) => chips.push((name, chip)),
            Err(reason) => rejected.push(format!("alloy-devices/{name}: {reason}")),
        }
    }
    (chips, rejected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_described_by_a_family_file_too_is_read_once_from_its_own_file() -> anyhow::Result<()>
    {
        let dir = tempfile::tempdir()?;
        let st = dir.path().join("st");
        std::fs::create_dir(&st)?;
        let family = STM32F401CC.replace("family: stm32f4", "family: stm32f4-family-file");
        std::fs::write(st.join("stm32f401.yaml"), family)?;
        std::fs::write(st.join("stm32f401cc.yaml"), STM32F401CC)?;
        let (chips, rejected) = read_dir(dir.path());
        assert_eq!(chips.len(), 1, "{rejected:?}");
        assert_eq!(chips[0].family, "stm32f4", "the part's own file is kept");
        assert_eq!(
            rejected,
            vec!["alloy-devices/st/stm32f401.yaml: describes st/STM32F401CC again; st/stm32f401cc.yaml is kept".to_owned()]
        );
        Ok(())
    }

    // Trimmed from alloy-devices 0.3.0 `chips/st/stm32f401cc.yaml`.
    const STM32F401CC: &str = r#"schema: alloy.chip.v1
vendor: st
family: stm32f4
part: STM32F401CC
cores:
- name: cm4
  arch: armv7em
  fpu: true
memories:
- name: flash
  kind: flash
  base: '0x08000000'
  size: 262144
- name: sram
  kind: ram
  base: '0x20000000'
  size: 65536
peripherals:
  adc1: {}
  adc1_common: {}
  gpioa: {}
  i2c1: {}
  i2c2: {}
  spi1: {}
  spi2: {}
  tim1: {}
  tim2: {}
  usart1: {}
  usart2: {}
  usart6: {}
  usb_otg_fs: {}
package:
  type: UFQFPN48
  pins: 48
  part: STM32F401CCUx
"#;

    fn matcher() -> CategoryMatcher {
        CategoryMatcher::new(&crate::LIBRARY.parse_taxonomy().expect("taxonomy"))
    }

    #[test]
    fn reads_cores_memories_peripherals_and_package() {
        let chip = parse_chip(STM32F401CC).unwrap();
        assert_eq!(chip.part, "STM32F401CC");
        assert_eq!(chip.cores, ["Cortex-M4F"]);
        assert_eq!((chip.flash, chip.ram), (262_144, 65_536));
        assert_eq!(
            chip.peripheral_summary(),
            "3×UART, 2×SPI, 2×I2C, USB, ADC, 2×Timer"
        );
        assert_eq!(chip.package.as_deref(), Some("UFQFPN-48"));
        for (written, named) in [
            ("LQFP64", "LQFP-64"),
            ("WLCSP81", "WLCSP-81"),
            ("TFBGA216", "TFBGA-216"),
            ("LQFP-64", "LQFP-64"),
            ("SOT23-5", "SOT23-5"),
            ("QFN", "QFN"),
        ] {
            assert_eq!(package_name(written), named, "{written}");
        }
        assert_eq!(chip.pins, Some(48));
    }

    #[test]
    fn bad_descriptions_are_errors() {
        assert!(parse_chip("vendor: st\nfamily: x\n").is_err(), "no part");
        assert!(parse_chip("part: [").is_err(), "not YAML");
        assert!(parse_chip("vendor: st\nfamily: x\npart: ' '\n").is_err());
    }

    #[test]
    fn finds_a_chip_by_its_orderable_versions_only() {
        let chip = parse_chip(STM32F401CC).unwrap();
        let mut other = chip.clone();
        other.part = "STM32F401C".into();
        other.orderable = Some("STM32F401C-DISCO".into());
        let finder = ChipFinder::new(&[chip, other]);
        assert_eq!(finder.find("STM32F401CCUx"), Some(0));
        assert_eq!(finder.find("STM32F401CCFx"), Some(0));
        assert_eq!(finder.find("stm32f401cc"), Some(0));
        assert_eq!(
            finder.find("STM32F401C-DISCO"),
            Some(1),
            "the described package's name"
        );
        assert_eq!(finder.find("STM32F401CCU6TR"), None, "too long a suffix");
        assert_eq!(finder.find("STM32F401CB"), Some(1), "STM32F401C + B");
        assert_eq!(finder.find("STM32F40"), None);
        assert_eq!(finder.find("电阻"), None);
    }

    #[test]
    fn enriches_the_kicad_symbol_and_stands_alone_otherwise() {
        let chip = parse_chip(STM32F401CC).unwrap();
        let mut component = chip.component(&matcher());
        assert_eq!(component.source_id, "st/STM32F401CC");
        assert_eq!(
            component.manufacturer.as_ref().map(|m| m.name.as_str()),
            Some("STMicroelectronics")
        );
        assert!(component.category_code.is_some(), "the alloyDevices hint");
        assert_eq!(
            component.description,
            "Cortex-M4F MCU, 256KB flash, 64KB RAM, 3×UART, 2×SPI, 2×I2C, USB, ADC, 2×Timer, UFQFPN-48"
        );
        assert_eq!(component.parameters[0].original, "256KB");
        assert_eq!(component.parameters[0].conditions.as_deref(), Some("Flash"));

        component.source = "kicad".into();
        component.keywords = "ARM Cortex-M4 STM32F4".into();
        component.description = "STMicroelectronics Arm Cortex-M4 MCU, 256KB flash".into();
        component.parameters.truncate(1);
        component.parameters[0].conditions = None;
        chip.enrich(&mut component);
        assert_eq!(
            component.keywords,
            "ARM Cortex-M4 STM32F4 Cortex-M4F FPU UART SPI I2C USB ADC Timer"
        );
        assert!(component
            .description
            .ends_with("Peripherals (alloy-devices): 3×UART, 2×SPI, 2×I2C, USB, ADC, 2×Timer."));
        let labels: Vec<(&str, Option<&str>)> = component
            .parameters
            .iter()
            .map(|p| (p.original.as_str(), p.conditions.as_deref()))
            .collect();
        assert_eq!(
            labels,
            [("256KB", Some("Flash")), ("64KB", Some("RAM"))],
            "labelled, then added"
        );
    }
}
