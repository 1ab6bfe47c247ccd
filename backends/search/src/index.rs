//! [`SearchIndex`]: one tantivy index with its writer, reader and the in-memory state derived
//! from the documents (suggestions, parameter registry).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::Bound;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use tantivy::collector::{Collector, Count, TopDocs};
use tantivy::query::{
    AllQuery, BooleanQuery, BoostQuery, ConstScoreQuery, DisjunctionMaxQuery, Occur, Query,
    RangeQuery, TermQuery,
};
use tantivy::schema::document::OwnedValue;
use tantivy::schema::{Facet, IndexRecordOption, Value};
use tantivy::{Index, IndexReader, IndexWriter, Order, ReloadPolicy, TantivyDocument, Term};
use units::Dimension;

use crate::analysis::{
    identifier_key, parameter_key, register, tokens, ANALYSIS_VERSION, CODE, MAX_PREFIX_CHARS,
    MIN_PREFIX_CHARS, TEXT_QUERY,
};
use crate::document::{quality_factor, SearchDocument};
use crate::facets::{FacetTally, FacetValue, RootValues};
use crate::manufacturers::glossary_manufacturer;
use crate::request::{QueryError, RangeFilter, SearchRequest, SortOrder, MAX_SUGGESTIONS};
use crate::schema::{
    self, dimension_key, named_key, quantity_term, sort_path_key, Fields, Side, SCHEMA_VERSION,
};
use crate::suggest::{Suggester, SuggestionCounts};
use crate::synonyms::synonyms_of;

/// Memory budget of the index writer (one thread: the machine has two cores for everything).
const WRITER_MEMORY_BYTES: usize = 50_000_000;
/// Name of the file holding [`SCHEMA_VERSION`] beside an index on disk.
const VERSION_FILE: &str = "portal-search-version";

/// The facets an item has: each is a root of the `facets` field (`/package/0603`). A library
/// chooses which of them its searches count and answer ([`SearchIndex::search_with_facets`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FacetKind {
    Category,
    Manufacturer,
    Package,
    Parameter,
}

impl FacetKind {
    /// Every facet, in the order [`Facets`] lists them.
    pub const ALL: [FacetKind; 4] = [
        FacetKind::Category,
        FacetKind::Manufacturer,
        FacetKind::Package,
        FacetKind::Parameter,
    ];

    /// The root of the `facets` field the values of this facet lie under.
    fn root(self) -> &'static str {
        match self {
            FacetKind::Category => "category",
            FacetKind::Manufacturer => "manufacturer",
            FacetKind::Package => "package",
            FacetKind::Parameter => "param",
        }
    }
}

/// Score of an exact part-number hit: above any text score, so exact hits rank first.
const EXACT_IDENTIFIER_SCORE: f32 = 1_000.0;
/// Score of a part-number prefix hit.
const PREFIX_IDENTIFIER_SCORE: f32 = 10.0;
/// A keyword naming a manufacturer of the glossary (德州仪器, TI) matching an item's manufacturer.
const MANUFACTURER_SCORE: f32 = 4.0;
/// Score of a value hit (`10uF` equal to a stated capacitance).
const VALUE_SCORE: f32 = 5.0;
/// Score of a value inside a stated range (`3.3V` within a 2–3.6 V supply): below an equal value.
const VALUE_IN_RANGE_SCORE: f32 = 1.0;
/// Boost of a package-code hit.
const PACKAGE_BOOST: f32 = 2.0;
/// Weight of an item's quality factor added to its relevance score: breaks ties (a category
/// list without keywords scores every item 0) without reordering unequal scores.
const QUALITY_TIE_BREAK: f32 = 1e-4;

/// Errors of the search engine: bad requests (shown to the user) and failures of the index.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    #[error(transparent)]
    Query(#[from] QueryError),
    #[error("search index: {0}")]
    Index(#[from] tantivy::TantivyError),
    #[error("search index directory: {0}")]
    Io(#[from] std::io::Error),
    #[error("suggestion map: {0}")]
    Suggestions(#[from] fst::Error),
    #[error("stored search document: {0}")]
    StoredDocument(#[from] serde_json::Error),
    #[error("a hit's payload in memory is unreadable: {0}")]
    Payload(String),
    #[error("search index directory: {0}")]
    Directory(#[from] tantivy::directory::error::OpenDirectoryError),
}

/// A parameter that items of the index state, with the dimension most of them give it.
#[derive(Debug, Clone, PartialEq)]
pub struct ParameterInfo {
    pub key: String,
    /// The name as the first item stating it wrote it.
    pub name: String,
    pub dimension: Dimension,
    /// How many items state it.
    pub count: u32,
}

#[derive(Debug, Default)]
struct ParameterStats {
    name: String,
    dimensions: BTreeMap<Dimension, u32>,
}

impl ParameterStats {
    fn info(&self, key: &str) -> Option<ParameterInfo> {
        let (dimension, _) = self
            .dimensions
            .iter()
            .max_by_key(|(dimension, count)| (**count, std::cmp::Reverse(**dimension)))?;
        Some(ParameterInfo {
            key: key.to_string(),
            name: self.name.clone(),
            dimension: *dimension,
            count: self.dimensions.values().sum(),
        })
    }
}

/// What is derived from the documents and kept in memory.
#[derive(Default)]
struct State {
    /// The documents without their payload (kept apart, compressed).
    documents: HashMap<String, Arc<SearchDocument>>,
    /// Each document's payload, LZ4-compressed: a library's rendering of an item is JSON of a
    /// few kilobytes that compresses several times, and only a page of hits is read back.
    payloads: HashMap<String, Box<[u8]>>,
    suggestions: SuggestionCounts,
    parameters: BTreeMap<String, ParameterStats>,
}

impl State {
    fn add(&mut self, mut document: SearchDocument) {
        if let Some(payload) = document.payload.take() {
            self.payloads.insert(
                document.id.clone(),
                lz4_flex::compress_prepend_size(payload.as_bytes()).into_boxed_slice(),
            );
        }
        let document = Arc::new(document);
        self.suggestions.add(&document);
        for parameter in document
            .parameters
            .iter()
            .filter(|p| !p.name.trim().is_empty())
        {
            let stats = self
                .parameters
                .entry(parameter_key(&parameter.name))
                .or_default();
            if stats.name.is_empty() {
                stats.name = parameter.name.trim().to_string();
            }
            *stats.dimensions.entry(parameter.dimension).or_default() += 1;
        }
        self.documents.insert(document.id.clone(), document);
    }

    /// The payload of document `id`, decompressed.
    fn payload(&self, id: &str) -> Result<Option<String>, SearchError> {
        let Some(compressed) = self.payloads.get(id) else {
            return Ok(None);
        };
        let bytes = lz4_flex::decompress_size_prepended(compressed)
            .map_err(|error| SearchError::Payload(error.to_string()))?;
        String::from_utf8(bytes)
            .map(Some)
            .map_err(|error| SearchError::Payload(error.to_string()))
    }

    fn remove(&mut self, id: &str) {
        self.payloads.remove(id);
        let Some(document) = self.documents.remove(id) else {
            return;
        };
        self.suggestions.remove(&document);
        for parameter in &document.parameters {
            let key = parameter_key(&parameter.name);
            if let Some(stats) = self.parameters.get_mut(&key) {
                if let Some(count) = stats.dimensions.get_mut(&parameter.dimension) {
                    *count = count.saturating_sub(1);
                    if *count == 0 {
                        stats.dimensions.remove(&parameter.dimension);
                    }
                }
                if stats.dimensions.is_empty() {
                    self.parameters.remove(&key);
                }
            }
        }
    }
}

/// One hit of a search.
#[derive(Debug, Clone)]
pub struct SearchHit {
    pub id: String,
    pub score: f32,
    /// Whether a keyword is exactly the item's part number or one of its aliases.
    pub exact: bool,
    /// The document as indexed, without its payload (see `payload`).
    pub document: Arc<SearchDocument>,
    /// The document's [`SearchDocument::payload`]: the library's own answer for the hit.
    pub payload: Option<String>,
}

/// Facet counts over all items that match a search (not just the page).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Facets {
    /// Category codes, for every level of the path.
    pub categories: Vec<FacetValue>,
    pub manufacturers: Vec<FacetValue>,
    pub packages: Vec<FacetValue>,
    /// Parameter names.
    pub parameters: Vec<FacetValue>,
}

/// The answer of a search.
#[derive(Debug, Clone)]
pub struct SearchResults {
    pub total: usize,
    pub page: usize,
    pub size: usize,
    pub hits: Vec<SearchHit>,
    pub facets: Facets,
}

/// A library's search index. Share it (`Arc`) across actix workers: searches take no lock but
/// a read of the current snapshot; writes serialise on the one writer; a commit makes them
/// visible to every search at once (the reader is reloaded on commit).
pub struct SearchIndex {
    index: Index,
    reader: IndexReader,
    writer: Mutex<IndexWriter<TantivyDocument>>,
    fields: Fields,
    state: RwLock<State>,
    suggester: RwLock<Arc<Suggester>>,
    needs_rebuild: bool,
    /// Written with every commit (`IndexMeta::payload`): the owner's checkpoint, e.g. how far
    /// of its change feed the committed content reflects ([`Self::set_commit_payload`]).
    commit_payload: Mutex<Option<String>>,
}

fn lock_poisoned<T>(error: PoisonError<T>) -> T {
    // A panic while holding a lock leaves plain data behind; the index itself is transactional.
    error.into_inner()
}

impl SearchIndex {
    /// An index in memory (tests, small libraries, benchmarks).
    pub fn in_memory() -> Result<Self, SearchError> {
        let (schema, fields) = schema::build();
        Self::from_index(Index::create_in_ram(schema), fields, true)
    }

    /// The index in `dir` (`<data_dir>/index/<library>`), created when missing. An index written
    /// with another schema version is replaced by an empty one; [`Self::needs_rebuild`] then
    /// tells the owner to feed it from its database.
    pub fn open_or_create(dir: &Path) -> Result<Self, SearchError> {
        Self::open_versioned(dir, "")
    }

    /// The version stamp of an index on disk: the schema, the analysers and the owner's own
    /// version of what it puts in the documents (e.g. the stored display records).
    pub fn version_stamp(owner_version: &str) -> String {
        format!("schema {SCHEMA_VERSION}; analysis {ANALYSIS_VERSION}; owner {owner_version}")
    }

    /// [`Self::open_or_create`] with the owner's version in the stamp: an index whose stamp
    /// differs in any part is replaced by an empty one ([`Self::needs_rebuild`]).
    pub fn open_versioned(dir: &Path, owner_version: &str) -> Result<Self, SearchError> {
        std::fs::create_dir_all(dir)?;
        let version_file = dir.join(VERSION_FILE);
        let version = std::fs::read_to_string(&version_file).ok();
        let stamp = Self::version_stamp(owner_version);
        let (schema, fields) = schema::build();
        let current = version.as_deref().map(str::trim) == Some(stamp.trim())
            && dir.join("meta.json").exists();
        if current {
            let index = Index::open_in_dir(dir)?;
            if index.schema() == schema {
                return Self::from_index(index, fields, false);
            }
        }
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                std::fs::remove_dir_all(&path)?;
            } else {
                std::fs::remove_file(&path)?;
            }
        }
        let index = Index::create_in_dir(dir, schema)?;
        std::fs::write(&version_file, &stamp)?;
        Self::from_index(index, fields, true)
    }

    fn from_index(index: Index, fields: Fields, fresh: bool) -> Result<Self, SearchError> {
        register(index.tokenizers())?;
        let writer = index.writer_with_num_threads(1, WRITER_MEMORY_BYTES)?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let search_index = Self {
            index,
            reader,
            writer: Mutex::new(writer),
            fields,
            state: RwLock::new(State::default()),
            suggester: RwLock::new(Arc::new(Suggester::default())),
            needs_rebuild: fresh,
            commit_payload: Mutex::new(None),
        };
        if !fresh {
            search_index.load_state()?;
        }
        Ok(search_index)
    }

    /// Restores the in-memory state from the stored documents of an index opened from disk.
    fn load_state(&self) -> Result<(), SearchError> {
        let searcher = self.reader.searcher();
        let mut state = State::default();
        for segment in searcher.segment_readers() {
            let store = segment.get_store_reader(64)?;
            for doc_id in 0..segment.max_doc() {
                if segment.is_deleted(doc_id) {
                    continue;
                }
                let stored: TantivyDocument = store.get(doc_id)?;
                if let Some(json) = stored
                    .get_first(self.fields.source)
                    .and_then(|v| v.as_str())
                {
                    state.add(serde_json::from_str(json)?);
                }
            }
        }
        let suggester = state.suggestions.snapshot()?;
        *self.state.write().unwrap_or_else(lock_poisoned) = state;
        *self.suggester.write().unwrap_or_else(lock_poisoned) = Arc::new(suggester);
        Ok(())
    }

    /// What the next commits record with the index (`IndexMeta::payload`), read back by
    /// [`Self::committed_payload`] after a restart: the owner's checkpoint.
    pub fn set_commit_payload(&self, payload: impl Into<String>) {
        *self.commit_payload.lock().unwrap_or_else(lock_poisoned) = Some(payload.into());
    }

    /// The payload of the last commit on disk (`None`: none recorded, or an index in memory
    /// that was never committed with one).
    pub fn committed_payload(&self) -> Result<Option<String>, SearchError> {
        Ok(self.index.load_metas()?.payload)
    }

    /// Whether the index was created empty (new, or replaced after a schema change) and should
    /// be fed with [`Self::rebuild`].
    pub fn needs_rebuild(&self) -> bool {
        self.needs_rebuild
    }

    /// Number of committed items.
    pub fn len(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes the index occupies in its directory (segments, not counting the in-memory state).
    pub fn size_bytes(&self) -> u64 {
        self.reader
            .searcher()
            .space_usage()
            .map(|usage| usage.total().get_bytes())
            .unwrap_or(0)
    }

    /// Adds documents, replacing any with the same id. Visible after [`Self::commit`].
    pub fn upsert<I>(&self, documents: I) -> Result<usize, SearchError>
    where
        I: IntoIterator<Item = SearchDocument>,
    {
        let writer = self.writer.lock().unwrap_or_else(lock_poisoned);
        let mut state = self.state.write().unwrap_or_else(lock_poisoned);
        let mut count = 0;
        for document in documents {
            let tantivy_document = self.to_tantivy(&document)?;
            writer.delete_term(Term::from_field_text(self.fields.id, &document.id));
            writer.add_document(tantivy_document)?;
            state.remove(&document.id);
            state.add(document);
            count += 1;
        }
        Ok(count)
    }

    /// Deletes an item by id. Visible after [`Self::commit`].
    pub fn delete(&self, id: &str) -> Result<(), SearchError> {
        let writer = self.writer.lock().unwrap_or_else(lock_poisoned);
        writer.delete_term(Term::from_field_text(self.fields.id, id));
        self.state.write().unwrap_or_else(lock_poisoned).remove(id);
        Ok(())
    }

    /// Makes staged changes visible to searches and suggestions.
    pub fn commit(&self) -> Result<(), SearchError> {
        let mut writer = self.writer.lock().unwrap_or_else(lock_poisoned);
        self.commit_locked(&mut writer, None)
    }

    /// Commits with the writer held; `replacement` (a rebuild's state) takes the place of the
    /// in-memory state at the moment the new content becomes visible.
    fn commit_locked(
        &self,
        writer: &mut IndexWriter<TantivyDocument>,
        replacement: Option<State>,
    ) -> Result<(), SearchError> {
        let payload = self
            .commit_payload
            .lock()
            .unwrap_or_else(lock_poisoned)
            .clone();
        let mut prepared = writer.prepare_commit()?;
        if let Some(payload) = payload {
            prepared.set_payload(&payload);
        }
        prepared.commit()?;
        let suggester = {
            let mut state = self.state.write().unwrap_or_else(lock_poisoned);
            self.reader.reload()?;
            if let Some(replacement) = replacement {
                *state = replacement;
            }
            state.suggestions.snapshot()?
        };
        *self.suggester.write().unwrap_or_else(lock_poisoned) = Arc::new(suggester);
        Ok(())
    }

    /// Replaces the whole content with `documents` and commits. Searches and suggestions keep
    /// answering from the previous content until the commit (the new in-memory state is built
    /// aside and swapped in with it).
    pub fn rebuild<I>(&self, documents: I) -> Result<usize, SearchError>
    where
        I: IntoIterator<Item = SearchDocument>,
    {
        let mut count = 0;
        {
            let mut writer = self.writer.lock().unwrap_or_else(lock_poisoned);
            writer.delete_all_documents()?;
            let mut fresh = State::default();
            for document in documents {
                // As `upsert`: a later document of the same id replaces an earlier one.
                writer.delete_term(Term::from_field_text(self.fields.id, &document.id));
                writer.add_document(self.to_tantivy(&document)?)?;
                fresh.remove(&document.id);
                fresh.add(document);
                count += 1;
            }
            self.commit_locked(&mut writer, Some(fresh))?;
        }
        if let Err(error) = self.compact() {
            // A merge tantivy's merge policy started may hold some of the segments: searches
            // stay exact, only a little slower until it ends.
            tracing::warn!(%error, "search index: compacting after the rebuild failed");
        }
        Ok(count)
    }

    /// Merges all segments into one. A rebuild leaves a segment per writer flush; every search
    /// pays per segment (term look-ups, facet counters merged by name), so the bulk load is
    /// compacted once. Later edits add small segments that tantivy's merge policy handles.
    pub fn compact(&self) -> Result<(), SearchError> {
        let mut writer = self.writer.lock().unwrap_or_else(lock_poisoned);
        let segments = self.index.searchable_segment_ids()?;
        if segments.len() > 1 {
            writer.merge(&segments).wait()?;
            // The merged segment is published at once; drop what the merge replaced.
            writer.garbage_collect_files().wait()?;
            self.reader.reload()?;
        }
        Ok(())
    }

    /// Number of segments searches run over.
    pub fn segment_count(&self) -> usize {
        self.reader.searcher().segment_readers().len()
    }

    /// The parameters items state, by key.
    pub fn parameters(&self) -> Vec<ParameterInfo> {
        let state = self.state.read().unwrap_or_else(lock_poisoned);
        state
            .parameters
            .iter()
            .filter_map(|(key, stats)| stats.info(key))
            .collect()
    }

    /// The dimension most items stating parameter `name` give it (`None`: no item states it).
    pub fn parameter_dimension(&self, name: &str) -> Option<Dimension> {
        self.parameter(name).ok().map(|info| info.dimension)
    }

    fn parameter(&self, name: &str) -> Result<ParameterInfo, QueryError> {
        let key = parameter_key(name);
        let state = self.state.read().unwrap_or_else(lock_poisoned);
        state
            .parameters
            .get(&key)
            .and_then(|stats| stats.info(&key))
            .ok_or_else(|| QueryError::UnknownParameter {
                name: name.trim().to_string(),
            })
    }

    /// Up to `size` (at most 15) completions of `prefix`.
    pub fn suggest(&self, prefix: &str, size: usize) -> Vec<String> {
        let suggester = Arc::clone(&self.suggester.read().unwrap_or_else(lock_poisoned));
        suggester.suggest(prefix, size.min(MAX_SUGGESTIONS))
    }

    fn to_tantivy(&self, document: &SearchDocument) -> Result<TantivyDocument, SearchError> {
        let f = &self.fields;
        let mut doc = TantivyDocument::default();
        doc.add_text(f.id, &document.id);
        if let Some(number) = numeric_id(&document.id) {
            doc.add_u64(f.id_number, number);
        }
        doc.add_text(f.source, serde_json::to_string(document)?);
        let mut identifiers = HashSet::new();
        for identifier in std::iter::once(&document.part_number).chain(&document.aliases) {
            let key = identifier_key(identifier);
            if !key.is_empty() && identifiers.insert(key.clone()) {
                doc.add_text(f.ident_exact, &key);
                doc.add_text(f.ident_prefix, &key);
            }
        }
        doc.add_text(f.name, &document.name);
        doc.add_text(f.description, &document.description);
        for keyword in &document.keywords {
            doc.add_text(f.keywords, keyword);
        }
        for category in &document.categories {
            doc.add_text(f.category_text, &category.name);
            doc.add_text(f.category_text, &category.name_en);
            doc.add_text(f.category, &category.code);
            doc.add_facet(f.facets, facet("category", &category.code));
        }
        if let Some(manufacturer) = non_empty(&document.manufacturer) {
            doc.add_text(f.manufacturer, manufacturer.to_lowercase());
            doc.add_facet(f.facets, facet("manufacturer", manufacturer));
        }
        if let Some(package) = non_empty(&document.package) {
            doc.add_text(f.package_text, package);
            doc.add_text(f.package, package.to_lowercase());
            doc.add_facet(f.facets, facet("package", package));
        }
        let mut sort_values = BTreeMap::new();
        let mut seen_parameters = HashSet::new();
        for parameter in &document.parameters {
            let key = parameter_key(&parameter.name);
            if key.is_empty() {
                continue;
            }
            if let Some((low, high)) = parameter.bounds() {
                add_quantity(&mut doc, f, &named_key(&key), low, high);
                add_quantity(&mut doc, f, &dimension_key(parameter.dimension), low, high);
            }
            if seen_parameters.insert(key.clone()) {
                doc.add_facet(f.facets, facet("param", &key));
                if let Some(value) = parameter.sort_value() {
                    sort_values.insert(sort_path_key(&key), OwnedValue::F64(value));
                }
            }
        }
        // Values written in the text (`100nF/50V`, `2.7V to 5.5V`) match value keywords too.
        for text in [&document.name, &document.description] {
            for (dimension, value) in units::extract_params(text) {
                let low = value.min.or(value.typ);
                let high = value.max.or(value.typ);
                if let (Some(low), Some(high)) = (low, high) {
                    add_quantity(&mut doc, f, &dimension_key(dimension), low, high);
                }
            }
        }
        doc.add_f64(f.quality, f64::from(quality_factor(document.quality)));
        doc.add_text(f.part_number_sort, document.part_number.to_lowercase());
        if !sort_values.is_empty() {
            doc.add_object(f.parameter_sort, sort_values);
        }
        Ok(doc)
    }

    /// Runs a search, counting every facet.
    pub fn search(&self, request: &SearchRequest) -> Result<SearchResults, SearchError> {
        self.search_with_facets(request, &FacetKind::ALL)
    }

    /// Runs a search, counting only the facets in `facets` (the others stay empty: a library
    /// without packages neither pays for nor answers a package facet).
    pub fn search_with_facets(
        &self,
        request: &SearchRequest,
        facets: &[FacetKind],
    ) -> Result<SearchResults, SearchError> {
        let (keywords, value_keywords) = request.validate()?;
        let mut kinds: Vec<FacetKind> = facets.to_vec();
        kinds.sort_unstable();
        kinds.dedup();
        let roots: Vec<&str> = kinds.iter().map(|kind| kind.root()).collect();
        let query = self.build_query(&keywords, &value_keywords, request)?;
        let searcher = self.reader.searcher();
        let offset = (request.page - 1) * request.size;
        let top = TopDocs::with_limit(request.size).and_offset(offset);
        let facet_tally = (request.facet_limit > 0 && !roots.is_empty())
            .then(|| FacetTally::new("facets", &roots, request.facet_limit));
        let (total, addresses, facet_counts): (
            usize,
            Vec<(f32, tantivy::DocAddress)>,
            Option<RootValues>,
        ) = match &request.sort {
            SortOrder::Relevance => {
                // The text score times the item's quality factor, plus the factor as a tie-break.
                let collector = top.tweak_score(|segment: &tantivy::SegmentReader| {
                    let column = segment.fast_fields().f64("quality").ok();
                    move |doc: tantivy::DocId, score: tantivy::Score| -> tantivy::Score {
                        let factor = column
                            .as_ref()
                            .and_then(|column| column.first(doc))
                            .map_or(1.0, |factor| factor as f32);
                        score * factor + QUALITY_TIE_BREAK * factor
                    }
                });
                let (total, top, facets) = run(&searcher, &query, collector, facet_tally)?;
                (total, top, facets)
            }
            SortOrder::PartNumber { descending } => {
                let collector =
                    top.order_by_string_fast_field("part_number_sort", order(*descending));
                let (total, top, facets) = run(&searcher, &query, collector, facet_tally)?;
                (
                    total,
                    top.into_iter().map(|(_, a)| (0.0, a)).collect(),
                    facets,
                )
            }
            SortOrder::Parameter { name, descending } => {
                let path = format!("parameter_sort.{}", sort_path_key(&parameter_key(name)));
                let sign = if *descending { 1.0 } else { -1.0 };
                // The collector keeps the highest keys: ascending order negates the value.
                let collector = top.tweak_score(move |segment: &tantivy::SegmentReader| {
                    let column = segment
                        .fast_fields()
                        .column_opt::<f64>(&path)
                        .ok()
                        .flatten();
                    move |doc: tantivy::DocId, _score: tantivy::Score| -> f64 {
                        column
                            .as_ref()
                            .and_then(|column| column.first(doc))
                            .filter(|value| value.is_finite())
                            .map_or(f64::NEG_INFINITY, |value| sign * value)
                    }
                });
                let (total, top, facets) = run(&searcher, &query, collector, facet_tally)?;
                (
                    total,
                    top.into_iter().map(|(_, a)| (0.0, a)).collect(),
                    facets,
                )
            }
        };
        let keyword_keys: HashSet<String> = keywords.iter().map(|k| identifier_key(k)).collect();
        let state = self.state.read().unwrap_or_else(lock_poisoned);
        let mut hits = Vec::with_capacity(addresses.len());
        let mut id_columns = HashMap::new();
        let mut id = String::new();
        for (score, address) in addresses {
            let columns = match id_columns.entry(address.segment_ord) {
                std::collections::hash_map::Entry::Occupied(entry) => entry.into_mut(),
                std::collections::hash_map::Entry::Vacant(entry) => entry.insert(IdColumns::open(
                    searcher.segment_reader(address.segment_ord),
                )?),
            };
            if !columns.id_of(address.doc_id, &mut id)? {
                continue;
            }
            let Some(document) = state.documents.get(id.as_str()) else {
                continue;
            };
            let exact = std::iter::once(&document.part_number)
                .chain(&document.aliases)
                .any(|identifier| keyword_keys.contains(&identifier_key(identifier)));
            hits.push(SearchHit {
                id: id.clone(),
                score,
                exact,
                document: Arc::clone(document),
                payload: state.payload(&id)?,
            });
        }
        drop(state);
        let facets =
            facet_counts.map_or_else(Facets::default, |counts| self.facets(&kinds, counts));
        Ok(SearchResults {
            total,
            page: request.page,
            size: request.size,
            hits,
            facets,
        })
    }

    /// Sorts the counted values of `kinds` (in their order) into [`Facets`], naming the
    /// parameters by their written name.
    fn facets(&self, kinds: &[FacetKind], counts: RootValues) -> Facets {
        let mut facets = Facets::default();
        let state = self.state.read().unwrap_or_else(lock_poisoned);
        for (kind, values) in kinds.iter().zip(counts) {
            match kind {
                FacetKind::Category => facets.categories = values,
                FacetKind::Manufacturer => facets.manufacturers = values,
                FacetKind::Package => facets.packages = values,
                FacetKind::Parameter => {
                    facets.parameters = values
                        .into_iter()
                        .map(|value| FacetValue {
                            value: state
                                .parameters
                                .get(&value.value)
                                .map(|stats| stats.name.clone())
                                .unwrap_or(value.value),
                            count: value.count,
                        })
                        .collect()
                }
            }
        }
        facets
    }

    fn build_query(
        &self,
        keywords: &[String],
        value_keywords: &[String],
        request: &SearchRequest,
    ) -> Result<Box<dyn Query>, SearchError> {
        let f = &self.fields;
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for keyword in keywords {
            clauses.push((Occur::Must, self.keyword_query(keyword)));
        }
        for text in value_keywords {
            let quantity = value_quantity(text)
                .ok_or_else(|| QueryError::InvalidValueKeyword { text: text.clone() })?;
            clauses.push((Occur::Must, equal_value(f, &quantity)));
        }
        if let Some(category) = request
            .category
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
        {
            clauses.push((Occur::Must, filter(term_query(f.category, category))));
        }
        if let Some(query) = any_of(f.manufacturer, &request.manufacturers) {
            clauses.push((Occur::Must, filter(query)));
        }
        if let Some(query) = any_of(f.package, &request.packages) {
            clauses.push((Occur::Must, filter(query)));
        }
        for range in &request.ranges {
            clauses.push((Occur::Must, filter(self.range_query(range)?)));
        }
        if let SortOrder::Parameter { name, .. } = &request.sort {
            let parameter = self.parameter(name)?;
            let everything = overlap(
                f,
                &named_key(&parameter.key),
                f64::NEG_INFINITY,
                f64::INFINITY,
            );
            clauses.push((Occur::Must, filter(everything)));
        }
        if clauses.is_empty() {
            return Ok(Box::new(AllQuery));
        }
        Ok(Box::new(BooleanQuery::new(clauses)))
    }

    fn range_query(&self, range: &RangeFilter) -> Result<Box<dyn Query>, QueryError> {
        let parameter = self.parameter(&range.parameter)?;
        let read = |text: &Option<String>, unbounded: f64| -> Result<f64, QueryError> {
            match text {
                None => Ok(unbounded),
                Some(text) => units::parse_quantity_as(text, parameter.dimension)
                    .map(|quantity| quantity.value)
                    .map_err(|_| QueryError::InvalidRangeValue {
                        name: parameter.name.clone(),
                        text: text.clone(),
                    }),
            }
        };
        let low = read(&range.min, f64::NEG_INFINITY)?;
        let high = read(&range.max, f64::INFINITY)?;
        if low > high {
            return Err(QueryError::InvertedRange {
                name: parameter.name.clone(),
            });
        }
        let (low, high) = widen(low, high);
        Ok(overlap(&self.fields, &named_key(&parameter.key), low, high))
    }

    /// One keyword: matches through any of its text words (with synonyms), its identifier
    /// (exact or prefix), the package code, or its value.
    fn keyword_query(&self, keyword: &str) -> Box<dyn Query> {
        let f = &self.fields;
        let manager = self.index.tokenizers();
        let mut alternatives: Vec<(Occur, Box<dyn Query>)> = Vec::new();

        let words = tokens(manager, TEXT_QUERY, keyword);
        if !words.is_empty() {
            let all_words: Vec<(Occur, Box<dyn Query>)> = words
                .iter()
                .map(|word| (Occur::Must, self.word_query(word)))
                .collect();
            alternatives.push((Occur::Should, Box::new(BooleanQuery::new(all_words))));
        }
        for synonym in synonyms_of(keyword.trim()) {
            if let Some(query) = self.all_words_query(synonym) {
                alternatives.push((Occur::Should, query));
            }
        }

        // 德州仪器, TI, 意法 …: the items of that manufacturer (any catalogue spelling, prefix).
        if let Some(entry) = glossary_manufacturer(keyword) {
            for name in entry.names {
                let name = name.to_lowercase();
                alternatives.push((
                    Occur::Should,
                    Box::new(ConstScoreQuery::new(
                        Box::new(RangeQuery::new(
                            Bound::Included(Term::from_field_text(f.manufacturer, &name)),
                            Bound::Excluded(Term::from_field_text(
                                f.manufacturer,
                                &format!("{name}\u{10FFFF}"),
                            )),
                        )),
                        MANUFACTURER_SCORE,
                    )),
                ));
            }
        }

        let key = identifier_key(keyword);
        if !key.is_empty() {
            alternatives.push((
                Occur::Should,
                Box::new(ConstScoreQuery::new(
                    term_query(f.ident_exact, &key),
                    EXACT_IDENTIFIER_SCORE,
                )),
            ));
            let chars = key.chars().count();
            if chars >= MIN_PREFIX_CHARS {
                let prefix: Box<dyn Query> = if chars <= MAX_PREFIX_CHARS {
                    term_query(f.ident_prefix, &key)
                } else {
                    // Longer than the n-grams: the term range of every key starting with it.
                    Box::new(RangeQuery::new(
                        Bound::Included(Term::from_field_text(f.ident_exact, &key)),
                        Bound::Excluded(Term::from_field_text(
                            f.ident_exact,
                            &format!("{key}\u{10FFFF}"),
                        )),
                    ))
                };
                alternatives.push((
                    Occur::Should,
                    Box::new(ConstScoreQuery::new(prefix, PREFIX_IDENTIFIER_SCORE)),
                ));
            }
        }

        let codes = tokens(manager, CODE, keyword);
        if !codes.is_empty() {
            let all_codes: Vec<(Occur, Box<dyn Query>)> = codes
                .iter()
                .map(|code| (Occur::Must, term_query(f.package_text, code)))
                .collect();
            alternatives.push((
                Occur::Should,
                Box::new(BoostQuery::new(
                    Box::new(BooleanQuery::new(all_codes)),
                    PACKAGE_BOOST,
                )),
            ));
        }

        if let Some(quantity) = value_quantity(keyword) {
            alternatives.push((Occur::Should, equal_value(f, &quantity)));
        } else if let Some(quantity) = resistance_shorthand(keyword) {
            alternatives.push((Occur::Should, equal_value(f, &quantity)));
        }
        Box::new(BooleanQuery::new(alternatives))
    }

    /// A text word in any text field, the best field counting (name > keywords, category >
    /// description).
    fn word_query(&self, word: &str) -> Box<dyn Query> {
        let f = &self.fields;
        let fields = [
            (f.name, 3.0),
            (f.keywords, 2.0),
            (f.category_text, 2.0),
            (f.description, 1.0),
        ];
        let per_field: Vec<Box<dyn Query>> = fields
            .iter()
            .map(|(field, boost)| -> Box<dyn Query> {
                Box::new(BoostQuery::new(
                    Box::new(TermQuery::new(
                        Term::from_field_text(*field, word),
                        IndexRecordOption::WithFreqs,
                    )),
                    *boost,
                ))
            })
            .collect();
        Box::new(DisjunctionMaxQuery::with_tie_breaker(per_field, 0.1))
    }

    fn all_words_query(&self, text: &str) -> Option<Box<dyn Query>> {
        let words = tokens(self.index.tokenizers(), TEXT_QUERY, text);
        if words.is_empty() {
            return None;
        }
        let clauses = words
            .iter()
            .map(|word| (Occur::Must, self.word_query(word)))
            .collect();
        Some(Box::new(BooleanQuery::new(clauses)))
    }
}

/// A document id as the number column holds it: only an id that is the plain decimal writing
/// of a `u64` (`"42"`, not `"042"` or `"a1"`), so that the number reads back as the same id.
fn numeric_id(id: &str) -> Option<u64> {
    id.parse::<u64>()
        .ok()
        .filter(|number| number.to_string() == id)
}

/// One segment's id columns: the number column answers in constant time; the text column is
/// read for the ids that are no number.
struct IdColumns {
    numbers: Option<tantivy::columnar::Column<u64>>,
    texts: Option<tantivy::columnar::StrColumn>,
}

impl IdColumns {
    fn open(segment: &tantivy::SegmentReader) -> Result<Self, SearchError> {
        let fast = segment.fast_fields();
        Ok(Self {
            numbers: fast.u64("id_number").ok(),
            texts: fast.str("id")?,
        })
    }

    /// Writes the id of `doc` into `id`; `false` when the segment has none for it.
    fn id_of(&self, doc: tantivy::DocId, id: &mut String) -> Result<bool, SearchError> {
        id.clear();
        if let Some(number) = self.numbers.as_ref().and_then(|column| column.first(doc)) {
            use std::fmt::Write;
            let _ = write!(id, "{number}");
            return Ok(true);
        }
        let Some(texts) = &self.texts else {
            return Ok(false);
        };
        let Some(ordinal) = texts.term_ords(doc).next() else {
            return Ok(false);
        };
        Ok(texts.ord_to_str(ordinal, id)?)
    }
}

fn run<C>(
    searcher: &tantivy::Searcher,
    query: &dyn Query,
    top: C,
    facets: Option<FacetTally>,
) -> Result<(usize, C::Fruit, Option<RootValues>), SearchError>
where
    C: Collector,
{
    Ok(searcher.search(query, &(Count, top, facets))?)
}

fn order(descending: bool) -> Order {
    if descending {
        Order::Desc
    } else {
        Order::Asc
    }
}

fn non_empty(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

fn facet(root: &str, value: &str) -> Facet {
    // The facet encoding separates steps with NUL; a value never contains one.
    Facet::from_path([root, &value.replace('\0', "")])
}

fn term_query(field: tantivy::schema::Field, text: &str) -> Box<dyn Query> {
    Box::new(TermQuery::new(
        Term::from_field_text(field, text),
        IndexRecordOption::Basic,
    ))
}

/// A filter: must match, adds nothing to the score.
fn filter(query: Box<dyn Query>) -> Box<dyn Query> {
    Box::new(ConstScoreQuery::new(query, 0.0))
}

fn any_of(field: tantivy::schema::Field, values: &[String]) -> Option<Box<dyn Query>> {
    let clauses: Vec<(Occur, Box<dyn Query>)> = values
        .iter()
        .map(|v| v.trim().to_lowercase())
        .filter(|v| !v.is_empty())
        .map(|v| (Occur::Should, term_query(field, &v)))
        .collect();
    (!clauses.is_empty()).then(|| Box::new(BooleanQuery::new(clauses)) as Box<dyn Query>)
}

fn add_quantity(doc: &mut TantivyDocument, fields: &Fields, key: &str, low: f64, high: f64) {
    if low == high {
        doc.add_text(fields.quantity, quantity_term(Side::Point, key, low));
    } else {
        doc.add_text(fields.quantity, quantity_term(Side::Low, key, low));
        doc.add_text(fields.quantity, quantity_term(Side::High, key, high));
    }
}

/// Items whose stated values under `key` meet `[low, high]`: a single value inside it (exact),
/// or a stated range overlapping it (lower end ≤ high and upper end ≥ low; an item stating two
/// ranges under one key may match through the ends of different ranges).
fn overlap(fields: &Fields, key: &str, low: f64, high: f64) -> Box<dyn Query> {
    scored_overlap(fields, key, low, high, (0.0, 0.0))
}

/// [`overlap`] scoring a single value inside with `scores.0`, an overlapping range with `scores.1`.
fn scored_overlap(
    fields: &Fields,
    key: &str,
    low: f64,
    high: f64,
    scores: (f32, f32),
) -> Box<dyn Query> {
    let term =
        |side, value| Term::from_field_text(fields.quantity, &quantity_term(side, key, value));
    let point_inside = RangeQuery::new(
        Bound::Included(term(Side::Point, low)),
        Bound::Included(term(Side::Point, high)),
    );
    let lower_end_below = RangeQuery::new(
        Bound::Included(term(Side::Low, f64::NEG_INFINITY)),
        Bound::Included(term(Side::Low, high)),
    );
    let upper_end_above = RangeQuery::new(
        Bound::Included(term(Side::High, low)),
        Bound::Included(term(Side::High, f64::INFINITY)),
    );
    let range_overlaps = BooleanQuery::new(vec![
        (Occur::Must, Box::new(lower_end_below) as Box<dyn Query>),
        (Occur::Must, Box::new(upper_end_above)),
    ]);
    Box::new(BooleanQuery::new(vec![
        (
            Occur::Should,
            Box::new(ConstScoreQuery::new(Box::new(point_inside), scores.0)) as Box<dyn Query>,
        ),
        (
            Occur::Should,
            Box::new(ConstScoreQuery::new(Box::new(range_overlaps), scores.1)),
        ),
    ]))
}

/// Widens a range by the relative epsilon of the `units` crate, so that `10000nF` and `10uF`,
/// whose canonical values differ by rounding, still meet.
fn widen(low: f64, high: f64) -> (f64, f64) {
    let eps = units::RELATIVE_EPSILON;
    (low - low.abs() * eps, high + high.abs() * eps)
}

/// Items stating `quantity` under any parameter of its dimension, or in their text: an equal
/// value scores [`VALUE_SCORE`], a range containing it [`VALUE_IN_RANGE_SCORE`].
fn equal_value(fields: &Fields, quantity: &units::Quantity) -> Box<dyn Query> {
    let (low, high) = widen(quantity.value, quantity.value);
    scored_overlap(
        fields,
        &dimension_key(quantity.dimension),
        low,
        high,
        (VALUE_SCORE, VALUE_IN_RANGE_SCORE),
    )
}

/// The value of a keyword: the spec's capacitance/inductance rule first, then any quantity
/// with a physical dimension (`3.3V`, `4k7Ω`). Bare numbers (`0603`) and words that merely
/// contain a number (`STM32F10`) are not values.
pub fn value_quantity(text: &str) -> Option<units::Quantity> {
    // A value starts with its number: `stm32f10` must not read as 32 °F.
    let starts_with_number = text
        .trim_start_matches(['+', '-', '±', '~', ' '])
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_digit() || c == '.');
    if !starts_with_number {
        return None;
    }
    if let Some(quantity) = units::keyword_quantity(text) {
        return Some(quantity);
    }
    units::parse_quantity(text)
        .ok()
        .filter(|q| !matches!(q.dimension, Dimension::Dimensionless | Dimension::Ratio))
        .filter(|q| q.value.is_finite())
}

/// A resistance written the way engineers type it, without the ohm sign: `4.7k`, `4k7`, `10K`,
/// `1M`, `100R`, `4R7` (one of the letters k/K/M/R, as a multiplier or in place of the decimal
/// point, IEC 60062). Used as one more way a keyword matches, never as a `notAnalyzerKeyWords`
/// value: `10k` alone names no dimension.
pub fn resistance_shorthand(text: &str) -> Option<units::Quantity> {
    let text = text.trim();
    let letters: Vec<(usize, char)> = text
        .char_indices()
        .filter(|(_, c)| !(c.is_ascii_digit() || *c == '.'))
        .collect();
    let [(at, letter)] = letters.as_slice() else {
        return None;
    };
    let multiplier = match letter {
        'R' | 'r' => 1.0,
        'k' | 'K' => 1e3,
        'M' => 1e6,
        _ => return None,
    };
    let (whole, fraction) = (&text[..*at], &text[at + letter.len_utf8()..]);
    let number = if fraction.is_empty() {
        whole.to_string()
    } else if whole.contains('.') || fraction.contains('.') {
        return None;
    } else {
        format!("{whole}.{fraction}")
    };
    let starts_with_digit = number.starts_with(|c: char| c.is_ascii_digit());
    let value = number.parse::<f64>().ok().filter(|_| starts_with_digit)? * multiplier;
    value.is_finite().then_some(units::Quantity {
        dimension: Dimension::Resistance,
        value,
    })
}

#[cfg(test)]
mod tests {
    use super::{resistance_shorthand, value_quantity};

    #[test]
    fn resistances_read_without_the_ohm_sign() {
        let ohms = |text: &str| resistance_shorthand(text).map(|q| q.value);
        for (text, expected) in [
            ("4.7k", 4700.0),
            ("4k7", 4700.0),
            ("4K7", 4700.0),
            ("10k", 10e3),
            ("1M", 1e6),
            ("1M5", 1.5e6),
            ("100R", 100.0),
            ("4R7", 4.7),
        ] {
            assert!(
                ohms(text).is_some_and(|v| units::approx_eq(v, expected)),
                "{text}"
            );
        }
        for other in [
            "0603", "10uF", "k7", "4.7.k", "4.7k7", "1m", "2N7002", "STM32", "", "4kk",
        ] {
            assert_eq!(ohms(other), None, "{other}");
        }
    }

    #[test]
    fn only_numbers_with_units_are_values() {
        for value in ["10uF", "10 µF", "0.01mF", "3.3V", "-40℃", "4k7Ω", ".1uF"] {
            assert!(value_quantity(value).is_some(), "{value}");
        }
        for other in [
            "stm32f10",
            "STM32F103C8",
            "0603",
            "LM358",
            "NE555",
            "10k",
            "运放",
            "",
        ] {
            assert!(value_quantity(other).is_none(), "{other}");
        }
    }
}
