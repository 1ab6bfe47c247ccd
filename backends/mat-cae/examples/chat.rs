//! Prints what the chat parser makes of each argument, as JSON:
//!
//! `cargo run -p mat-cae --example chat -- "密度小于3 g/cm³的铝合金" "yield above 300 MPa"`

fn main() -> anyhow::Result<()> {
    for sentence in std::env::args().skip(1) {
        let query = mat_cae::chat::parse(&sentence);
        println!("{sentence}\n  {}", serde_json::to_string(&query)?);
    }
    Ok(())
}
