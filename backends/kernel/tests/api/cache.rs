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
        get_many_answers_in_order,
        entries_expire,
        counters_use_fixed_windows,
        scopes_do_not_collide,
        parallel_increments_are_exact,
        releases_give_back_reservations,
        extend_keeps_the_value,
        exactly_one_claim_wins
    );
}

/// Redis is an accelerator: stopped under the cache, every operation is answered by the
/// in-process fallback (counters stay exact within the process), the strict view reports the
/// failure, readiness sees it; restarted, Redis answers again.
#[tokio::test]
async fn a_stopped_redis_is_replaced_by_the_in_process_cache() -> anyhow::Result<()> {
    use std::time::Duration;
    let mut redis = kernel::testing::OwnRedis::start().await?;
    let cache = kernel::Cache::redis(&redis.url(), "fault:").await?;
    cache.set("k", "v", Duration::from_secs(60)).await?;
    assert_eq!(cache.get("k").await?.as_deref(), Some("v"));
    assert!(!cache.is_degraded());

    redis.stop().await?;
    assert!(cache.ping().await.is_err());
    assert!(cache.is_degraded());
    assert!(
        cache.strict().get("k").await.is_err(),
        "the strict view has no fallback"
    );
    // The fallback answers every operation, parallel counters included.
    let counts = futures_util::future::try_join_all(
        (0..50).map(|_| cache.incr("count", Duration::from_secs(60))),
    )
    .await?;
    assert_eq!(counts.iter().max(), Some(&50));
    assert!(cache.claim("lock", "1", Duration::from_secs(60)).await?);
    assert!(!cache.claim("lock", "1", Duration::from_secs(60)).await?);
    cache.set("k", "fallback", Duration::from_secs(60)).await?;
    assert_eq!(cache.get("k").await?.as_deref(), Some("fallback"));

    redis.restart().await?;
    // The connection manager reconnects on the next calls.
    let mut answered = false;
    for _ in 0..50 {
        if cache.ping().await.is_ok() {
            answered = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(answered, "Redis did not answer again");
    assert!(!cache.is_degraded());
    assert_eq!(cache.get("k").await?, None, "the restarted Redis is empty");
    cache.set("k", "redis", Duration::from_secs(60)).await?;
    assert_eq!(cache.strict().get("k").await?.as_deref(), Some("redis"));
    Ok(())
}
