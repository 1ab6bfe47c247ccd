//! The cache contract against a real Redis (the in-process cache runs it in unit tests).

use kernel::{cache::contract, testing::test_redis_cache};

macro_rules! redis_tests {
    ($($name:ident),+) => {
        $(
            #[tokio::test]
            async fn $name() -> anyhow::Result<()> {
                match test_redis_cache().await? {
                    Some(cache) => contract::$name(&cache).await,
                    None => Ok(()),
                }
            }
        )+
    };
}

mod redis {
    use super::*;
    redis_tests!(
        get_set_delete,
        entries_expire,
        counters_use_fixed_windows,
        scopes_do_not_collide,
        parallel_increments_are_exact,
        releases_give_back_reservations,
        exactly_one_claim_wins
    );
}
