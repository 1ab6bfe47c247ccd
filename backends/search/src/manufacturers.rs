//! Manufacturer glossary: the names Chinese engineers use for the vendors (德州仪器, 意法半导体,
//! 亚德诺 …) and their usual abbreviations (TI, ST, ADI). Project-authored, like the synonyms.
//!
//! A keyword equal (case-insensitively, spaces ignored) to a glossary name or alias matches the
//! items whose manufacturer name starts with one of the entry's catalogue names
//! (`Analog Devices` also covers `Analog Devices (Maxim Integrated)`); the manufacturer page
//! reads a Chinese name the same way ([`glossary_manufacturer`]).

/// One vendor: the names the catalogue writes (the importer's spellings, first the usual one),
/// its Chinese name and the aliases users type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GlossaryManufacturer {
    /// Catalogue names, the first the one shown; matched as prefixes of the item's manufacturer.
    pub names: &'static [&'static str],
    /// The Chinese name shown beside the English one.
    pub name_zh: &'static str,
    /// Abbreviations and other names (Chinese and English).
    pub aliases: &'static [&'static str],
}

const fn entry(
    names: &'static [&'static str],
    name_zh: &'static str,
    aliases: &'static [&'static str],
) -> GlossaryManufacturer {
    GlossaryManufacturer {
        names,
        name_zh,
        aliases,
    }
}

/// The glossary. Extend it as users report misses.
pub const MANUFACTURERS: &[GlossaryManufacturer] = &[
    entry(&["Texas Instruments"], "德州仪器", &["TI", "德仪", "德州"]),
    entry(
        &["STMicroelectronics"],
        "意法半导体",
        &["ST", "意法", "STMicro"],
    ),
    entry(
        &["Analog Devices"],
        "亚德诺半导体",
        &["ADI", "亚德诺", "美国模拟器件", "模拟器件"],
    ),
    entry(
        &["NXP Semiconductors", "NXP"],
        "恩智浦",
        &["NXP", "恩智浦半导体"],
    ),
    entry(
        &["Microchip Technology", "Microchip"],
        "微芯",
        &["Microchip", "微芯科技", "微芯半导体"],
    ),
    entry(
        &["Infineon Technologies", "Infineon"],
        "英飞凌",
        &["Infineon", "英飞凌科技"],
    ),
    entry(
        &["Renesas Electronics", "Renesas"],
        "瑞萨",
        &["Renesas", "瑞萨电子"],
    ),
    entry(
        &["onsemi", "ON Semiconductor"],
        "安森美",
        &["ON Semi", "安森美半导体"],
    ),
    entry(&["Vishay"], "威世", &["威世科技"]),
    entry(&["Murata"], "村田", &["村田制作所", "Murata Manufacturing"]),
    entry(&["TDK"], "东电化", &["TDK株式会社"]),
    entry(
        &["Samsung Electro-Mechanics", "Samsung"],
        "三星",
        &["Samsung", "三星电机", "SEMCO"],
    ),
    entry(&["Yageo"], "国巨", &["国巨电子"]),
    entry(
        &["Espressif Systems", "Espressif"],
        "乐鑫",
        &["Espressif", "乐鑫科技", "乐鑫信息科技"],
    ),
    entry(&["GigaDevice"], "兆易创新", &["兆易", "GD"]),
    entry(&["Nexperia"], "安世半导体", &["安世"]),
    entry(
        &["ROHM Semiconductor", "ROHM"],
        "罗姆",
        &["ROHM", "罗姆半导体"],
    ),
    entry(&["Toshiba"], "东芝", &["东芝半导体"]),
    entry(&["Panasonic"], "松下", &["松下电器"]),
    entry(&["KEMET"], "基美", &[]),
    entry(&["Bourns"], "伯恩斯", &[]),
    entry(&["Diodes Incorporated"], "美台", &["Diodes", "达尔科技"]),
    entry(
        &["Silicon Labs"],
        "芯科科技",
        &["SiLabs", "Silicon Laboratories"],
    ),
    entry(&["Nordic Semiconductor"], "北欧半导体", &["Nordic"]),
    entry(&["Raspberry Pi"], "树莓派", &[]),
    entry(&["Winbond"], "华邦", &["华邦电子"]),
    entry(&["Macronix"], "旺宏", &["旺宏电子"]),
    entry(&["WCH"], "沁恒", &["南京沁恒", "沁恒微电子"]),
    entry(&["SG Micro"], "圣邦微", &["圣邦", "圣邦微电子", "SGMICRO"]),
    entry(&["3PEAK"], "思瑞浦", &[]),
    entry(&["Richtek"], "立锜", &["立锜科技"]),
    entry(&["Holtek"], "盛群", &["盛群半导体"]),
    entry(&["Broadcom"], "博通", &[]),
    entry(&["Littelfuse"], "力特", &[]),
    entry(
        &["Würth Elektronik"],
        "伍尔特",
        &["Wurth", "Würth", "伍尔特电子"],
    ),
    entry(&["Monolithic Power Systems"], "芯源系统", &["MPS"]),
    entry(&["Everlight"], "亿光", &["亿光电子"]),
    entry(&["Kingbright"], "今台", &[]),
    entry(&["ams OSRAM"], "艾迈斯欧司朗", &["OSRAM", "欧司朗"]),
    entry(&["Bosch Sensortec"], "博世", &["Bosch"]),
    entry(&["Allegro MicroSystems"], "埃戈罗", &["Allegro"]),
    entry(&["Taiwan Semiconductor"], "台湾半导体", &["TSC"]),
    entry(&["Lattice Semiconductor"], "莱迪思", &["Lattice"]),
    entry(&["FTDI"], "飞特蒂亚", &[]),
    entry(&["Sensirion"], "盛思锐", &[]),
];

fn normalised(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The glossary entry a whole keyword names (an English name, the Chinese name or an alias).
pub fn glossary_manufacturer(keyword: &str) -> Option<&'static GlossaryManufacturer> {
    let key = normalised(keyword);
    if key.is_empty() {
        return None;
    }
    MANUFACTURERS.iter().find(|entry| {
        entry
            .names
            .iter()
            .chain(std::iter::once(&entry.name_zh))
            .chain(entry.aliases)
            .any(|name| normalised(name) == key)
    })
}

/// The Chinese name of a catalogue manufacturer name (`Analog Devices (Maxim Integrated)` →
/// 亚德诺半导体), for showing beside it.
pub fn manufacturer_name_zh(name: &str) -> Option<&'static str> {
    let name = name.trim().to_lowercase();
    MANUFACTURERS
        .iter()
        .find(|entry| {
            entry
                .names
                .iter()
                .any(|known| name.starts_with(&known.to_lowercase()))
        })
        .map(|entry| entry.name_zh)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_names_and_aliases_find_the_vendor() {
        for (keyword, name) in [
            ("德州仪器", "Texas Instruments"),
            ("ti", "Texas Instruments"),
            ("意法", "STMicroelectronics"),
            ("意法半导体", "STMicroelectronics"),
            ("亚德诺", "Analog Devices"),
            ("亚德诺半导体", "Analog Devices"),
            ("ADI", "Analog Devices"),
            ("恩智浦", "NXP Semiconductors"),
            ("微芯", "Microchip Technology"),
            ("英飞凌", "Infineon Technologies"),
            ("瑞萨", "Renesas Electronics"),
            ("安森美", "onsemi"),
            ("威世", "Vishay"),
            ("村田", "Murata"),
            ("tdk", "TDK"),
            ("三星", "Samsung Electro-Mechanics"),
            ("国巨", "Yageo"),
            ("乐鑫", "Espressif Systems"),
            ("兆易创新", "GigaDevice"),
            ("texas instruments", "Texas Instruments"),
            ("Texas  Instruments", "Texas Instruments"),
        ] {
            let entry = glossary_manufacturer(keyword).unwrap_or_else(|| panic!("{keyword}"));
            assert_eq!(entry.names[0], name, "{keyword}");
        }
        assert!(glossary_manufacturer("电容").is_none());
        assert!(glossary_manufacturer(" ").is_none());
    }

    #[test]
    fn every_name_and_alias_is_unique() {
        let mut seen = std::collections::HashSet::new();
        for entry in MANUFACTURERS {
            let mut own = std::collections::HashSet::new();
            for name in entry
                .names
                .iter()
                .chain([&entry.name_zh])
                .chain(entry.aliases)
            {
                if own.insert(normalised(name)) {
                    assert!(seen.insert(normalised(name)), "{name} is listed twice");
                }
            }
        }
    }

    #[test]
    fn catalogue_variants_get_the_chinese_name() {
        assert_eq!(
            manufacturer_name_zh("Analog Devices (Maxim Integrated)"),
            Some("亚德诺半导体")
        );
        assert_eq!(manufacturer_name_zh("Texas Instruments"), Some("德州仪器"));
        assert_eq!(manufacturer_name_zh("Efinix"), None);
    }
}
