//! The importer on the real tables: variants per family, the rows it rejects and why, and a
//! second import that changes nothing (the seed on start went through the kit's `seed_once`).

use catalog::item::store::{ItemRepository, ItemStore};
use kernel::testing::TestEnvironment;
use part_api::import::{committed_seed_dir, import_dir, ImportOptions};

use crate::helpers::{database, spawn};

async fn the_real_tables_are_imported_with_their_rejections_named(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let db = database(&environment).await?;
    let items = ItemRepository::new(&db);
    let stored = items.count().await?;

    // Again: every record read is unchanged, and the same rows are rejected.
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
    let families = &report.families;
    for (family, expected) in EXPECTED_VARIANTS {
        anyhow::ensure!(
            families.get(*family) == Some(expected),
            "{family}: {:?}",
            families.get(*family)
        );
    }
    anyhow::ensure!(report.tables == 32, "{} tables", report.tables);
    anyhow::ensure!(
        report.read == 6298 && stored == 6290,
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
    app.stop().await;
    Ok(())
}

/// Variants per family read from the committed tables (cross-checked by a separate reading of
/// the CSVs: sizes a standard defines × nominal lengths within the row's short..long).
const EXPECTED_VARIANTS: &[(&str, usize)] = &[
    ("button_head", 97),
    ("button_head_with_collar", 97),
    ("chamfered_washer", 52),
    ("cheese_head", 318),
    ("cheese_head_washer", 22),
    ("countersunk_head", 627),
    ("din471", 86),
    ("din472", 88),
    ("domed_cap_nut", 12),
    ("hex_head", 842),
    ("hex_head_with_flange", 199),
    ("hex_nut", 67),
    ("hex_nut_with_flange", 16),
    ("internal_tooth_lock_washer", 41),
    ("o-ring", 349),
    ("pan_head", 320),
    ("pan_head_with_collar", 73),
    ("plain_washer", 75),
    ("profile", 1171),
    ("raised_cheese_head", 115),
    ("raised_countersunk_oval_head", 365),
    ("setscrew", 137),
    ("shaft_key", 31),
    ("shoulder_screw", 77),
    ("single_row_angular_contact_ball_bearing", 8),
    ("single_row_capped_deep_groove_ball_bearing", 26),
    ("single_row_cylindrical_roller_bearing", 9),
    ("single_row_deep_groove_ball_bearing", 31),
    ("single_row_tapered_roller_bearing", 27),
    ("socket_head_cap", 904),
    ("square_nut", 6),
    ("unchamfered_hex_nut", 10),
];

/// 4 nominal lengths and 1 bearing row the importer refuses, 7 records the kit refuses as a
/// second record with a key already imported (rows the source lists twice).
const EXPECTED_REJECTED: usize = 12;

const EXPECTED_REASONS: &[&str] = &[
    "nominal_screw_lengths.csv line 9 iso1580: nominal length 68: breaks the ascending series",
    "nominal_screw_lengths.csv line 30 asme_b18.3: nominal length 6.25: listed twice",
    "single_row_angular_contact_ball_bearing_parameters.csv line 4 SKT: no designation",
    "bd_warehouse/single_row_tapered_roller_bearing/SKT/M30-62-21.25: a second record with this key",
    "bd_warehouse/hex_nut_with_flange/din1665/M12-1.5: a second record with this key",
    "freecad-profiles/RHS80x40x4: a second record with this key",
];

kernel::backend_tests!(the_real_tables_are_imported_with_their_rejections_named);
