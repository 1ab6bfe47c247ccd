//! The import skeleton every library's importer runs on: its sources hand over records in
//! batches (or rejections naming a record), the kit validates each record ([`validate`]),
//! refuses a second record with the same import key in one run, upserts the rest in batches
//! through [`ItemRepository::upsert`], and keeps the counts ([`ImportReport`], with the
//! library's own counters in `extra`) and an observable progress ([`ImportProgress`]: an
//! indicatif bar for the CLI, a `tokio::sync::watch` for routes and tests). [`seed_once`] is the
//! digest-gated seeding on start. docs/adding-a-library.md ("Importing") says who checks what.

use std::{
    collections::{HashMap, HashSet},
    future::Future,
    ops::{Deref, DerefMut},
    str::FromStr,
    sync::{Arc, Mutex, OnceLock},
    time::{Duration, Instant},
};

use anyhow::Context;
use serde::Serialize;
use sqlx::{ConnectOptions, Connection};
use tokio::sync::watch;

use super::{
    model::{NewItem, UpsertReport},
    store::{ItemRepository, ItemStore},
};

/// How many rejection reasons a report keeps (the count is always complete).
pub const REPORTED_REASONS: usize = 20;

/// A record a source could not turn into an item, or that the kit refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    /// What names the record in its source (`kicad/Device:R`, `fritzing/x.fzp`, a file name).
    pub record: String,
    pub reason: String,
}

impl Rejection {
    pub fn new(record: impl Into<String>, reason: impl Into<String>) -> Self {
        Self {
            record: record.into(),
            reason: reason.into(),
        }
    }
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.record.is_empty() {
            f.write_str(&self.reason)
        } else {
            write!(f, "{}: {}", self.record, self.reason)
        }
    }
}

/// What one import did. `X` holds the library's own counters (components: uncategorised,
/// without manufacturer, missing footprints); it is flattened into the JSON and reachable as
/// fields of the report (`report.uncategorised`) through `Deref`.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport<X = ()> {
    /// Records read from the sources (valid or not; rejections a source reports without a
    /// record are not counted here).
    pub read: usize,
    pub stored: UpsertReport,
    /// Records that could not be read, or that the kit refused.
    pub rejected: usize,
    /// The first [`REPORTED_REASONS`] reasons, `<record>: <reason>`.
    pub reasons: Vec<String>,
    #[serde(flatten)]
    pub extra: X,
    #[serde(skip)]
    pub elapsed: Duration,
}

impl<X> ImportReport<X> {
    /// Counts one rejection, keeping its reason while fewer than [`REPORTED_REASONS`] are kept.
    pub fn reject(&mut self, rejection: &Rejection) {
        self.rejected += 1;
        if self.reasons.len() < REPORTED_REASONS {
            self.reasons.push(rejection.to_string());
        }
    }
}

impl<X> Deref for ImportReport<X> {
    type Target = X;
    fn deref(&self) -> &X {
        &self.extra
    }
}

impl<X> DerefMut for ImportReport<X> {
    fn deref_mut(&mut self) -> &mut X {
        &mut self.extra
    }
}

/// Where an import is, as a route or a test reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgressState {
    /// What the importer reads now (`Device`, `Fritzing`, …), set by the library.
    pub phase: String,
    /// Steps done and planned (the library chooses the step: a file, a batch).
    pub done: u64,
    pub total: u64,
    pub read: usize,
    pub rejected: usize,
    /// Set once the run has ended.
    pub finished: bool,
}

/// The progress of one import: a `watch` anyone can subscribe to, and an indicatif bar when
/// asked for (the CLI).
#[derive(Debug, Clone)]
pub struct ImportProgress {
    sender: Arc<watch::Sender<ProgressState>>,
    bar: indicatif::ProgressBar,
}

impl Default for ImportProgress {
    fn default() -> Self {
        Self::hidden()
    }
}

impl ImportProgress {
    /// Observable through [`ImportProgress::subscribe`] only.
    pub fn hidden() -> Self {
        Self {
            sender: Arc::new(watch::channel(ProgressState::default()).0),
            bar: indicatif::ProgressBar::hidden(),
        }
    }

    /// Also drawn on standard error; `unit` names the step (`libraries`).
    pub fn with_bar(unit: &str) -> Self {
        let bar = indicatif::ProgressBar::new(0);
        let template =
            format!("{{spinner}} [{{elapsed_precise}}] {{bar:40}} {{pos}}/{{len}} {unit} {{msg}}");
        if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
            bar.set_style(style);
        }
        Self {
            bar,
            ..Self::hidden()
        }
    }

    /// A bar on standard error when `bar` (the CLI's `--progress`), else hidden.
    pub fn with_bar_if(bar: bool, unit: &str) -> Self {
        if bar {
            Self::with_bar(unit)
        } else {
            Self::hidden()
        }
    }

    pub fn subscribe(&self) -> watch::Receiver<ProgressState> {
        self.sender.subscribe()
    }

    pub fn state(&self) -> ProgressState {
        self.sender.borrow().clone()
    }

    /// Adds `steps` to the planned total.
    pub fn plan(&self, steps: u64) {
        self.bar.inc_length(steps);
        self.sender.send_modify(|state| state.total += steps);
    }

    pub fn set_phase(&self, phase: &str) {
        self.bar.set_message(phase.to_owned());
        self.sender
            .send_modify(|state| state.phase = phase.to_owned());
    }

    /// One planned step done.
    pub fn advance(&self) {
        self.bar.inc(1);
        self.sender.send_modify(|state| state.done += 1);
    }

    fn count(&self, read: usize, rejected: usize) {
        self.sender.send_if_modified(|state| {
            let changed = state.read != read || state.rejected != rejected;
            state.read = read;
            state.rejected = rejected;
            changed
        });
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
        self.sender.send_modify(|state| state.finished = true);
    }
}

/// The kit's checks of one record, whatever its library: the import key and the names are
/// there, the attributes are an object, every parameter names a known dimension and has finite
/// values with `min ≤ typ ≤ max` where given, every file has a kind, a name, a size and a
/// SHA-256 digest, every link a target. What only the library knows (its category rules, its
/// extension columns, its own formats) it checks while reading its sources.
pub fn validate(item: &NewItem) -> Result<(), String> {
    for (field, value) in [
        ("source", &item.source),
        ("source id", &item.source_id),
        ("code", &item.code),
        ("name", &item.name),
        ("license", &item.license),
    ] {
        if value.trim().is_empty() {
            return Err(format!("empty {field}"));
        }
    }
    if !item.attributes.is_object() {
        return Err("attributes are not a JSON object".to_owned());
    }
    for parameter in &item.parameters {
        let name = || format!("parameter {:?}", parameter.original);
        if let Err(error) = units::Dimension::from_str(&parameter.dimension) {
            return Err(format!("{}: {error}", name()));
        }
        let values = [
            ("min", parameter.min),
            ("typ", parameter.typ),
            ("max", parameter.max),
        ];
        if let Some((which, value)) = values
            .iter()
            .find_map(|(which, value)| value.filter(|v| !v.is_finite()).map(|v| (which, v)))
        {
            return Err(format!(
                "{}: {which} {value} is not a finite number",
                name()
            ));
        }
        let given: Vec<f64> = values.iter().filter_map(|(_, value)| *value).collect();
        if given.windows(2).any(|pair| pair[0] > pair[1]) {
            return Err(format!(
                "{}: min {:?}, typ {:?}, max {:?} are out of order",
                name(),
                parameter.min,
                parameter.typ,
                parameter.max
            ));
        }
    }
    for file in &item.files {
        if file.kind.trim().is_empty() || file.name.trim().is_empty() {
            return Err(format!(
                "file {:?} of kind {:?}: empty kind or name",
                file.name, file.kind
            ));
        }
        if file.size < 0 {
            return Err(format!("file {}: negative size {}", file.name, file.size));
        }
        let digest_ok = file.digest.len() == 64
            && file
                .digest
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if !digest_ok {
            return Err(format!(
                "file {}: digest {:?} is not a SHA-256 in lowercase hex",
                file.name, file.digest
            ));
        }
    }
    for link in &item.links {
        if link.kind.trim().is_empty()
            || link.target_source.trim().is_empty()
            || link.target_source_id.trim().is_empty()
        {
            return Err(format!(
                "link {:?} to {}/{}: empty kind or target",
                link.kind, link.target_source, link.target_source_id
            ));
        }
    }
    Ok(())
}

/// One import in progress: the library's sources feed it, it stores and counts.
pub struct ImportRun<X = ()> {
    report: ImportReport<X>,
    /// Import keys stored in this run: a record key is unique within one import.
    seen: HashSet<(String, String)>,
    progress: ImportProgress,
    started: Instant,
}

impl<X: Default> ImportRun<X> {
    pub fn new(progress: ImportProgress) -> Self {
        Self {
            report: ImportReport::default(),
            seen: HashSet::new(),
            progress,
            started: Instant::now(),
        }
    }
}

impl<X> ImportRun<X> {
    pub fn progress(&self) -> &ImportProgress {
        &self.progress
    }

    /// The report so far (the library adds its counters through `extra`).
    pub fn report(&mut self) -> &mut ImportReport<X> {
        &mut self.report
    }

    /// A record a source could not read.
    pub fn reject(&mut self, rejection: Rejection) {
        self.report.reject(&rejection);
        self.progress.count(self.report.read, self.report.rejected);
    }

    /// Validates one batch of records, refuses those whose import key this run has already
    /// stored, and upserts the rest in one transaction. Returns what the upsert did; a
    /// database error fails the import (a bad record never does).
    pub async fn store(
        &mut self,
        store: &ItemRepository,
        records: Vec<NewItem>,
    ) -> anyhow::Result<UpsertReport> {
        let (accepted, rejections) = self.screen(records);
        for rejection in rejections {
            self.report.reject(&rejection);
        }
        let stored = if accepted.is_empty() {
            UpsertReport::default()
        } else {
            store.upsert(&accepted).await?
        };
        self.report.stored.add(stored);
        self.progress.count(self.report.read, self.report.rejected);
        Ok(stored)
    }

    /// Counts `records` as read and splits them into those to store and those refused.
    fn screen(&mut self, records: Vec<NewItem>) -> (Vec<NewItem>, Vec<Rejection>) {
        self.report.read += records.len();
        let mut accepted = Vec::with_capacity(records.len());
        let mut rejections = Vec::new();
        for record in records {
            let name = format!("{}/{}", record.source, record.source_id);
            if let Err(reason) = validate(&record) {
                rejections.push(Rejection::new(name, reason));
            } else if !self
                .seen
                .insert((record.source.clone(), record.source_id.clone()))
            {
                rejections.push(Rejection::new(
                    name,
                    "a second record with this key in one import; the first is kept",
                ));
            } else {
                accepted.push(record);
            }
        }
        (accepted, rejections)
    }

    /// Ends the run: the bar is cleared, the progress marked finished, the time taken set.
    pub fn finish(mut self) -> ImportReport<X> {
        self.report.elapsed = self.started.elapsed();
        self.progress.finish();
        self.report
    }
}

/// What [`seed_once`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeedOutcome<T> {
    /// `seed_state` already held the digest.
    Current,
    /// The import ran and its digest is recorded.
    Imported(T),
}

/// Serialises the seeders of one SQLite process (SQLite has no advisory locks, and holding its
/// write lock across the import would block the import's own writes). Keyed by seed name.
fn sqlite_seed_lock(seed: &str) -> Arc<tokio::sync::Mutex<()>> {
    static LOCKS: OnceLock<Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>> = OnceLock::new();
    let mut locks = LOCKS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    Arc::clone(locks.entry(seed.to_owned()).or_default())
}

/// The key of a seed's PostgreSQL advisory lock: stable across processes and builds.
fn advisory_key(seed: &str) -> i64 {
    use sha2::Digest;
    let hash = sha2::Sha256::digest(format!("catalog-seed:{seed}").as_bytes());
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&hash[..8]);
    i64::from_be_bytes(bytes)
}

/// Digest-gated seeding: runs `import` unless `seed_state` holds `digest` for `seed`, then
/// records `digest`. `digest` covers the inputs and the importer's revision (raise the revision
/// when the importer's output for the same inputs changes). Seeders of the same database are
/// serialised, so a burst of starts imports once and the others find the digest: on PostgreSQL
/// by a session advisory lock on a connection of its own (outside the pool, which the import
/// uses; released if the process dies), on SQLite by a lock of the process. A failed import
/// records nothing, so the next start tries again.
pub async fn seed_once<T, F, Fut>(
    db: &kernel::Database,
    seed: &str,
    digest: &str,
    import: F,
) -> anyhow::Result<SeedOutcome<T>>
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = anyhow::Result<T>>,
{
    let store = ItemRepository::new(db);
    with_seed_lock(db, seed, seed_if_changed(&store, seed, digest, import)).await
}

/// An import the operator asked for ([`crate::item::import_control`]): runs `import` under the
/// seed's lock whatever `seed_state` holds, then records `digest`, so a start that finds the
/// same sources does not import them again.
pub async fn import_now<T, F, Fut>(
    db: &kernel::Database,
    seed: &str,
    digest: &str,
    import: F,
) -> anyhow::Result<T>
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = anyhow::Result<T>>,
{
    let store = ItemRepository::new(db);
    with_seed_lock(db, seed, async {
        let result = import().await?;
        store.record_seed_digest(seed, digest).await?;
        Ok(result)
    })
    .await
}

/// Runs `work` while holding the lock of `seed` (see [`seed_once`]).
async fn with_seed_lock<T>(
    db: &kernel::Database,
    seed: &str,
    work: impl Future<Output = anyhow::Result<T>>,
) -> anyhow::Result<T> {
    match db {
        kernel::Database::Sqlite(_) => {
            let lock = sqlite_seed_lock(seed);
            let _held = lock.lock().await;
            work.await
        }
        kernel::Database::Postgres(pool) => {
            let mut connection = pool
                .connect_options()
                .connect()
                .await
                .context("connecting for the seed lock")?;
            let key = advisory_key(seed);
            sqlx::query("SELECT pg_advisory_lock($1)")
                .bind(key)
                .execute(&mut connection)
                .await
                .context("taking the seed lock")?;
            let outcome = work.await;
            // Closing the session releases the lock whatever happened.
            let unlocked = sqlx::query("SELECT pg_advisory_unlock($1)")
                .bind(key)
                .execute(&mut connection)
                .await;
            let _ = connection.close().await;
            let outcome = outcome?;
            unlocked.context("releasing the seed lock")?;
            Ok(outcome)
        }
    }
}

/// A library's seed from a directory of source files, as every library runs it on start: nothing
/// without a directory, a warning when it is missing, else [`seed_once`] under the directory's
/// `digest`, logging what the import did and recording it in the history.
pub async fn seed_from_dir<X, D, F, Fut>(
    db: &kernel::Database,
    seed: &str,
    dir: Option<&std::path::Path>,
    digest: D,
    import: F,
) -> anyhow::Result<()>
where
    X: serde::Serialize,
    D: FnOnce(&std::path::Path) -> anyhow::Result<String>,
    F: FnOnce(ItemRepository, std::path::PathBuf) -> Fut,
    Fut: Future<Output = anyhow::Result<ImportReport<X>>>,
{
    let Some(dir) = dir else {
        return Ok(());
    };
    if !dir.is_dir() {
        tracing::warn!(seed, dir = %dir.display(), "seed not found; starting empty");
        return Ok(());
    }
    let digest = digest(dir)?;
    let items = ItemRepository::new(db);
    let outcome = seed_once(db, seed, &digest, || {
        let import = import(items, dir.to_path_buf());
        super::import_history::recorded(
            db,
            seed,
            super::import_history::ImportOrigin::Start,
            import,
        )
    })
    .await?;
    if let SeedOutcome::Imported(report) = outcome {
        tracing::info!(
            seed,
            read = report.read,
            inserted = report.stored.inserted,
            updated = report.stored.updated,
            unchanged = report.stored.unchanged,
            rejected = report.rejected,
            elapsed_ms = u64::try_from(report.elapsed.as_millis()).unwrap_or(u64::MAX),
            "seed imported"
        );
    }
    Ok(())
}

async fn seed_if_changed<T, F, Fut>(
    store: &ItemRepository,
    seed: &str,
    digest: &str,
    import: F,
) -> anyhow::Result<SeedOutcome<T>>
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = anyhow::Result<T>>,
{
    if store.seed_digest(seed).await?.as_deref() == Some(digest) {
        return Ok(SeedOutcome::Current);
    }
    let result = import().await?;
    store.record_seed_digest(seed, digest).await?;
    Ok(SeedOutcome::Imported(result))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::item::model::{NewItemFile, NewItemLink, Parameter};

    fn item(source_id: &str) -> NewItem {
        NewItem {
            source: "test".to_owned(),
            source_id: source_id.to_owned(),
            code: format!("C-{source_id}"),
            name: format!("item {source_id}"),
            manufacturer: None,
            category_code: None,
            category_method: None,
            description: String::new(),
            keywords: String::new(),
            document_url: None,
            lifecycle: None,
            license: "CC0-1.0".to_owned(),
            attributes: json!({}),
            parameters: vec![Parameter {
                dimension: "resistance".to_owned(),
                min: Some(1.0),
                typ: Some(2.0),
                max: Some(3.0),
                original: "2Ω".to_owned(),
                conditions: None,
            }],
            files: vec![NewItemFile {
                kind: "symbol".to_owned(),
                name: "R".to_owned(),
                media_type: "text/plain".to_owned(),
                size: 3,
                digest: "a".repeat(64),
            }],
            links: vec![NewItemLink {
                kind: "alternative".to_owned(),
                target_source: "test".to_owned(),
                target_source_id: "other".to_owned(),
            }],
            extension: None,
        }
    }

    #[test]
    fn a_well_formed_record_passes() {
        assert_eq!(validate(&item("1")), Ok(()));
    }

    #[test]
    fn each_kit_check_names_what_is_wrong() {
        type Spoil = fn(&mut NewItem);
        let cases: Vec<(Spoil, &str)> = vec![
            (|i| i.source_id = " ".to_owned(), "empty source id"),
            (|i| i.code.clear(), "empty code"),
            (|i| i.name.clear(), "empty name"),
            (|i| i.source.clear(), "empty source"),
            (|i| i.attributes = json!([1]), "not a JSON object"),
            (
                |i| i.parameters[0].dimension = "flux-capacitance".to_owned(),
                "unknown dimension `flux-capacitance`",
            ),
            (
                |i| i.parameters[0].typ = Some(f64::NAN),
                "typ NaN is not a finite number",
            ),
            (
                |i| i.parameters[0].max = Some(f64::INFINITY),
                "max inf is not a finite number",
            ),
            (|i| i.parameters[0].min = Some(5.0), "out of order"),
            (|i| i.files[0].digest = "A".repeat(64), "not a SHA-256"),
            (|i| i.files[0].digest = "ab".to_owned(), "not a SHA-256"),
            (|i| i.files[0].size = -1, "negative size"),
            (
                |i| i.links[0].target_source_id.clear(),
                "empty kind or target",
            ),
        ];
        for (spoil, expected) in cases {
            let mut record = item("1");
            spoil(&mut record);
            let reason = validate(&record).expect_err(expected);
            assert!(
                reason.contains(expected),
                "{reason:?} should contain {expected:?}"
            );
        }
    }

    #[test]
    fn a_partial_range_is_checked_on_the_values_given() {
        let mut record = item("1");
        record.parameters[0] = Parameter {
            min: Some(-40.0),
            typ: None,
            max: Some(85.0),
            ..record.parameters[0].clone()
        };
        assert_eq!(validate(&record), Ok(()));
        record.parameters[0].max = Some(-50.0);
        assert!(validate(&record).is_err());
    }

    #[test]
    fn a_second_record_with_the_same_key_is_refused_with_a_reason() {
        let mut run: ImportRun = ImportRun::new(ImportProgress::hidden());
        let (accepted, rejected) = run.screen(vec![item("1"), item("2"), item("1")]);
        assert_eq!(accepted.len(), 2);
        assert_eq!(
            rejected,
            vec![Rejection::new(
                "test/1",
                "a second record with this key in one import; the first is kept"
            )]
        );
        // Across batches too.
        let (accepted, rejected) = run.screen(vec![item("2"), item("3")]);
        assert_eq!((accepted.len(), rejected.len()), (1, 1));
        assert_eq!(run.report.read, 5);
    }

    #[derive(Debug, Default, Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Extra {
        without_maker: usize,
    }

    #[test]
    fn the_report_keeps_the_first_reasons_and_flattens_the_library_counters() -> anyhow::Result<()>
    {
        let mut report: ImportReport<Extra> = ImportReport::default();
        for n in 0..REPORTED_REASONS + 5 {
            report.reject(&Rejection::new(format!("r{n}"), "bad"));
        }
        report.without_maker += 2;
        assert_eq!(report.rejected, REPORTED_REASONS + 5);
        assert_eq!(report.reasons.len(), REPORTED_REASONS);
        assert_eq!(report.reasons[0], "r0: bad");
        let json = serde_json::to_value(&report)?;
        assert_eq!(json["withoutMaker"], 2);
        assert_eq!(json["stored"]["inserted"], 0);
        assert!(json.get("elapsed").is_none());
        Ok(())
    }

    #[tokio::test]
    async fn progress_is_observable_and_ends_finished() -> anyhow::Result<()> {
        let progress = ImportProgress::hidden();
        let mut states = progress.subscribe();
        let mut run: ImportRun = ImportRun::new(progress.clone());
        run.progress().plan(2);
        run.progress().set_phase("first");
        run.reject(Rejection::new("x", "unreadable"));
        run.progress().advance();
        states
            .wait_for(|state| state.done == 1 && state.rejected == 1)
            .await?;
        assert_eq!(progress.state().phase, "first");
        assert_eq!(progress.state().total, 2);
        let report = run.finish();
        assert_eq!(report.rejected, 1);
        states.wait_for(|state| state.finished).await?;
        Ok(())
    }
}
