//! The index schema and the encoding of numeric parameter values as ordered terms.

use tantivy::schema::{
    Field, IndexRecordOption, JsonObjectOptions, Schema, TextFieldIndexing, TextOptions, FAST,
    INDEXED, STORED, STRING,
};

use crate::analysis::{CODE, IDENT_PREFIX, TEXT_INDEX};

/// Bumped whenever the schema or what is indexed changes: an index on disk with another version
/// is recreated empty and rebuilt by its owner.
pub const SCHEMA_VERSION: u32 = 4;

/// The fields of the index.
#[derive(Debug, Clone, Copy)]
pub struct Fields {
    /// Item id: raw, indexed (deletes), stored, and fast: the id of a hit whose id is not a
    /// number is read from this column, not from the document store (whose documents carry the
    /// whole `source`).
    pub id: Field,
    /// The id as a number when it is one (every library's item ids are): a hit's id is read
    /// from this column in constant time; the text column's dictionary walks a block per look-up
    /// (`ord_to_term`), which doubled the time of a page of hits.
    pub id_number: Field,
    /// The whole [`crate::SearchDocument`] as JSON (stored only): restores the in-memory
    /// state (suggestions, parameter registry) when an index is opened from disk.
    pub source: Field,
    /// Identifier keys (`identifier_key`) of the part number and aliases: exact match.
    pub ident_exact: Field,
    /// The same keys as edge n-grams: prefix match.
    pub ident_prefix: Field,
    pub name: Field,
    pub description: Field,
    pub keywords: Field,
    /// Chinese and English names of the category path.
    pub category_text: Field,
    /// Package as code tokens (`0603`, `sot`, `23`).
    pub package_text: Field,
    /// Category codes of the whole path (filter).
    pub category: Field,
    /// Lower-case manufacturer (filter).
    pub manufacturer: Field,
    /// Lower-case package (filter).
    pub package: Field,
    /// `/category/<code>`, `/manufacturer/<name>`, `/package/<name>`, `/param/<name>`.
    pub facets: Field,
    /// Ordered value terms, see [`quantity_term`].
    pub quantity: Field,
    /// Lower-case part number, fast (sorting).
    pub part_number_sort: Field,
    /// Parameter sort values by parameter key (JSON fast field).
    pub parameter_sort: Field,
    /// The relevance multiplier of the item's quality (`document::quality_factor`), fast.
    pub quality: Field,
}

fn text(analyzer: &str, stored: bool, record: IndexRecordOption) -> TextOptions {
    let options = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(analyzer)
            .set_index_option(record),
    );
    if stored {
        options.set_stored()
    } else {
        options
    }
}

/// Builds the schema.
pub fn build() -> (Schema, Fields) {
    let mut builder = Schema::builder();
    let freqs = IndexRecordOption::WithFreqs;
    let fields = Fields {
        id: builder.add_text_field("id", STRING | STORED | FAST),
        id_number: builder.add_u64_field("id_number", FAST),
        source: builder.add_text_field("source", STORED),
        ident_exact: builder.add_text_field("ident_exact", STRING),
        ident_prefix: builder.add_text_field(
            "ident_prefix",
            text(IDENT_PREFIX, false, IndexRecordOption::Basic),
        ),
        name: builder.add_text_field("name", text(TEXT_INDEX, false, freqs)),
        description: builder.add_text_field("description", text(TEXT_INDEX, false, freqs)),
        keywords: builder.add_text_field("keywords", text(TEXT_INDEX, false, freqs)),
        category_text: builder.add_text_field("category_text", text(TEXT_INDEX, false, freqs)),
        package_text: builder.add_text_field("package_text", text(CODE, false, freqs)),
        category: builder.add_text_field("category", STRING),
        manufacturer: builder.add_text_field("manufacturer", STRING),
        package: builder.add_text_field("package", STRING),
        facets: builder.add_facet_field("facets", INDEXED),
        quantity: builder.add_text_field("quantity", STRING),
        part_number_sort: builder.add_text_field("part_number_sort", STRING | FAST),
        parameter_sort: builder.add_json_field("parameter_sort", JsonObjectOptions::from(FAST)),
        quality: builder.add_f64_field("quality", FAST),
    };
    (builder.build(), fields)
}

/// What a quantity term records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// A single value (typical value alone, or a range of zero width).
    Point,
    /// The lower end of a stated range.
    Low,
    /// The upper end of a stated range.
    High,
}

/// The key of a named parameter in the quantity field.
pub fn named_key(parameter_key: &str) -> String {
    format!("n:{parameter_key}")
}

/// The key of any value of a dimension (a named parameter or a value found in the text).
pub fn dimension_key(dimension: units::Dimension) -> String {
    format!("d:{dimension}")
}

/// `<side>|<key>\u{1}<16 hex digits>`: for one side and key, the terms sort as the numbers do,
/// so a numeric range is a term range of the inverted index (exact, no precision loss).
pub fn quantity_term(side: Side, key: &str, value: f64) -> String {
    let side = match side {
        Side::Point => 'p',
        Side::Low => 'l',
        Side::High => 'h',
    };
    format!("{side}|{key}\u{1}{:016x}", ordered_bits(value))
}

/// f64 → u64 preserving order (negative values flip all bits, positive ones the sign bit).
fn ordered_bits(value: f64) -> u64 {
    let value = if value == 0.0 { 0.0 } else { value };
    let bits = value.to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | (1 << 63)
    }
}

/// Key of a parameter inside the JSON sort field (dots would be read as nesting).
pub fn sort_path_key(parameter_key: &str) -> String {
    parameter_key.replace(['.', '\\'], "_")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantity_terms_sort_like_numbers() {
        let values = [
            f64::NEG_INFINITY,
            -1e9,
            -40.0,
            -1e-12,
            0.0,
            1e-12,
            1e-5,
            1.0000001e-5,
            3.3,
            1e9,
            f64::INFINITY,
        ];
        let terms: Vec<String> = values
            .iter()
            .map(|v| quantity_term(Side::Low, "d:capacitance", *v))
            .collect();
        let mut sorted = terms.clone();
        sorted.sort();
        assert_eq!(terms, sorted);
        assert_eq!(
            quantity_term(Side::Low, "k", -0.0),
            quantity_term(Side::Low, "k", 0.0)
        );
    }
}
