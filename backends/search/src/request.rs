//! What a caller asks: keywords (the spec's tag rules), unit keywords, filters, sorting, paging;
//! and the errors bad input gets, with the messages the client shows (Chinese).

use std::fmt;

/// At most 10 keywords (spec §5, `关键字最多10个`).
pub const MAX_KEYWORDS: usize = 10;
/// Input max 128 characters per keyword (spec §9).
pub const MAX_KEYWORD_CHARS: usize = 128;
/// Largest page.
pub const MAX_PAGE_SIZE: usize = 100;
/// Deepest result reachable by paging (page × size).
pub const MAX_RESULT_WINDOW: usize = 10_000;
/// Suggestion size (spec §9).
pub const MAX_SUGGESTIONS: usize = 15;
/// Most values of one facet returned.
pub const DEFAULT_FACET_LIMIT: usize = 50;
/// Most range filters in one request.
pub const MAX_RANGE_FILTERS: usize = 20;

/// Why a request is refused. `Display` is the message shown to the user.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum QueryError {
    #[error("关键字最多10个")]
    TooManyKeywords,
    #[error("关键字不能重复")]
    DuplicateKeyword { keyword: String },
    #[error("请输入内容再进行搜索")]
    EmptyQuery,
    #[error("关键字长度不能超过128个字符")]
    KeywordTooLong { keyword: String },
    #[error("“{text}”不是有效的数值（例如 10uF、100nF、4.7kΩ）")]
    InvalidValueKeyword { text: String },
    #[error("未知参数：{name}")]
    UnknownParameter { name: String },
    #[error("参数“{name}”的取值“{text}”无法识别")]
    InvalidRangeValue { name: String, text: String },
    #[error("参数“{name}”的范围下限大于上限")]
    InvertedRange { name: String },
    #[error("范围条件“{text}”格式不正确，应为“参数 >= 值 and <= 值”或“参数:下限..上限”")]
    MalformedRange { text: String },
    #[error("范围条件最多{MAX_RANGE_FILTERS}个")]
    TooManyRanges,
    #[error("排序方式“{text}”不正确")]
    InvalidSort { text: String },
    #[error("页码必须大于0")]
    InvalidPage,
    #[error("每页条数必须在1到100之间")]
    InvalidPageSize,
    #[error("最多只能查看前10000条结果")]
    ResultWindowExceeded,
}

/// How results are ordered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum SortOrder {
    /// Best match first; exact part-number hits before everything else.
    #[default]
    Relevance,
    PartNumber {
        descending: bool,
    },
    /// By a numeric parameter (its typical value, else its lower bound); only items that state
    /// the parameter are listed.
    Parameter {
        name: String,
        descending: bool,
    },
}

impl SortOrder {
    /// `relevance` (or empty), `partNumber`, `-partNumber`, `param:<name>`, `-param:<name>`.
    pub fn parse(text: &str) -> Result<Self, QueryError> {
        let trimmed = text.trim();
        let (descending, body) = match trimmed.strip_prefix('-') {
            Some(rest) => (true, rest.trim()),
            None => (false, trimmed),
        };
        match body {
            "" | "relevance" if !descending => Ok(Self::Relevance),
            "partNumber" => Ok(Self::PartNumber { descending }),
            _ => match body.strip_prefix("param:") {
                Some(name) if !name.trim().is_empty() => Ok(Self::Parameter {
                    name: name.trim().to_string(),
                    descending,
                }),
                _ => Err(QueryError::InvalidSort {
                    text: text.to_string(),
                }),
            },
        }
    }
}

/// A numeric range on a named parameter, bounds as written by the user in any unit prefix
/// (`1nF`, `0.01uF`). An item matches when the range overlaps the values it states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeFilter {
    pub parameter: String,
    pub min: Option<String>,
    pub max: Option<String>,
}

impl RangeFilter {
    /// Reads `capacitance >= 1nF and <= 10uF`, `capacitance<=10uF`, `capacitance = 10uF`,
    /// `capacitance: 1nF..10uF`, `capacitance: 1nF..` and `capacitance:..10uF`.
    pub fn parse(expression: &str) -> Result<Self, QueryError> {
        let malformed = || QueryError::MalformedRange {
            text: expression.to_string(),
        };
        let text = expression.trim();
        if let Some((name, range)) = text.split_once(':') {
            let (low, high) = range.split_once("..").ok_or_else(malformed)?;
            return Self::from_parts(name, Some(low), Some(high)).ok_or_else(malformed);
        }
        let operator_at = text.find(['>', '<', '=']).ok_or_else(malformed)?;
        let name = &text[..operator_at];
        let mut filter = Self {
            parameter: name.trim().to_string(),
            min: None,
            max: None,
        };
        for condition in split_conditions(&text[operator_at..]) {
            let condition = condition.trim();
            let (operator, value) = [">=", "<=", "=", ">", "<"]
                .iter()
                .find_map(|op| condition.strip_prefix(op).map(|rest| (*op, rest.trim())))
                .ok_or_else(malformed)?;
            if value.is_empty() {
                return Err(malformed());
            }
            match operator {
                ">=" | ">" if filter.min.is_none() => filter.min = Some(value.to_string()),
                "<=" | "<" if filter.max.is_none() => filter.max = Some(value.to_string()),
                "=" if filter.min.is_none() && filter.max.is_none() => {
                    filter.min = Some(value.to_string());
                    filter.max = Some(value.to_string());
                }
                _ => return Err(malformed()),
            }
        }
        if filter.parameter.is_empty() || (filter.min.is_none() && filter.max.is_none()) {
            return Err(malformed());
        }
        Ok(filter)
    }

    fn from_parts(name: &str, low: Option<&str>, high: Option<&str>) -> Option<Self> {
        let clean = |value: Option<&str>| {
            value
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_string)
        };
        let filter = Self {
            parameter: name.trim().to_string(),
            min: clean(low),
            max: clean(high),
        };
        (!filter.parameter.is_empty() && (filter.min.is_some() || filter.max.is_some()))
            .then_some(filter)
    }
}

/// Splits `>= 1nF and <= 10uF` (also `&&`, `,`, `且`) into its conditions.
fn split_conditions(text: &str) -> Vec<String> {
    let mut normalised = format!(" {text} ");
    for joiner in [" and ", " AND ", "&&", ",", "，", "且"] {
        normalised = normalised.replace(joiner, "\u{0}");
    }
    normalised
        .split('\u{0}')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_string)
        .collect()
}

impl fmt::Display for RangeFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}..{}",
            self.parameter,
            self.min.as_deref().unwrap_or(""),
            self.max.as_deref().unwrap_or("")
        )
    }
}

/// A search: every keyword must match (a keyword matches through text, identifier prefix,
/// package or value), every unit keyword must equal a stated value, and every filter must hold.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchRequest {
    /// The spec's `keyWords` tags.
    pub keywords: Vec<String>,
    /// The spec's `notAnalyzerKeyWords`: values with units compared by canonical value.
    pub value_keywords: Vec<String>,
    /// Whether no keyword at all is allowed (browsing a category); the spec's "empty unless
    /// permitted" rule.
    pub allow_empty: bool,
    /// A category code: the category and everything under it.
    pub category: Option<String>,
    /// Any of these manufacturers (exact, case-insensitive).
    pub manufacturers: Vec<String>,
    /// Any of these packages (exact, case-insensitive).
    pub packages: Vec<String>,
    pub ranges: Vec<RangeFilter>,
    pub sort: SortOrder,
    /// 1-based.
    pub page: usize,
    pub size: usize,
    /// Values per facet (0 = no facets).
    pub facet_limit: usize,
}

impl Default for SearchRequest {
    fn default() -> Self {
        Self {
            keywords: Vec::new(),
            value_keywords: Vec::new(),
            allow_empty: false,
            category: None,
            manufacturers: Vec::new(),
            packages: Vec::new(),
            ranges: Vec::new(),
            sort: SortOrder::Relevance,
            page: 1,
            size: 20,
            facet_limit: DEFAULT_FACET_LIMIT,
        }
    }
}

impl SearchRequest {
    /// A request for these keywords with the defaults (page 1 of 20, facets on).
    pub fn keywords<I, S>(keywords: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Self {
            keywords: keywords.into_iter().map(Into::into).collect(),
            ..Self::default()
        }
    }

    /// Checks paging and the keyword rules; answers the cleaned keywords and unit keywords.
    pub(crate) fn validate(&self) -> Result<(Vec<String>, Vec<String>), QueryError> {
        if self.page == 0 {
            return Err(QueryError::InvalidPage);
        }
        if self.size == 0 || self.size > MAX_PAGE_SIZE {
            return Err(QueryError::InvalidPageSize);
        }
        if self.page.saturating_mul(self.size) > MAX_RESULT_WINDOW {
            return Err(QueryError::ResultWindowExceeded);
        }
        if self.ranges.len() > MAX_RANGE_FILTERS {
            return Err(QueryError::TooManyRanges);
        }
        let keywords = validate_keywords(&self.keywords)?;
        let value_keywords = validate_keywords(&self.value_keywords)?;
        let has_filter = self.category.is_some()
            || !self.manufacturers.is_empty()
            || !self.packages.is_empty()
            || !self.ranges.is_empty();
        if keywords.is_empty() && value_keywords.is_empty() && !(self.allow_empty || has_filter) {
            return Err(QueryError::EmptyQuery);
        }
        Ok((keywords, value_keywords))
    }
}

/// Splits the spec's `a|b` keyword list; blank entries are dropped.
pub fn split_keywords(text: &str) -> Vec<String> {
    text.split('|')
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(str::to_string)
        .collect()
}

/// The spec's keyword rules: at most [`MAX_KEYWORDS`], none longer than [`MAX_KEYWORD_CHARS`],
/// no duplicates (after trimming, ignoring case). Blank keywords are dropped.
pub fn validate_keywords(keywords: &[String]) -> Result<Vec<String>, QueryError> {
    let cleaned: Vec<String> = keywords
        .iter()
        .map(|k| k.trim())
        .filter(|k| !k.is_empty())
        .map(str::to_string)
        .collect();
    if cleaned.len() > MAX_KEYWORDS {
        return Err(QueryError::TooManyKeywords);
    }
    if let Some(long) = cleaned
        .iter()
        .find(|k| k.chars().count() > MAX_KEYWORD_CHARS)
    {
        return Err(QueryError::KeywordTooLong {
            keyword: long.clone(),
        });
    }
    let mut seen = std::collections::HashSet::new();
    for keyword in &cleaned {
        if !seen.insert(keyword.to_lowercase()) {
            return Err(QueryError::DuplicateKeyword {
                keyword: keyword.clone(),
            });
        }
    }
    Ok(cleaned)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn keyword_rules_of_the_spec() {
        let eleven: Vec<String> = (0..11).map(|i| format!("k{i}")).collect();
        assert_eq!(validate_keywords(&eleven), Err(QueryError::TooManyKeywords));
        assert_eq!(validate_keywords(&eleven[..10]).map(|k| k.len()), Ok(10));
        assert!(matches!(
            validate_keywords(&strings(&["LM358", " lm358 "])),
            Err(QueryError::DuplicateKeyword { .. })
        ));
        let long = "电".repeat(129);
        assert!(matches!(
            validate_keywords(&[long]),
            Err(QueryError::KeywordTooLong { .. })
        ));
        assert_eq!(
            validate_keywords(&["电".repeat(128)]).map(|k| k.len()),
            Ok(1)
        );
        assert_eq!(validate_keywords(&strings(&["", "  "])), Ok(vec![]));
    }

    #[test]
    fn messages_are_the_spec_texts() {
        assert_eq!(QueryError::TooManyKeywords.to_string(), "关键字最多10个");
        assert_eq!(
            QueryError::DuplicateKeyword {
                keyword: "a".into()
            }
            .to_string(),
            "关键字不能重复"
        );
        assert_eq!(QueryError::EmptyQuery.to_string(), "请输入内容再进行搜索");
    }

    #[test]
    fn empty_requests_need_permission_or_a_filter() {
        let empty = SearchRequest::default();
        assert_eq!(empty.validate(), Err(QueryError::EmptyQuery));
        let allowed = SearchRequest {
            allow_empty: true,
            ..SearchRequest::default()
        };
        assert!(allowed.validate().is_ok());
        let filtered = SearchRequest {
            category: Some("op-amp".into()),
            ..SearchRequest::default()
        };
        assert!(filtered.validate().is_ok());
    }

    #[test]
    fn paging_limits() {
        let request = |page, size| SearchRequest {
            page,
            size,
            ..SearchRequest::keywords(["LM358"])
        };
        assert_eq!(request(0, 10).validate(), Err(QueryError::InvalidPage));
        assert_eq!(request(1, 0).validate(), Err(QueryError::InvalidPageSize));
        assert_eq!(request(1, 101).validate(), Err(QueryError::InvalidPageSize));
        assert_eq!(
            request(101, 100).validate(),
            Err(QueryError::ResultWindowExceeded)
        );
        assert!(request(100, 100).validate().is_ok());
    }

    #[test]
    fn keyword_lists_split_on_bars() {
        assert_eq!(split_keywords("10uF| 0603 ||"), strings(&["10uF", "0603"]));
    }

    #[test]
    fn range_expressions() {
        let expected = RangeFilter {
            parameter: "capacitance".into(),
            min: Some("1nF".into()),
            max: Some("10uF".into()),
        };
        assert_eq!(
            RangeFilter::parse("capacitance >= 1nF and <= 10uF"),
            Ok(expected.clone())
        );
        assert_eq!(
            RangeFilter::parse("capacitance: 1nF..10uF"),
            Ok(expected.clone())
        );
        assert_eq!(RangeFilter::parse("capacitance>=1nF,<=10uF"), Ok(expected));
        assert_eq!(
            RangeFilter::parse("voltage <= 5V").map(|f| (f.min, f.max)),
            Ok((None, Some("5V".into())))
        );
        assert_eq!(
            RangeFilter::parse("voltage = 5V").map(|f| (f.min, f.max)),
            Ok((Some("5V".into()), Some("5V".into())))
        );
        for bad in [
            "capacitance",
            ">= 1nF",
            "capacitance >= ",
            "c >= 1 and >= 2",
            "c: 1nF",
            "c: ..",
        ] {
            assert!(
                matches!(
                    RangeFilter::parse(bad),
                    Err(QueryError::MalformedRange { .. })
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn sort_orders() {
        assert_eq!(SortOrder::parse(""), Ok(SortOrder::Relevance));
        assert_eq!(
            SortOrder::parse("-partNumber"),
            Ok(SortOrder::PartNumber { descending: true })
        );
        assert_eq!(
            SortOrder::parse("param:capacitance"),
            Ok(SortOrder::Parameter {
                name: "capacitance".into(),
                descending: false
            })
        );
        assert!(SortOrder::parse("price").is_err());
        assert!(SortOrder::parse("-relevance").is_err());
    }
}
