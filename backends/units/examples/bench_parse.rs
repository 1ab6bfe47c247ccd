//! Parses per second over a real corpus: the descriptions of KiCad's symbol libraries.
//!
//! ```sh
//! apt-get download kicad-symbols && dpkg -x kicad-symbols_*.deb root
//! cargo run --release -p units --example bench_parse -- root/usr/share/kicad/symbols
//! ```
//! Without a directory (or if it holds no `.kicad_sym`), a built-in list of parameter strings is
//! used instead, and the output says so. Reads descriptions with a plain text scan so that this
//! crate does not depend on the `kicad` crate.

use std::path::Path;
use std::time::{Duration, Instant};

use units::{extract_params, parse_param};

const BUILT_IN: &[&str] = &[
    "10k",
    "10 kΩ",
    "10kohm",
    "10 Ohms",
    "4k7",
    "4R7",
    "2M2",
    "1n5",
    "0.1uF",
    "0.1µF",
    "0.1μF",
    "100nF",
    "1/4W",
    "±5%",
    "-40~+85℃",
    "-40°C to +125°C",
    "1E-3",
    "3.3V",
    "3V3",
    "200mA",
    "16MHz",
    "M6x20",
    "3.3V/5V",
    "Rds(on) 10mΩ @ 4.5V",
];

/// Values of `(property "ki_description" "…")` and `(property "Description" "…")`.
fn descriptions(directory: &Path) -> std::io::Result<Vec<String>> {
    let mut found = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(directory)?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .collect();
    entries.sort();
    for path in entries
        .iter()
        .filter(|path| path.extension().is_some_and(|e| e == "kicad_sym"))
    {
        let text = std::fs::read_to_string(path)?;
        for marker in [
            "(property \"ki_description\" \"",
            "(property \"Description\" \"",
        ] {
            for (start, _) in text.match_indices(marker) {
                let rest = &text[start + marker.len()..];
                let mut value = String::new();
                let mut chars = rest.chars();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => value.extend(chars.next()),
                        '"' => break,
                        c => value.push(c),
                    }
                }
                if !value.is_empty() {
                    found.push(value);
                }
            }
        }
    }
    Ok(found)
}

fn rate(count: usize, elapsed: Duration) -> f64 {
    count as f64 / elapsed.as_secs_f64().max(1e-9)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let directory = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/usr/share/kicad/symbols".into());
    let corpus = descriptions(Path::new(&directory)).unwrap_or_default();
    let (corpus, source) = if corpus.is_empty() {
        (
            BUILT_IN
                .iter()
                .map(|text| text.to_string())
                .collect::<Vec<_>>(),
            "built-in parameter strings".to_string(),
        )
    } else {
        (corpus, format!("KiCad symbol descriptions in {directory}"))
    };
    println!("corpus: {} texts ({source})", corpus.len());

    // Extraction over whole descriptions, then parse_param over every value it found.
    let rounds = if corpus.len() < 1000 { 2000 } else { 3 };
    let started = Instant::now();
    let mut found = Vec::new();
    for round in 0..rounds {
        for text in &corpus {
            let params = extract_params(text);
            if round == 0 {
                found.extend(params.into_iter().map(|(_, value)| value.original));
            }
        }
    }
    let elapsed = started.elapsed();
    let texts = corpus.len() * rounds;
    println!(
        "extract_params: {texts} texts in {elapsed:.2?} = {:.0} texts/s, {} values found per pass",
        rate(texts, elapsed),
        found.len()
    );

    let values: Vec<&str> = if found.is_empty() {
        BUILT_IN.to_vec()
    } else {
        found.iter().map(String::as_str).collect()
    };
    let rounds = (200_000 / values.len().max(1)).max(3);
    let started = Instant::now();
    let mut parsed = 0usize;
    for _ in 0..rounds {
        for value in &values {
            parsed += usize::from(parse_param(value, None).is_ok());
        }
    }
    let elapsed = started.elapsed();
    let total = values.len() * rounds;
    println!(
        "parse_param: {total} values in {elapsed:.2?} = {:.0} parses/s ({parsed} ok)",
        rate(total, elapsed)
    );
    Ok(())
}
