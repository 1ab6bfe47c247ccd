//! Opaque tokens: random, 256 bits, handed out once and stored only as SHA-256 digests.
//! Session tokens are bare hex; personal access tokens carry [`PERSONAL_PREFIX`] and the open
//! platform's API keys [`OPEN_KEY_PREFIX`], so that every process tells them apart by shape alone.

use anyhow::Context;
use sha2::{Digest, Sha256};

/// Bytes of randomness in a token (hex-encoded: 64 characters).
const TOKEN_BYTES: usize = 32;

/// A fresh random token (lowercase hex).
pub fn new_token() -> anyhow::Result<String> {
    let mut bytes = [0_u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(|error| anyhow::anyhow!("{error}"))?;
    Ok(hex::encode(bytes))
}

/// The prefix of a personal access token (`pat_` + 64 hex characters).
pub const PERSONAL_PREFIX: &str = "pat_";
/// Characters of a personal access token kept for display (`pat_ab12`).
pub const PERSONAL_DISPLAY_LEN: usize = PERSONAL_PREFIX.len() + 4;

/// A fresh personal access token (`pat_<64 hex>`).
pub fn new_personal_token() -> anyhow::Result<String> {
    Ok(format!("{PERSONAL_PREFIX}{}", new_token()?))
}

/// Whether a token has the shape of a personal access token.
pub fn is_personal(token: &str) -> bool {
    token.starts_with(PERSONAL_PREFIX)
}

/// The prefix of an open-platform API key (`opk_` + 64 hex characters).
pub const OPEN_KEY_PREFIX: &str = "opk_";
/// Characters of an API key kept for display (`opk_ab12`).
pub const OPEN_KEY_DISPLAY_LEN: usize = OPEN_KEY_PREFIX.len() + 4;

/// A fresh open-platform API key (`opk_<64 hex>`).
pub fn new_open_key() -> anyhow::Result<String> {
    Ok(format!("{OPEN_KEY_PREFIX}{}", new_token()?))
}

/// Whether a token has the shape of an open-platform API key.
pub fn is_open_key(token: &str) -> bool {
    token.starts_with(OPEN_KEY_PREFIX)
}

/// What the stores and caches keep instead of the token (lowercase hex SHA-256).
pub fn digest(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A token of a shape we issue (session, personal, API key): anything else is not looked up.
pub fn is_well_formed(token: &str) -> bool {
    let secret = token
        .strip_prefix(PERSONAL_PREFIX)
        .or_else(|| token.strip_prefix(OPEN_KEY_PREFIX))
        .unwrap_or(token);
    secret.len() == TOKEN_BYTES * 2 && secret.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A uniformly random number below `bound` (rejection sampling, no modulo bias).
pub fn random_below(bound: u32) -> anyhow::Result<u32> {
    anyhow::ensure!(bound > 0, "empty range");
    let zone = u32::MAX - (u32::MAX % bound);
    loop {
        let value = getrandom::u32()
            .map_err(|error| anyhow::anyhow!("{error}"))
            .context("reading random bytes")?;
        if value < zone {
            return Ok(value % bound);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_hex_and_digests_differ_from_them() -> anyhow::Result<()> {
        let first = new_token()?;
        let second = new_token()?;
        assert_ne!(first, second);
        assert!(is_well_formed(&first));
        assert_eq!(digest(&first).len(), 64);
        assert_ne!(digest(&first), first);
        assert_eq!(digest(&first), digest(&first));
        assert!(!is_well_formed("short"));
        assert!(!is_well_formed(&"g".repeat(64)));
        let personal = new_personal_token()?;
        assert!(is_personal(&personal) && is_well_formed(&personal));
        assert_eq!(personal.len(), 68);
        assert!(!is_personal(&first));
        assert!(!is_well_formed("pat_"));
        assert!(!is_well_formed(&format!("pat_pat_{}", &first[8..])));
        let key = new_open_key()?;
        assert!(is_open_key(&key) && is_well_formed(&key) && !is_personal(&key));
        assert!(!is_open_key(&personal) && !is_open_key(&first));
        assert!(!is_well_formed(&format!("opk_pat_{}", &first[8..])));
        Ok(())
    }

    #[test]
    fn random_numbers_stay_in_range() -> anyhow::Result<()> {
        for _ in 0..1000 {
            assert!(random_below(1_000_000)? < 1_000_000);
        }
        Ok(())
    }
}
