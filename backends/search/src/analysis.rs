//! Text analysis: one jieba dictionary per process, the analyzers registered on every index, and
//! the normalisation of identifiers (part numbers) and parameter names.

use std::sync::OnceLock;

use tantivy::tokenizer::{
    Language, LowerCaser, NgramTokenizer, RawTokenizer, RemoveLongFilter, SimpleTokenizer, Stemmer,
    TextAnalyzer, Token, TokenStream, Tokenizer, TokenizerManager,
};
use tantivy_jieba::jieba_rs::{Jieba, TokenizeMode};

use crate::synonyms::DOMAIN_WORDS;

/// Analyzer of the text fields at indexing time: jieba search mode (overlapping words, good for
/// recall: 贴片电阻 → 贴片, 电阻, 贴片电阻), lower case, English stems.
pub const TEXT_INDEX: &str = "portal_text_index";

/// Bumped whenever what the analysers make of a text changes (tokenizers, the jieba words added,
/// stemming, identifier keys, n-gram lengths): an index on disk analysed with another version
/// is recreated and rebuilt by its owner (`SearchIndex::open_versioned`).
pub const ANALYSIS_VERSION: u32 = 1;
/// Analyzer of the text fields at query time: jieba precise mode, so that a query word is one
/// token that the search-mode index contains.
pub const TEXT_QUERY: &str = "portal_text_query";
/// Package and footprint codes: split on anything not alphanumeric, lower case
/// (`C_0603_1608Metric` → c, 0603, 1608metric).
pub const CODE: &str = "portal_code";
/// Edge n-grams (2..=24 characters) of identifier keys, for exact part-number prefixes.
pub const IDENT_PREFIX: &str = "portal_ident_prefix";
/// Longest identifier prefix the n-gram field holds; longer prefixes use a term range.
pub const MAX_PREFIX_CHARS: usize = 24;
/// Shortest identifier prefix that is matched as a prefix.
pub const MIN_PREFIX_CHARS: usize = 2;
/// Tokens longer than this (in bytes) are dropped from the text fields.
const MAX_TOKEN_BYTES: usize = 64;

/// The process-wide jieba instance: loading the dictionary costs ~0.5 s in a debug build, so it
/// is loaded once and shared by every index and every tokenizer clone.
pub fn jieba() -> &'static Jieba {
    static JIEBA: OnceLock<Jieba> = OnceLock::new();
    JIEBA.get_or_init(|| {
        let mut jieba = Jieba::new();
        for word in DOMAIN_WORDS {
            // A high frequency keeps engineering words whole (运放, 贴片电容, 钽电容).
            jieba.add_word(word, Some(100_000), None);
        }
        jieba
    })
}

/// A tantivy tokenizer over the shared [`jieba`] instance. Whitespace and punctuation tokens,
/// which jieba emits, are skipped.
#[derive(Clone)]
pub struct JiebaTokenizer {
    mode: TokenizeMode,
}

impl JiebaTokenizer {
    pub fn new(search_mode: bool) -> Self {
        let mode = if search_mode {
            TokenizeMode::Search
        } else {
            TokenizeMode::Default
        };
        Self { mode }
    }
}

pub struct JiebaTokenStream {
    tokens: std::vec::IntoIter<Token>,
    current: Token,
}

impl Tokenizer for JiebaTokenizer {
    type TokenStream<'a> = JiebaTokenStream;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> JiebaTokenStream {
        let tokens: Vec<Token> = jieba()
            .tokenize(text, self.mode, true)
            .into_iter()
            .filter(|token| token.word.chars().any(char::is_alphanumeric))
            .map(|token| Token {
                offset_from: token.byte_start,
                offset_to: token.byte_end,
                position: token.start,
                text: token.word.to_string(),
                position_length: token.end.saturating_sub(token.start).max(1),
            })
            .collect();
        JiebaTokenStream {
            tokens: tokens.into_iter(),
            current: Token::default(),
        }
    }
}

impl TokenStream for JiebaTokenStream {
    fn advance(&mut self) -> bool {
        match self.tokens.next() {
            Some(token) => {
                self.current = token;
                true
            }
            None => false,
        }
    }

    fn token(&self) -> &Token {
        &self.current
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.current
    }
}

fn text_analyzer(search_mode: bool) -> TextAnalyzer {
    TextAnalyzer::builder(JiebaTokenizer::new(search_mode))
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser)
        .filter(Stemmer::new(Language::English))
        .build()
}

/// Registers the project's analyzers on an index (tantivy does not persist them).
pub fn register(manager: &TokenizerManager) -> tantivy::Result<()> {
    manager.register(TEXT_INDEX, text_analyzer(true));
    manager.register(TEXT_QUERY, text_analyzer(false));
    manager.register(
        CODE,
        TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(LowerCaser)
            .build(),
    );
    manager.register(
        IDENT_PREFIX,
        TextAnalyzer::builder(NgramTokenizer::prefix_only(
            MIN_PREFIX_CHARS,
            MAX_PREFIX_CHARS,
        )?)
        .build(),
    );
    manager.register(
        "raw",
        TextAnalyzer::builder(RawTokenizer::default()).build(),
    );
    Ok(())
}

/// Runs a registered analyzer over `text` and returns its tokens.
pub fn tokens(manager: &TokenizerManager, analyzer: &str, text: &str) -> Vec<String> {
    let Some(mut analyzer) = manager.get(analyzer) else {
        return Vec::new();
    };
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while let Some(token) = stream.next() {
        out.push(token.text.clone());
    }
    out
}

/// The key an identifier is matched by: lower case, letters and digits only, so that
/// `LM358-N`, `lm358n` and `LM358 N` are the same part number. Full-width forms from Chinese
/// input methods are folded to ASCII first.
pub fn identifier_key(text: &str) -> String {
    text.chars()
        .map(fold_full_width)
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The key of a parameter name: trimmed, lower case, inner whitespace collapsed.
pub fn parameter_key(name: &str) -> String {
    name.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Full-width ASCII (U+FF01..U+FF5E) to ASCII, the ideographic space to a space.
pub fn fold_full_width(c: char) -> char {
    match c {
        '\u{3000}' => ' ',
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manager() -> TokenizerManager {
        let manager = TokenizerManager::default();
        assert!(register(&manager).is_ok());
        manager
    }

    #[test]
    fn jieba_tokens_are_lowercased_and_free_of_punctuation() {
        let tokens = tokens(&manager(), TEXT_INDEX, "贴片电阻, Low-Power OpAmp (LM358)");
        assert!(tokens.contains(&"贴片".to_string()), "{tokens:?}");
        assert!(tokens.contains(&"电阻".to_string()), "{tokens:?}");
        assert!(tokens.contains(&"lm358".to_string()), "{tokens:?}");
        assert!(
            tokens.iter().all(|t| t.chars().any(char::is_alphanumeric)),
            "{tokens:?}"
        );
        assert!(tokens.iter().all(|t| t.to_lowercase() == *t), "{tokens:?}");
    }

    #[test]
    fn domain_words_stay_whole_in_query_mode() {
        let tokens = tokens(&manager(), TEXT_QUERY, "运放");
        assert_eq!(tokens, vec!["运放".to_string()]);
    }

    #[test]
    fn english_words_are_stemmed_on_both_sides() {
        let manager = manager();
        assert_eq!(
            tokens(&manager, TEXT_INDEX, "Amplifiers"),
            tokens(&manager, TEXT_QUERY, "amplifier")
        );
    }

    #[test]
    fn codes_split_on_separators() {
        assert_eq!(
            tokens(&manager(), CODE, "C_0603_1608Metric"),
            vec!["c", "0603", "1608metric"]
        );
    }

    #[test]
    fn identifier_keys_ignore_case_separators_and_width() {
        assert_eq!(identifier_key("LM358-N"), "lm358n");
        assert_eq!(identifier_key("ＳＴＭ３２Ｆ１０"), "stm32f10");
        assert_eq!(identifier_key(" grm155 r71 "), "grm155r71");
        assert_eq!(parameter_key("  Rated   Voltage "), "rated voltage");
    }
}
