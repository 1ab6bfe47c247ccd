//! Input normalisation and a character cursor shared by the parsers.

use crate::ParseError;

/// Longest input accepted, in characters. Parameter strings are short; the cap keeps the cost of
/// any single call bounded whatever a client sends.
pub const MAX_INPUT_CHARS: usize = 512;

/// Maps the spellings that mean the same thing onto one: full-width forms typed with Chinese input
/// methods (`１０ｋΩ`, `～`, `，`), the various dashes and minus signs, and `+/-` for `±`.
/// One input character stays one output character, except `+/-` and `+-`.
pub(crate) fn normalize(text: &str) -> Result<Vec<char>, ParseError> {
    if text.chars().count() > MAX_INPUT_CHARS {
        return Err(ParseError::TooLong {
            max: MAX_INPUT_CHARS,
        });
    }
    let mut chars: Vec<char> = Vec::with_capacity(text.len());
    let mut source = text.chars().peekable();
    while let Some(c) = source.next() {
        let mapped = match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' | '\t' | '\n' | '\r' | '\u{A0}' => ' ',
            '\u{2212}' | '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' => '-',
            '\u{301C}' => '~',
            '\u{3001}' => ',',
            '\u{22C5}' => '·',
            '+' if source.peek() == Some(&'/') => {
                let mut lookahead = source.clone();
                lookahead.next();
                if lookahead.peek() == Some(&'-') {
                    source.next();
                    source.next();
                    '±'
                } else {
                    '+'
                }
            }
            '+' if source.peek() == Some(&'-') => {
                source.next();
                '±'
            }
            other => other,
        };
        chars.push(mapped);
    }
    Ok(chars)
}

/// Characters that can appear inside a unit word.
pub(crate) fn is_unit_char(c: char) -> bool {
    c.is_ascii_alphabetic()
        || matches!(
            c,
            'Ω' | '\u{2126}'
                | 'µ'
                | 'μ'
                | '°'
                | 'º'
                | '℃'
                | '℉'
                | '%'
                | '‰'
                | '²'
                | '³'
                | '"'
                | '·'
        )
}

pub(crate) struct Cursor<'a> {
    pub chars: &'a [char],
    pub pos: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(chars: &'a [char]) -> Self {
        Cursor { chars, pos: 0 }
    }

    pub fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    pub fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.pos + offset).copied()
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    pub fn bump(&mut self) -> Option<char> {
        let c = self.peek();
        if c.is_some() {
            self.pos += 1;
        }
        c
    }

    pub fn skip_spaces(&mut self) {
        while self.peek() == Some(' ') {
            self.pos += 1;
        }
    }

    pub fn next_is_digit(&self, offset: usize) -> bool {
        self.peek_at(offset).is_some_and(|c| c.is_ascii_digit())
    }

    /// Consumes a run of ASCII digits and returns them.
    pub fn digits(&mut self) -> String {
        let mut digits = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            digits.push(c);
            self.pos += 1;
        }
        digits
    }

    /// Consumes `digits[.digits]` (no sign, no exponent) and returns it as written.
    pub fn decimal(&mut self) -> String {
        let mut text = self.digits();
        if self.peek() == Some('.') && self.next_is_digit(1) {
            self.pos += 1;
            text.push('.');
            text.push_str(&self.digits());
        }
        text
    }

    pub fn text(&self, start: usize, end: usize) -> String {
        self.chars[start.min(self.chars.len())..end.min(self.chars.len())]
            .iter()
            .collect::<String>()
            .trim()
            .to_string()
    }

    /// The rest of the input from the cursor, for error messages (at most 16 characters).
    pub fn rest_excerpt(&self) -> String {
        self.chars[self.pos.min(self.chars.len())..]
            .iter()
            .take(16)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normalized(text: &str) -> String {
        normalize(text)
            .map(|chars| chars.into_iter().collect())
            .unwrap_or_default()
    }

    #[test]
    fn full_width_and_dashes_become_ascii() {
        assert_eq!(normalized("１０ｋΩ～２０ｋΩ"), "10kΩ~20kΩ");
        assert_eq!(normalized("−40–85"), "-40-85");
        assert_eq!(normalized("5V +/- 5%"), "5V ± 5%");
        assert_eq!(normalized("+-1%"), "±1%");
        assert_eq!(normalized("+5V"), "+5V");
    }

    #[test]
    fn overlong_input_is_refused() {
        let text = "1".repeat(MAX_INPUT_CHARS + 1);
        assert_eq!(
            normalize(&text),
            Err(ParseError::TooLong {
                max: MAX_INPUT_CHARS
            })
        );
    }
}
