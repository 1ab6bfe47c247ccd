//! The kit's index follower as it runs (issue 15): the background task started with the
//! service picks up what is written through the store — a new component becomes searchable,
//! an updated one answers its new text — and after a restart the index is reopened from disk
//! and caught up. Each step awaits the follower's notification (the change-feed sequence it
//! applied, `IndexFollower::subscribe`), never a fixed sleep.

use std::time::Duration;

use component_api::model::NewComponent;
use component_api::search_routes::index::IndexStart;
use component_api::store::ComponentRepository;
use component_api::ComponentService;
use kernel::testing::TestEnvironment;
use tokio::sync::watch;

use crate::helpers::{data, store, BASE};
use crate::search_index::{capacitor, start, stop};

/// Longest wait for the follower (it polls the feed every 2 s): a bound against a hang, not a
/// timing the test relies on.
const FOLLOWER_DEADLINE: Duration = Duration::from_secs(60);

/// The newest sequence of the store's change feed.
async fn newest_seq(store: &ComponentRepository) -> anyhow::Result<i64> {
    let mut seq = 0;
    loop {
        let changes = store.changes_since(seq, 10_000).await?;
        match changes.last() {
            Some(last) => seq = last.seq,
            None => return Ok(seq),
        }
    }
}

/// Writes `components` through the store and waits until the running follower has applied
/// them (its published sequence reaches the feed's).
async fn write_and_await(
    service: &ComponentService,
    store: &ComponentRepository,
    components: &[NewComponent],
) -> anyhow::Result<()> {
    let mut applied: watch::Receiver<i64> = service.search().subscribe();
    store.upsert(components).await?;
    let written = newest_seq(store).await?;
    tokio::time::timeout(FOLLOWER_DEADLINE, applied.wait_for(|seq| *seq >= written))
        .await
        .map_err(|_| anyhow::anyhow!("the follower did not apply seq {written}"))??;
    Ok(())
}

fn automotive(mut component: NewComponent) -> NewComponent {
    component.description = "Murata MLCC 0.1uF 16V X7R 0402 AEC-Q200 automotive".into();
    component
}

async fn the_running_follower_applies_writes_and_catches_up_after_a_restart(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let grm = format!("{BASE}/search?keyWords=GRM155");
    let automotive_search = format!("{BASE}/search?keyWords=automotive");
    let (app, service, started) = start(&environment.settings).await?;
    assert!(matches!(started, IndexStart::Rebuilt { .. }), "{started:?}");
    assert_eq!(data(&app, &grm).await?["total"], 0);
    let store = store(&environment).await?;

    // A new component, written while the service runs: the follower indexes it.
    write_and_await(&service, &store, &[capacitor()]).await?;
    let found = data(&app, &grm).await?;
    assert_eq!(found["total"], 1, "{found}");
    assert_eq!(
        found["list"][0]["description"],
        "Murata MLCC 0.1uF 16V X7R 0402"
    );
    assert_eq!(data(&app, &automotive_search).await?["total"], 0);

    // The same component updated: the index answers its new text.
    write_and_await(&service, &store, &[automotive(capacitor())]).await?;
    let updated = data(&app, &automotive_search).await?;
    assert_eq!(updated["total"], 1, "{updated}");
    assert_eq!(updated["list"][0]["partNumber"], "GRM155R71C104KA88D");
    assert_eq!(
        data(&app, &grm).await?["list"][0]["description"],
        "Murata MLCC 0.1uF 16V X7R 0402 AEC-Q200 automotive"
    );
    stop(app, service).await?;

    // Changed while stopped (back to the first text): reopened from disk and caught up.
    store.upsert(&[capacitor()]).await?;
    let (app, service, started) = start(&environment.settings).await?;
    assert_eq!(started, IndexStart::Reopened { caught_up: 1 });
    assert_eq!(data(&app, &automotive_search).await?["total"], 0);
    assert_eq!(data(&app, &grm).await?["total"], 1);

    // And the reopened index is followed again.
    write_and_await(&service, &store, &[automotive(capacitor())]).await?;
    assert_eq!(data(&app, &automotive_search).await?["total"], 1);
    stop(app, service).await?;
    Ok(())
}

kernel::backend_tests!(the_running_follower_applies_writes_and_catches_up_after_a_restart);
