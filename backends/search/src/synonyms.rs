//! Engineering vocabulary: words jieba must keep whole, and query-side synonyms (a user types
//! 运放, the catalogue says 运算放大器). Project-authored; extend as users report misses.

/// Words added to the jieba dictionary so that they are one token on both sides.
pub const DOMAIN_WORDS: &[&str] = &[
    "运放",
    "运算放大器",
    "仪表放大器",
    "贴片电容",
    "贴片电阻",
    "贴片电感",
    "钽电容",
    "电解电容",
    "铝电解电容",
    "瓷片电容",
    "单片机",
    "微控制器",
    "场效应管",
    "三极管",
    "二极管",
    "稳压管",
    "稳压器",
    "肖特基",
    "晶振",
    "磁珠",
    "排阻",
    "光耦",
    "继电器",
    "连接器",
    "比较器",
    "定时器",
    "存储器",
    "收发器",
];

/// Groups of interchangeable terms. A query token equal (case-insensitively) to one member also
/// matches documents that contain any other member.
pub const SYNONYM_GROUPS: &[&[&str]] = &[
    &[
        "运放",
        "运算放大器",
        "op amp",
        "opamp",
        "operational amplifier",
    ],
    &["单片机", "微控制器", "mcu", "microcontroller"],
    &["mos管", "mosfet", "场效应管"],
    &["三极管", "bjt", "晶体管"],
    &["ldo", "低压差线性稳压器", "low dropout regulator"],
    &["稳压器", "regulator"],
    &["电解电容", "铝电解电容", "electrolytic capacitor"],
    &["钽电容", "tantalum capacitor"],
    &["贴片电容", "mlcc", "ceramic capacitor"],
    &["晶振", "crystal"],
    &["eeprom", "存储器"],
    &["定时器", "timer"],
    &["比较器", "comparator"],
    &["串口", "uart", "rs232"],
];

/// The other members of the groups `token` belongs to (lower-case comparison).
pub fn synonyms_of(token: &str) -> Vec<&'static str> {
    let token = token.to_lowercase();
    SYNONYM_GROUPS
        .iter()
        .filter(|group| group.iter().any(|member| *member == token))
        .flat_map(|group| group.iter().copied().filter(|member| *member != token))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_symmetric_and_case_insensitive() {
        assert!(synonyms_of("运放").contains(&"运算放大器"));
        assert!(synonyms_of("运算放大器").contains(&"运放"));
        assert!(synonyms_of("MCU").contains(&"单片机"));
        assert!(synonyms_of("电阻").is_empty());
    }

    #[test]
    fn members_are_lower_case() {
        for group in SYNONYM_GROUPS {
            for member in *group {
                assert_eq!(member.to_lowercase(), *member);
            }
        }
    }
}
