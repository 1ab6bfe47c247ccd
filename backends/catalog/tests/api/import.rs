//! The import skeleton over the real item store, on both backends: a small source imported in
//! batches with its bad records reported, a re-import leaving everything unchanged, progress
//! read from its `watch`, digest-gated seeding run once by a burst of parallel starts, and the
//! operator's "import now" run once by a burst of requests, with its progress and report.

use std::sync::{
    atomic::{AtomicUsize, Ordering},
    Arc,
};

use catalog::item::{
    import::{
        seed_from_dir, seed_once, ImportProgress, ImportReport, ImportRun, Rejection, SeedOutcome,
    },
    import_control::{ImportControl, ImportStatus},
    import_history::{ImportHistoryRepository, ImportHistoryStore, ImportOrigin, ImportRunState},
    model::{NewItem, UpsertReport},
    store::{ItemRepository, ItemStore},
};
use catalog::search::RebuildState;
use kernel::{db::DatabaseLocation, testing::TestEnvironment, Database};
use serde::Serialize;

use crate::items::{item, open};

/// A library's own counter, as the components library keeps "uncategorised".
#[derive(Debug, Default, Serialize)]
struct Counts {
    uncategorised: usize,
}

/// A tiny "standards table" source: two batches, a bad parameter, a repeated key and a line
/// the source itself cannot read.
fn batches() -> Vec<Vec<NewItem>> {
    let mut inverted = item("bad-range", "R-BAD", Some("chip-resistor"), None);
    inverted.parameters[0].min = Some(5000.0);
    inverted.parameters[0].max = Some(10.0);
    vec![
        vec![
            item("1", "R-1", Some("chip-resistor"), Some("Yageo")),
            item("2", "R-2", None, None),
            inverted,
        ],
        vec![
            item("3", "C-3", Some("mlcc"), Some("Murata")),
            item("1", "R-1 again", Some("chip-resistor"), Some("Yageo")),
        ],
    ]
}

async fn import(
    store: &ItemRepository,
    progress: ImportProgress,
) -> anyhow::Result<ImportReport<Counts>> {
    let mut run = ImportRun::<Counts>::new(progress);
    let batches = batches();
    run.progress().plan(batches.len() as u64 + 1);
    run.progress().set_phase("table.csv");
    run.reject(Rejection::new("table.csv line 7", "no designation"));
    run.progress().advance();
    for batch in batches {
        run.report().uncategorised += batch
            .iter()
            .filter(|record| record.category_code.is_none())
            .count();
        run.store(store, batch).await?;
        run.progress().advance();
    }
    Ok(run.finish())
}

async fn a_source_is_imported_with_its_rejections_reported(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (db, store) = open(&environment, 2).await?;
    let progress = ImportProgress::hidden();
    let mut states = progress.subscribe();
    let report = import(&store, progress.clone()).await?;
    assert_eq!(report.read, 5);
    assert_eq!(
        report.stored,
        UpsertReport {
            inserted: 3,
            updated: 0,
            unchanged: 0
        }
    );
    assert_eq!(report.rejected, 3, "{:?}", report.reasons);
    assert_eq!(report.reasons[0], "table.csv line 7: no designation");
    assert!(
        report.reasons[1].starts_with("test/bad-range: parameter \"1k\": min"),
        "{:?}",
        report.reasons
    );
    assert!(
        report.reasons[1].contains("out of order"),
        "{:?}",
        report.reasons
    );
    assert_eq!(
        report.reasons[2],
        "test/1: a second record with this key in one import; the first is kept"
    );
    assert_eq!(report.uncategorised, 1);
    assert_eq!(store.count().await?, 3);
    let first = store.changes_since(0, 1).await?[0].item_id;
    let stored = store
        .get(first)
        .await?
        .ok_or_else(|| anyhow::anyhow!("record 1 missing"))?;
    assert_eq!(
        stored.code, "R-1",
        "the first record with a key is the one stored"
    );
    let state = states.wait_for(|state| state.finished).await?.clone();
    assert_eq!(
        (state.done, state.total, state.read, state.rejected),
        (3, 3, 5, 3)
    );

    let json = serde_json::to_value(&report)?;
    assert_eq!(json["uncategorised"], 1, "{json}");
    assert_eq!(json["stored"]["inserted"], 3, "{json}");

    // The same source again: nothing changes, the same records are refused.
    let again = import(&store, ImportProgress::hidden()).await?;
    assert_eq!(
        again.stored,
        UpsertReport {
            inserted: 0,
            updated: 0,
            unchanged: 3
        }
    );
    assert_eq!(again.rejected, 3);
    assert_eq!(
        store.changes_since(0, 100).await?.len(),
        3,
        "an unchanged record appends no change"
    );
    db.close().await;
    Ok(())
}

async fn seeding_runs_once_under_a_burst_of_parallel_starts(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (db, _) = open(&environment, 2).await?;
    let location = DatabaseLocation::resolve(&environment.settings, "demo")?;
    let runs = Arc::new(AtomicUsize::new(0));
    // Each "instance" has its own pool, as two processes would.
    let mut instances = Vec::new();
    for _ in 0..6 {
        let instance = Database::connect(&location, 2).await?;
        let runs = Arc::clone(&runs);
        instances.push(tokio::spawn(async move {
            let store = ItemRepository::new(&instance);
            let outcome = seed_once(&instance, "standards", "digest-1", || async {
                runs.fetch_add(1, Ordering::SeqCst);
                // Long enough that the others arrive while the import is running.
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                import(&store, ImportProgress::hidden()).await
            })
            .await;
            instance.close().await;
            outcome.map(|outcome| matches!(outcome, SeedOutcome::Imported(_)))
        }));
    }
    let mut imported = 0;
    for instance in instances {
        imported += usize::from(instance.await??);
    }
    assert_eq!(
        runs.load(Ordering::SeqCst),
        1,
        "one instance imports, the others find the digest"
    );
    assert_eq!(imported, 1);
    let store = ItemRepository::new(&db);
    assert_eq!(
        store.seed_digest("standards").await?.as_deref(),
        Some("digest-1")
    );
    assert_eq!(store.count().await?, 3);

    // Same digest: skipped; new digest (new data or importer revision): imported again.
    let skipped = seed_once(&db, "standards", "digest-1", || async { anyhow::Ok(()) }).await?;
    assert_eq!(skipped, SeedOutcome::Current);
    let failed = seed_once(&db, "standards", "digest-2", || async {
        Err::<(), _>(anyhow::anyhow!("source unreadable"))
    })
    .await;
    assert!(failed.is_err());
    assert_eq!(
        store.seed_digest("standards").await?.as_deref(),
        Some("digest-1"),
        "a failed import records nothing, so the next start tries again"
    );
    let rerun = seed_once(&db, "standards", "digest-2", || async { anyhow::Ok(7) }).await?;
    assert_eq!(rerun, SeedOutcome::Imported(7));
    assert_eq!(
        store.seed_digest("standards").await?.as_deref(),
        Some("digest-2")
    );
    db.close().await;
    Ok(())
}

/// Who asks for the operator imports below.
const OPERATOR: i64 = 7;

/// The status once `control` has left `running` (or after ten seconds).
async fn ended(control: &ImportControl) -> ImportStatus {
    for _ in 0..200 {
        let status = control.status();
        if status.state != RebuildState::Running {
            return status;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    control.status()
}

async fn an_operator_import_runs_once_at_a_time_with_progress_and_a_report(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (db, store) = open(&environment, 2).await?;
    let sources = tempfile::tempdir()?;
    // The import waits at the gate, so the burst finds it running.
    let gate = Arc::new(tokio::sync::Semaphore::new(0));
    let runs = Arc::new(AtomicUsize::new(0));
    let control = Arc::new(ImportControl::over(
        &db,
        "standards",
        Some(sources.path().to_path_buf()),
        |_| Ok("digest-operator".to_owned()),
        store.clone(),
        {
            let (gate, runs) = (Arc::clone(&gate), Arc::clone(&runs));
            move |store: ItemRepository, _dir, progress: ImportProgress| {
                let (gate, runs) = (Arc::clone(&gate), Arc::clone(&runs));
                async move {
                    runs.fetch_add(1, Ordering::SeqCst);
                    progress.set_phase("waiting");
                    gate.acquire().await?.forget();
                    import(&store, progress).await
                }
            }
        },
    ));
    assert_eq!(control.status().state, RebuildState::Idle);
    assert!(control.status().source_available);

    let burst: Vec<_> = (0..8)
        .map(|_| {
            let control = Arc::clone(&control);
            tokio::spawn(async move { control.start(OPERATOR) })
        })
        .collect();
    let mut started = 0;
    for answer in burst {
        let answer = answer.await?;
        started += usize::from(answer.started);
        assert_eq!(answer.status.state, RebuildState::Running, "{answer:?}");
    }
    assert_eq!(started, 1, "one request starts the import");
    gate.add_permits(1);
    let done = ended(&control).await;
    assert_eq!(done.state, RebuildState::Done, "{done:?}");
    assert_eq!(runs.load(Ordering::SeqCst), 1);
    let report = done.report.clone().unwrap_or_default();
    assert_eq!(
        (report.read, report.inserted, report.rejected),
        (5, 3, 3),
        "{report:?}"
    );
    assert_eq!(report.reasons.len(), 3, "{report:?}");
    assert_eq!(report.extra["uncategorised"], 1, "{report:?}");
    assert_eq!((done.done, done.total), (3, 3), "{done:?}");
    assert!(done.finished_time >= done.started_time);
    assert_eq!(
        store.seed_digest("standards").await?.as_deref(),
        Some("digest-operator"),
        "the next start finds these sources imported"
    );

    // Ended, it starts again: nothing new this time.
    gate.add_permits(1);
    assert!(control.start(OPERATOR).started);
    let again = ended(&control).await;
    assert_eq!(
        again.report.map(|r| (r.inserted, r.unchanged)),
        Some((0, 3))
    );

    // A failed import says why and records nothing; without sources nothing starts.
    let failing = Arc::new(ImportControl::over(
        &db,
        "other",
        Some(sources.path().to_path_buf()),
        |_| Ok("digest-other".to_owned()),
        (),
        |(), _dir, _progress| async {
            Err::<ImportReport<Counts>, _>(anyhow::anyhow!("table.csv unreadable"))
        },
    ));
    assert!(failing.start(OPERATOR).started);
    let failed = ended(&failing).await;
    assert_eq!(failed.state, RebuildState::Failed);
    assert!(failed
        .error
        .is_some_and(|error| error.contains("table.csv unreadable")));
    assert_eq!(store.seed_digest("other").await?, None);
    // An importer that panics ends as failed, not running for good.
    let panicking = Arc::new(ImportControl::over(
        &db,
        "other",
        Some(sources.path().to_path_buf()),
        |_| Ok("digest-other".to_owned()),
        (),
        |(), _dir, _progress| async {
            if true {
                panic!("a bug in an importer");
            }
            anyhow::Ok(ImportReport::<Counts>::default())
        },
    ));
    assert!(panicking.start(OPERATOR).started);
    let stopped = ended(&panicking).await;
    assert_eq!(stopped.state, RebuildState::Failed, "{stopped:?}");
    assert!(stopped.error.is_some_and(|error| error.contains("stopped")));
    let nowhere = Arc::new(ImportControl::over(
        &db,
        "other",
        Some(sources.path().join("missing")),
        |_| Ok(String::new()),
        (),
        |(), _dir, _progress| async { anyhow::Ok(ImportReport::<Counts>::default()) },
    ));
    let refused = nowhere.start(OPERATOR);
    assert!(!refused.started && !refused.status.source_available);

    // The history keeps every finished run, newest first, each library's apart; one page.
    let history = ImportHistoryRepository::new(&db);
    let (runs, total) = history.page_runs("standards", 0, 10).await?;
    assert_eq!(total, 2, "{runs:?}");
    assert_eq!(
        runs.iter()
            .map(|run| (run.origin, run.state, run.operator_id))
            .collect::<Vec<_>>(),
        vec![(ImportOrigin::Operator, ImportRunState::Done, Some(OPERATOR)); 2]
    );
    assert_eq!(
        runs.iter()
            .map(|run| run.report.as_ref().map(|r| (r.inserted, r.unchanged)))
            .collect::<Vec<_>>(),
        vec![Some((0, 3)), Some((3, 0))],
        "newest first"
    );
    assert_eq!(
        runs[1].report.as_ref(),
        done.report.as_ref(),
        "the report as the status showed it"
    );
    assert!(runs[0].id > runs[1].id && runs[1].finished_time >= runs[1].started_time);
    let (others, total) = history.page_runs("other", 0, 1).await?;
    assert_eq!(total, 2, "the failed and the stopped run");
    assert_eq!(
        (others[0].state, others[0].report.is_none()),
        (ImportRunState::Failed, true)
    );
    assert!(
        others[0]
            .error
            .as_deref()
            .is_some_and(|error| error.contains("stopped")),
        "{others:?}"
    );
    let (second, _) = history.page_runs("other", 1, 1).await?;
    assert!(second[0]
        .error
        .as_deref()
        .is_some_and(|error| error.contains("table.csv unreadable")));
    db.close().await;
    Ok(())
}

/// A start that imports records the run in the history, done or failed; a start that finds its
/// sources imported records nothing.
async fn a_start_import_is_recorded_in_the_history(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (db, _) = open(&environment, 2).await?;
    let sources = tempfile::tempdir()?;
    for _ in 0..2 {
        seed_from_dir(
            &db,
            "standards",
            Some(sources.path()),
            |_| Ok("digest-start".to_owned()),
            |store, _dir| async move { import(&store, ImportProgress::hidden()).await },
        )
        .await?;
    }
    let failed = seed_from_dir(
        &db,
        "standards",
        Some(sources.path()),
        |_| Ok("digest-next".to_owned()),
        |_store, _dir| async {
            Err::<ImportReport<Counts>, _>(anyhow::anyhow!("table.csv unreadable"))
        },
    )
    .await;
    assert!(failed.is_err());
    let (runs, total) = ImportHistoryRepository::new(&db)
        .page_runs("standards", 0, 10)
        .await?;
    assert_eq!(
        total, 2,
        "the second start found its sources imported: {runs:?}"
    );
    assert_eq!(
        runs.iter()
            .map(|run| (run.origin, run.state, run.operator_id))
            .collect::<Vec<_>>(),
        vec![
            (ImportOrigin::Start, ImportRunState::Failed, None),
            (ImportOrigin::Start, ImportRunState::Done, None)
        ]
    );
    assert!(runs[0]
        .error
        .as_deref()
        .is_some_and(|error| error.contains("table.csv unreadable")));
    assert_eq!(
        runs[1]
            .report
            .as_ref()
            .map(|r| (r.read, r.inserted, r.rejected)),
        Some((5, 3, 3))
    );
    db.close().await;
    Ok(())
}

kernel::backend_tests!(
    a_source_is_imported_with_its_rejections_reported,
    a_start_import_is_recorded_in_the_history,
    seeding_runs_once_under_a_burst_of_parallel_starts,
    an_operator_import_runs_once_at_a_time_with_progress_and_a_report,
);
