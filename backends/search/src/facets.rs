//! Facet counting for searches: [`FacetTally`] counts the facet values of every hit by term
//! ordinal and names only the values it returns.
//!
//! tantivy's `FacetCollector` walks the whole facet dictionary of every segment to build its
//! mapping, then names every value any hit has, one dictionary look-up each. On a broad match of
//! the 30 000-component benchmark (`电容`, `5V`) that naming was most of the search time (p99
//! 9 ms in-process against 3 ms without facets). Here the values of one root (`/package/…`) are
//! a contiguous run of ordinals, so the top values are picked from plain counters and only they
//! are named, in one ordered pass over the dictionary. Values spread over several segments are
//! merged by name, which needs the names of every counted value: that stays exact, and segments
//! are few (one after a rebuild, plus small ones from later edits).

use std::collections::HashMap;
use std::io;
use std::ops::Bound;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Dictionary;
use tantivy::fastfield::FacetReader;
use tantivy::{DocId, Score, SegmentOrdinal, SegmentReader};

/// Separator between the steps of an encoded facet (`category\0R01`).
const STEP_SEPARATOR: u8 = 0;

/// One value of a facet with the number of matching items that have it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FacetValue {
    pub value: String,
    pub count: u64,
}

/// What [`FacetTally`] answers: the top values of each root, in the order of its roots.
pub type RootValues = Vec<Vec<FacetValue>>;

/// Counts the values under each of `roots` (one-level facets `/<root>/<value>` of `field`) over
/// the hits of a search and keeps the `limit` most frequent of each root, most frequent first,
/// ties in value order. The fruit has one list per root, in the order of `roots`.
pub struct FacetTally {
    field: String,
    roots: Vec<String>,
    limit: usize,
}

impl FacetTally {
    pub fn new(field: &str, roots: &[&str], limit: usize) -> Self {
        Self {
            field: field.to_string(),
            roots: roots.iter().map(|root| root.to_string()).collect(),
            limit,
        }
    }
}

/// The counters of one segment, by term ordinal of its facet dictionary.
pub struct SegmentTally {
    reader: FacetReader,
    counts: Vec<u32>,
}

/// What one segment counted, with the reader whose dictionary names its ordinals.
pub struct SegmentCounts {
    reader: FacetReader,
    counts: Vec<u32>,
}

impl SegmentCollector for SegmentTally {
    type Fruit = SegmentCounts;

    fn collect(&mut self, doc: DocId, _score: Score) {
        let mut previous = u64::MAX;
        for ord in self.reader.facet_ords(doc) {
            // A value given twice to one item counts once.
            if ord != previous {
                self.counts[ord as usize] += 1;
                previous = ord;
            }
        }
    }

    fn harvest(self) -> SegmentCounts {
        SegmentCounts {
            reader: self.reader,
            counts: self.counts,
        }
    }
}

impl Collector for FacetTally {
    type Fruit = RootValues;
    type Child = SegmentTally;

    fn for_segment(
        &self,
        _segment: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<SegmentTally> {
        let reader = reader.facet_reader(&self.field)?;
        let counts = vec![0; reader.num_facets()];
        Ok(SegmentTally { reader, counts })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, segments: Vec<SegmentCounts>) -> tantivy::Result<Self::Fruit> {
        let mut out = Vec::with_capacity(self.roots.len());
        for root in &self.roots {
            out.push(top_values(&segments, root, self.limit)?);
        }
        Ok(out)
    }
}

/// The `limit` most frequent values under `root` over all segments.
fn top_values(segments: &[SegmentCounts], root: &str, limit: usize) -> io::Result<Vec<FacetValue>> {
    if limit == 0 {
        return Ok(Vec::new());
    }
    let mut counted = Vec::new();
    for segment in segments {
        let ords = segment.root_ords(root)?;
        if ords.clone().any(|ord| segment.counts[ord as usize] > 0) {
            counted.push((segment, ords));
        }
    }
    let mut values = match counted.as_slice() {
        [] => return Ok(Vec::new()),
        // One segment: pick by counter, name only the picked.
        [(segment, ords)] => {
            let mut picked: Vec<(u32, u64)> = ords
                .clone()
                .map(|ord| (segment.counts[ord as usize], ord))
                .filter(|(count, _)| *count > 0)
                .collect();
            if picked.len() > limit {
                picked.select_nth_unstable_by(limit - 1, by_count_then_ord);
                picked.truncate(limit);
            }
            picked.sort_unstable_by_key(|(_, ord)| *ord);
            let mut values = Vec::with_capacity(picked.len());
            let ords: Vec<u64> = picked.iter().map(|(_, ord)| *ord).collect();
            let mut counts = picked.iter().map(|(count, _)| u64::from(*count));
            segment.name_ords(root, &ords, |value| {
                values.push(FacetValue {
                    value,
                    count: counts.next().unwrap_or_default(),
                })
            })?;
            values
        }
        // Several segments: the same value has other ordinals in each; merge by name.
        several => {
            let mut by_value: HashMap<String, u64> = HashMap::new();
            for (segment, ords) in several {
                let ords: Vec<u64> = ords
                    .clone()
                    .filter(|ord| segment.counts[*ord as usize] > 0)
                    .collect();
                let mut counts = ords.iter().map(|ord| segment.counts[*ord as usize]);
                segment.name_ords(root, &ords, |value| {
                    *by_value.entry(value).or_default() +=
                        u64::from(counts.next().unwrap_or_default());
                })?;
            }
            by_value
                .into_iter()
                .map(|(value, count)| FacetValue { value, count })
                .collect()
        }
    };
    values.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.value.cmp(&b.value)));
    values.truncate(limit);
    Ok(values)
}

fn by_count_then_ord(a: &(u32, u64), b: &(u32, u64)) -> std::cmp::Ordering {
    b.0.cmp(&a.0).then(a.1.cmp(&b.1))
}

impl SegmentCounts {
    fn dictionary(&self) -> &Dictionary {
        self.reader.facet_dict()
    }

    /// The ordinals of the values under `root`: its encoded children sort together, between
    /// `root\0` and `root\x01`.
    fn root_ords(&self, root: &str) -> io::Result<std::ops::Range<u64>> {
        let low = [root.as_bytes(), &[STEP_SEPARATOR]].concat();
        let high = [root.as_bytes(), &[STEP_SEPARATOR + 1]].concat();
        let (start, end) = self
            .dictionary()
            .term_bounds_to_ord(Bound::Included(low), Bound::Excluded(high))?;
        let num_terms = self.dictionary().num_terms() as u64;
        let start = match start {
            Bound::Included(ord) => ord,
            Bound::Excluded(ord) => ord.saturating_add(1),
            Bound::Unbounded => 0,
        };
        let end = match end {
            Bound::Included(ord) => ord.saturating_add(1),
            Bound::Excluded(ord) => ord,
            Bound::Unbounded => num_terms,
        };
        // A bound past the last term comes back as u64::MAX.
        Ok(start.min(num_terms)..end.min(num_terms))
    }

    /// Calls `named` with the value (the step after `root`) of each of the sorted `ords`.
    fn name_ords(&self, root: &str, ords: &[u64], mut named: impl FnMut(String)) -> io::Result<()> {
        let prefix_len = root.len() + 1;
        self.dictionary().sorted_ords_to_term_cb(ords, |term| {
            let value = term.get(prefix_len..).unwrap_or_default();
            named(String::from_utf8_lossy(value).into_owned());
        })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use tantivy::collector::FacetCollector;
    use tantivy::query::{AllQuery, TermQuery};
    use tantivy::schema::{Facet, IndexRecordOption, Schema, INDEXED, STRING};
    use tantivy::{doc, Index, IndexWriter, Term};

    use super::*;

    const ROOTS: [&str; 3] = ["category", "manufacturer", "package"];

    fn facet(root: &str, value: &str) -> Facet {
        Facet::from_path([root, value])
    }

    /// An index with `per_segment` items in each of `segments` commits, facet values spread
    /// unevenly (and one item giving the same package twice).
    fn index(segments: usize, per_segment: usize) -> Index {
        let mut schema = Schema::builder();
        let facets = schema.add_facet_field("facets", INDEXED);
        let kind = schema.add_text_field("kind", STRING);
        let index = Index::create_in_ram(schema.build());
        let mut writer: IndexWriter = index.writer_with_num_threads(1, 15_000_000).unwrap();
        let mut n = 0usize;
        for _ in 0..segments {
            for _ in 0..per_segment {
                let mut document =
                    doc!(kind => if n.is_multiple_of(3) { "three" } else { "other" });
                document.add_facet(facets, facet("category", &format!("C{}", n % 7)));
                document.add_facet(facets, facet("category", &format!("C{}", n % 2 + 10)));
                document.add_facet(facets, facet("manufacturer", &format!("M{}", n * n % 13)));
                let package = format!("P{}", n % 5 * n % 11);
                document.add_facet(facets, facet("package", &package));
                if n.is_multiple_of(17) {
                    document.add_facet(facets, facet("package", &package));
                }
                writer.add_document(document).unwrap();
                n += 1;
            }
            writer.commit().unwrap();
        }
        index
    }

    /// What tantivy's FacetCollector says, in the tally's order.
    fn reference(index: &Index, query: &dyn tantivy::query::Query, limit: usize) -> RootValues {
        let mut collector = FacetCollector::for_field("facets");
        for root in ROOTS {
            collector.add_facet(format!("/{root}").as_str());
        }
        let counts = index
            .reader()
            .unwrap()
            .searcher()
            .search(query, &collector)
            .unwrap();
        ROOTS
            .iter()
            .map(|root| {
                let mut values: Vec<FacetValue> = counts
                    .get(format!("/{root}").as_str())
                    .map(|(facet, count)| FacetValue {
                        value: facet.to_path().last().unwrap().to_string(),
                        count,
                    })
                    .collect();
                values.sort_by(|a, b| b.count.cmp(&a.count).then(a.value.cmp(&b.value)));
                values.truncate(limit);
                values
            })
            .collect()
    }

    #[test]
    fn counts_like_tantivys_facet_collector_on_one_and_several_segments() {
        for segments in [1, 3] {
            let index = index(segments, 200);
            let searcher = index.reader().unwrap().searcher();
            let kind = index.schema().get_field("kind").unwrap();
            let three = TermQuery::new(
                Term::from_field_text(kind, "three"),
                IndexRecordOption::Basic,
            );
            for limit in [1, 3, 50] {
                for query in [&AllQuery as &dyn tantivy::query::Query, &three] {
                    let tally = FacetTally::new("facets", &ROOTS, limit);
                    let counted = searcher.search(query, &tally).unwrap();
                    assert_eq!(
                        counted,
                        reference(&index, query, limit),
                        "{segments} segment(s), limit {limit}"
                    );
                    assert!(counted.iter().all(|values| !values.is_empty()));
                }
            }
        }
    }

    #[test]
    fn a_value_given_twice_counts_once_and_absent_roots_are_empty() {
        let index = index(1, 18);
        let searcher = index.reader().unwrap().searcher();
        let tally = FacetTally::new("facets", &["package", "param", "zzz"], 50);
        let counted = searcher.search(&AllQuery, &tally).unwrap();
        assert_eq!(counted[0].iter().map(|v| v.count).sum::<u64>(), 18);
        assert!(counted[1].is_empty());
        assert!(counted[2].is_empty());
    }
}
