//! A small S-expression reader for KiCad files.
//!
//! Hand-written because KiCad's dialect is not Lisp's: tokens such as `F.Cu`, `*.Cu`, `${KICAD6_3DMODEL_DIR}`,
//! `0402` (a name, not the number 402) and unquoted pad numbers must stay text exactly as written,
//! which general S-expression crates (lexpr, sexp) either reject or turn into numbers or symbols.
//! The reader borrows atoms from the input and only allocates for strings with escapes; it uses
//! an explicit stack, so deeply nested input cannot overflow the call stack.

use std::borrow::Cow;

use crate::KicadError;

/// One node: a list, a bare token, or a quoted string.
#[derive(Debug, Clone, PartialEq)]
pub enum Sexpr<'a> {
    List(Vec<Sexpr<'a>>),
    Atom(&'a str),
    Str(Cow<'a, str>),
}

/// Deepest nesting accepted; KiCad files stay below 20.
const MAX_DEPTH: usize = 256;

/// Parses a whole document: exactly one top-level list, surrounded by whitespace only.
pub fn parse(text: &str) -> Result<Sexpr<'_>, KicadError> {
    let bytes = text.as_bytes();
    let mut stack: Vec<Vec<Sexpr<'_>>> = Vec::new();
    let mut root: Option<Sexpr<'_>> = None;
    let mut index = 0;
    let line_at = |index: usize| {
        bytes[..index.min(bytes.len())]
            .iter()
            .filter(|b| **b == b'\n')
            .count()
            + 1
    };
    while index < bytes.len() {
        let byte = bytes[index];
        match byte {
            b' ' | b'\t' | b'\r' | b'\n' => index += 1,
            b'(' => {
                if root.is_some() {
                    return Err(KicadError::Syntax {
                        line: line_at(index),
                        message: "content after the end of the document".into(),
                    });
                }
                if stack.len() >= MAX_DEPTH {
                    return Err(KicadError::Syntax {
                        line: line_at(index),
                        message: format!("nesting deeper than {MAX_DEPTH}"),
                    });
                }
                stack.push(Vec::new());
                index += 1;
            }
            b')' => {
                let finished = stack.pop().ok_or_else(|| KicadError::Syntax {
                    line: line_at(index),
                    message: "unbalanced `)`".into(),
                })?;
                let node = Sexpr::List(finished);
                match stack.last_mut() {
                    Some(parent) => parent.push(node),
                    None => root = Some(node),
                }
                index += 1;
            }
            b'"' => {
                let start = index + 1;
                let mut end = start;
                let mut has_escape = false;
                while end < bytes.len() && bytes[end] != b'"' {
                    if bytes[end] == b'\\' {
                        has_escape = true;
                        end += 1;
                    }
                    end += 1;
                }
                if end >= bytes.len() {
                    return Err(KicadError::Syntax {
                        line: line_at(index),
                        message: "unterminated string".into(),
                    });
                }
                let raw = &text[start..end];
                let value = if has_escape {
                    Cow::Owned(unescape(raw))
                } else {
                    Cow::Borrowed(raw)
                };
                push_atom(&mut stack, Sexpr::Str(value)).map_err(|message| KicadError::Syntax {
                    line: line_at(index),
                    message,
                })?;
                index = end + 1;
            }
            _ => {
                let start = index;
                while index < bytes.len()
                    && !matches!(
                        bytes[index],
                        b' ' | b'\t' | b'\r' | b'\n' | b'(' | b')' | b'"'
                    )
                {
                    index += 1;
                }
                push_atom(&mut stack, Sexpr::Atom(&text[start..index])).map_err(|message| {
                    KicadError::Syntax {
                        line: line_at(start),
                        message,
                    }
                })?;
            }
        }
    }
    if !stack.is_empty() {
        return Err(KicadError::Syntax {
            line: line_at(bytes.len()),
            message: format!("{} unclosed `(`", stack.len()),
        });
    }
    root.ok_or_else(|| KicadError::Syntax {
        line: 1,
        message: "empty document".into(),
    })
}

/// Adds a token to the innermost open list; the line number is only computed on error, since
/// counting lines for every token would make reading quadratic.
fn push_atom<'a>(stack: &mut [Vec<Sexpr<'a>>], node: Sexpr<'a>) -> Result<(), String> {
    match stack.last_mut() {
        Some(parent) => {
            parent.push(node);
            Ok(())
        }
        None => Err("a token outside any list".into()),
    }
}

/// KiCad writes `\"`, `\\`, `\n`, `\t` inside strings.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

impl<'a> Sexpr<'a> {
    /// The items of a list; empty for tokens.
    pub fn items(&self) -> &[Sexpr<'a>] {
        match self {
            Sexpr::List(items) => items,
            _ => &[],
        }
    }

    /// Text of a token or string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Sexpr::Atom(text) => Some(text),
            Sexpr::Str(text) => Some(text),
            Sexpr::List(_) => None,
        }
    }

    /// The first item of a list when it is a token: `pad` in `(pad "1" smd rect …)`.
    pub fn head(&self) -> Option<&str> {
        match self.items().first() {
            Some(Sexpr::Atom(text)) => Some(text),
            _ => None,
        }
    }

    /// The `index`-th argument (after the head) as text.
    pub fn arg(&self, index: usize) -> Option<&str> {
        self.items().get(index + 1).and_then(Sexpr::as_str)
    }

    /// The `index`-th argument as a number.
    pub fn number(&self, index: usize) -> Option<f64> {
        self.arg(index)
            .and_then(|text| text.parse::<f64>().ok())
            .filter(|value| value.is_finite())
    }

    /// Child lists with this head.
    pub fn children<'s>(&'s self, name: &'s str) -> impl Iterator<Item = &'s Sexpr<'a>> + 's {
        self.items()
            .iter()
            .filter(move |item| item.head() == Some(name))
    }

    /// The first child list with this head.
    pub fn child(&self, name: &str) -> Option<&Sexpr<'a>> {
        self.items().iter().find(|item| item.head() == Some(name))
    }

    /// The first argument of the first child with this head: `(layer "F.Cu")` → `F.Cu`.
    pub fn child_str(&self, name: &str) -> Option<&str> {
        self.child(name).and_then(|child| child.arg(0))
    }

    /// The first argument of a child as a number: `(length 2.54)` → 2.54.
    pub fn child_number(&self, name: &str) -> Option<f64> {
        self.child(name).and_then(|child| child.number(0))
    }

    /// A flag written either as a bare token (`hide`, KiCad ≤ 7) or as a child (`(hide yes)`,
    /// KiCad 8+).
    pub fn flag(&self, name: &str) -> bool {
        self.items().iter().skip(1).any(|item| match item {
            Sexpr::Atom(text) => *text == name,
            Sexpr::List(_) if item.head() == Some(name) => {
                !matches!(item.arg(0), Some("no" | "false"))
            }
            _ => false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_kicad_tokens_as_written() {
        let document =
            parse(r#"(pad 1 smd rect (at -0.8 0) (layers F.Cu "F.Paste" *.Mask) (name "0402"))"#)
                .unwrap();
        assert_eq!(document.head(), Some("pad"));
        assert_eq!(document.arg(0), Some("1"));
        assert_eq!(document.child("at").and_then(|at| at.number(0)), Some(-0.8));
        let layers: Vec<_> = document.child("layers").unwrap().items()[1..]
            .iter()
            .filter_map(Sexpr::as_str)
            .collect();
        assert_eq!(layers, vec!["F.Cu", "F.Paste", "*.Mask"]);
        assert_eq!(document.child_str("name"), Some("0402"));
    }

    #[test]
    fn strings_keep_spaces_parens_and_escapes() {
        let document = parse(r#"(descr "SOIC, 8 Pin (JEDEC \"MS-012\"), \\ end")"#).unwrap();
        assert_eq!(
            document.arg(0),
            Some(r#"SOIC, 8 Pin (JEDEC "MS-012"), \ end"#)
        );
    }

    #[test]
    fn flags_in_both_generations() {
        let old = parse("(effects (font (size 1.27 1.27)) hide)").unwrap();
        let new = parse("(effects (font (size 1.27 1.27)) (hide yes))").unwrap();
        let shown = parse("(effects (font (size 1.27 1.27)) (hide no))").unwrap();
        assert!(old.flag("hide"));
        assert!(new.flag("hide"));
        assert!(!shown.flag("hide"));
    }

    #[test]
    fn syntax_errors_name_the_line() {
        assert!(matches!(
            parse("(a\n(b"),
            Err(KicadError::Syntax { line: 2, .. })
        ));
        assert!(matches!(parse("(a))"), Err(KicadError::Syntax { .. })));
        assert!(matches!(parse("(a \"open"), Err(KicadError::Syntax { .. })));
        assert!(matches!(parse(""), Err(KicadError::Syntax { .. })));
        assert!(matches!(parse("(a) (b)"), Err(KicadError::Syntax { .. })));
        assert!(matches!(parse("token"), Err(KicadError::Syntax { .. })));
        assert!(parse(&"(".repeat(10_000)).is_err());
    }
}
