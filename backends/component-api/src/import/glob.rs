//! Shell-style globs (`*`, `?`, `[...]`, `[!...]`), case-sensitive, as Python's
//! `fnmatch.fnmatchcase` reads them: the rule docs/taxonomy.md gives for `match` hints.

pub fn glob_match(pattern: &str, text: &str) -> bool {
    let pattern: Vec<char> = pattern.chars().collect();
    let text: Vec<char> = text.chars().collect();
    match_from(&pattern, &text)
}

fn match_from(pattern: &[char], text: &[char]) -> bool {
    match pattern.first() {
        None => text.is_empty(),
        Some('*') => (0..=text.len()).any(|skip| match_from(&pattern[1..], &text[skip..])),
        Some('?') => !text.is_empty() && match_from(&pattern[1..], &text[1..]),
        Some('[') => match (class_end(pattern), text.first()) {
            (Some(end), Some(c)) => {
                class_matches(&pattern[1..end], *c) && match_from(&pattern[end + 1..], &text[1..])
            }
            // An unclosed `[` is a literal, as in fnmatch.
            (None, Some('[')) => match_from(&pattern[1..], &text[1..]),
            _ => false,
        },
        Some(literal) => text.first() == Some(literal) && match_from(&pattern[1..], &text[1..]),
    }
}

/// Index of the `]` closing the class that starts at `pattern[0]`.
fn class_end(pattern: &[char]) -> Option<usize> {
    let mut index = 1;
    if pattern.get(index) == Some(&'!') {
        index += 1;
    }
    if pattern.get(index) == Some(&']') {
        index += 1;
    }
    pattern[index..]
        .iter()
        .position(|c| *c == ']')
        .map(|offset| index + offset)
}

fn class_matches(class: &[char], c: char) -> bool {
    let (negated, class) = match class.first() {
        Some('!') => (true, &class[1..]),
        _ => (false, class),
    };
    let mut hit = false;
    let mut index = 0;
    while index < class.len() {
        if index + 2 < class.len() && class[index + 1] == '-' {
            hit |= class[index] <= c && c <= class[index + 2];
            index += 3;
        } else {
            hit |= class[index] == c;
            index += 1;
        }
    }
    hit != negated
}

#[cfg(test)]
mod tests {
    use super::glob_match;

    #[test]
    fn globs_match_like_fnmatchcase() {
        assert!(glob_match("Device:R_Shunt*", "Device:R_Shunt_US"));
        assert!(glob_match("Device:R_Shunt*", "Device:R_Shunt"));
        assert!(!glob_match("Device:R_Shunt*", "Device:R_Small"));
        assert!(glob_match("Device:D_[AK][AK][AK]", "Device:D_AKA"));
        assert!(!glob_match("Device:D_[AK][AK][AK]", "Device:D_AKB"));
        assert!(glob_match("Device:Q_?MOS_GSD", "Device:Q_NMOS_GSD"));
        assert!(glob_match("a[!b]c", "axc"));
        assert!(!glob_match("a[!b]c", "abc"));
        assert!(!glob_match("device:r", "Device:R"), "case-sensitive");
        assert!(glob_match("Isolator:π*", "Isolator:π120U31"));
    }
}
