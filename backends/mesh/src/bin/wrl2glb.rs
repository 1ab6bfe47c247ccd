//! `wrl2glb <in.wrl> <out.glb>`, or `wrl2glb --pairs <file>` with one `in<TAB>out` per line.
//! Prints one line per failure and a summary; exits non-zero only on usage errors.

use std::path::Path;

fn convert(input: &Path, output: &Path) -> Result<(usize, usize), String> {
    let text = std::fs::read(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let text = String::from_utf8_lossy(&text);
    let glb = mesh::vrml_to_glb(&text).map_err(|e| format!("{}: {e}", input.display()))?;
    if let Some(parent) = output.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    std::fs::write(output, &glb).map_err(|e| format!("{}: {e}", output.display()))?;
    Ok((text.len(), glb.len()))
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let pairs: Vec<(String, String)> = match args.as_slice() {
        [flag, list] if flag == "--pairs" => match std::fs::read_to_string(list) {
            Ok(text) => text
                .lines()
                .filter_map(|line| line.split_once('\t'))
                .map(|(a, b)| (a.to_owned(), b.to_owned()))
                .collect(),
            Err(error) => {
                eprintln!("{list}: {error}");
                return std::process::ExitCode::from(2);
            }
        },
        [input, output] => vec![(input.clone(), output.clone())],
        _ => {
            eprintln!("usage: wrl2glb <in.wrl> <out.glb> | wrl2glb --pairs <file>");
            return std::process::ExitCode::from(2);
        }
    };
    let (mut converted, mut failed, mut read, mut written) = (0, 0, 0, 0);
    for (input, output) in &pairs {
        match convert(Path::new(input), Path::new(output)) {
            Ok((input_bytes, output_bytes)) => {
                converted += 1;
                read += input_bytes;
                written += output_bytes;
            }
            Err(error) => {
                failed += 1;
                eprintln!("failed: {error}");
            }
        }
    }
    println!(
        "{converted} converted ({read} bytes of VRML → {written} bytes of GLB), {failed} failed"
    );
    std::process::ExitCode::SUCCESS
}
