//! The cache: in-process (moka) by default, Redis when a URL is configured.
//!
//! Values are strings (callers serialise); every entry has a TTL. `incr` implements
//! fixed-window counters (rate limits): the first increment sets the expiry, later ones keep it.
//!
//! Redis is an accelerator, not a dependency: when a Redis call fails (Redis stopped, the
//! network cut), the call is answered by an in-process cache instead, so logins, the slider,
//! codes and logouts keep working — with limits counted per process until Redis is back. The
//! readiness check then reports the cache as degraded. A [`Cache::strict`] view (the shared
//! token cache) has no such fallback: its callers go to the database instead.

use std::{
    sync::{
        atomic::{AtomicBool, AtomicI64, Ordering},
        Arc,
    },
    time::Duration,
};

use anyhow::Context;
use moka::{future::Cache as MokaCache, Expiry};
use redis::{aio::ConnectionManager, aio::ConnectionManagerConfig, AsyncCommands};

#[derive(Clone)]
pub struct Cache {
    prefix: Arc<str>,
    store: Store,
    /// No in-process fallback when Redis fails: the error reaches the caller.
    strict: bool,
}

type Memory = MokaCache<String, MemoryEntry>;

#[derive(Clone)]
enum Store {
    Memory(Memory),
    Redis(Arc<RedisStore>),
}

struct RedisStore {
    client: redis::Client,
    manager: ConnectionManager,
    /// Answers while Redis does not.
    fallback: Memory,
    degraded: AtomicBool,
    /// When the last "Redis failed" warning was logged (epoch seconds): one a minute at most.
    warned_at: AtomicI64,
}

impl RedisStore {
    fn failed(&self, error: &anyhow::Error) {
        let now = chrono::Utc::now().timestamp();
        let was_degraded = self.degraded.swap(true, Ordering::Relaxed);
        let last = self.warned_at.load(Ordering::Relaxed);
        if !was_degraded || now - last >= 60 {
            self.warned_at.store(now, Ordering::Relaxed);
            tracing::warn!(error = %format!("{error:#}"), "Redis failed: the in-process cache answers");
        }
    }

    fn answered(&self) {
        if self.degraded.swap(false, Ordering::Relaxed) {
            tracing::info!("Redis answers again");
        }
    }
}

#[derive(Clone)]
struct MemoryEntry {
    value: Arc<str>,
    ttl: Duration,
    /// `false` for counter increments: the window's expiry stays where the first one put it.
    renews_expiry: bool,
}

struct PerEntryExpiry;

impl Expiry<String, MemoryEntry> for PerEntryExpiry {
    fn expire_after_create(
        &self,
        _key: &String,
        entry: &MemoryEntry,
        _created_at: std::time::Instant,
    ) -> Option<Duration> {
        Some(entry.ttl)
    }

    fn expire_after_update(
        &self,
        _key: &String,
        entry: &MemoryEntry,
        _updated_at: std::time::Instant,
        duration_until_expiry: Option<Duration>,
    ) -> Option<Duration> {
        if entry.renews_expiry {
            Some(entry.ttl)
        } else {
            duration_until_expiry
        }
    }
}

fn memory_store(capacity: u64) -> Memory {
    MokaCache::builder()
        .max_capacity(capacity)
        .expire_after(PerEntryExpiry)
        .build()
}

/// The in-process store's operations (also the fallback of Redis).
mod memory {
    use super::*;

    pub async fn get(cache: &Memory, key: &str) -> anyhow::Result<Option<String>> {
        Ok(cache.get(key).await.map(|entry| entry.value.to_string()))
    }

    pub async fn get_many(cache: &Memory, keys: &[String]) -> anyhow::Result<Vec<Option<String>>> {
        let mut values = Vec::with_capacity(keys.len());
        for key in keys {
            values.push(get(cache, key).await?);
        }
        Ok(values)
    }

    pub async fn set(cache: &Memory, key: &str, value: &str, ttl: Duration) -> anyhow::Result<()> {
        let entry = MemoryEntry {
            value: value.into(),
            ttl,
            renews_expiry: true,
        };
        cache.insert(key.to_owned(), entry).await;
        Ok(())
    }

    pub async fn delete(cache: &Memory, key: &str) -> anyhow::Result<bool> {
        Ok(cache.remove(key).await.is_some())
    }

    pub async fn incr(cache: &Memory, key: &str, window: Duration) -> anyhow::Result<i64> {
        let entry = cache
            .entry(key.to_owned())
            .and_upsert_with(|existing| {
                let next = existing
                    .and_then(|entry| entry.into_value().value.parse::<i64>().ok())
                    .unwrap_or(0)
                    + 1;
                std::future::ready(MemoryEntry {
                    value: next.to_string().into(),
                    ttl: window,
                    renews_expiry: false,
                })
            })
            .await;
        entry
            .into_value()
            .value
            .parse()
            .context("counter holds a non-number")
    }

    pub async fn release(cache: &Memory, key: &str) -> anyhow::Result<i64> {
        let mut next = 0;
        cache
            .entry(key.to_owned())
            .and_compute_with(|existing| {
                let op = match existing.map(moka::Entry::into_value) {
                    Some(entry) => {
                        next = entry
                            .value
                            .parse::<i64>()
                            .unwrap_or(0)
                            .saturating_sub(1)
                            .max(0);
                        moka::ops::compute::Op::Put(MemoryEntry {
                            value: next.to_string().into(),
                            renews_expiry: false,
                            ..entry
                        })
                    }
                    None => moka::ops::compute::Op::Nop,
                };
                std::future::ready(op)
            })
            .await;
        Ok(next)
    }

    pub async fn extend(cache: &Memory, key: &str, ttl: Duration) -> anyhow::Result<bool> {
        let mut existed = false;
        cache
            .entry(key.to_owned())
            .and_compute_with(|existing| {
                let op = match existing.map(moka::Entry::into_value) {
                    Some(entry) => {
                        existed = true;
                        moka::ops::compute::Op::Put(MemoryEntry {
                            ttl,
                            renews_expiry: true,
                            ..entry
                        })
                    }
                    None => moka::ops::compute::Op::Nop,
                };
                std::future::ready(op)
            })
            .await;
        Ok(existed)
    }

    pub async fn claim(
        cache: &Memory,
        key: &str,
        value: &str,
        ttl: Duration,
    ) -> anyhow::Result<bool> {
        let entry = cache
            .entry(key.to_owned())
            .or_insert_with(std::future::ready(MemoryEntry {
                value: value.into(),
                ttl,
                renews_expiry: true,
            }))
            .await;
        Ok(entry.is_fresh())
    }
}

/// The Redis store's operations.
mod remote {
    use super::*;

    fn connection(store: &RedisStore) -> ConnectionManager {
        store.manager.clone()
    }

    pub async fn get(store: &RedisStore, key: &str) -> anyhow::Result<Option<String>> {
        connection(store)
            .get::<_, Option<String>>(key)
            .await
            .context("Redis GET")
    }

    pub async fn get_many(
        store: &RedisStore,
        keys: &[String],
    ) -> anyhow::Result<Vec<Option<String>>> {
        // redis-rs's `mget` helper sends GET for a single key (a bare value back); MGET itself
        // always answers a list, one entry per key.
        redis::cmd("MGET")
            .arg(keys)
            .query_async(&mut connection(store))
            .await
            .context("Redis MGET")
    }

    pub async fn set(
        store: &RedisStore,
        key: &str,
        value: &str,
        ttl: Duration,
    ) -> anyhow::Result<()> {
        connection(store)
            .pset_ex::<_, _, ()>(key, value, ttl_millis(ttl))
            .await
            .context("Redis PSETEX")
    }

    pub async fn delete(store: &RedisStore, key: &str) -> anyhow::Result<bool> {
        let removed: i64 = connection(store).del(key).await.context("Redis DEL")?;
        Ok(removed > 0)
    }

    pub async fn incr(store: &RedisStore, key: &str, window: Duration) -> anyhow::Result<i64> {
        // INCR and PEXPIRE NX in one transaction: the expiry is set once per window.
        let (count,): (i64,) = redis::pipe()
            .atomic()
            .incr(key, 1)
            .cmd("PEXPIRE")
            .arg(key)
            .arg(ttl_millis(window))
            .arg("NX")
            .ignore()
            .query_async(&mut connection(store))
            .await
            .context("Redis INCR/PEXPIRE")?;
        Ok(count)
    }

    pub async fn release(store: &RedisStore, key: &str) -> anyhow::Result<i64> {
        // DECR alone would create a counter without expiry once the window has ended.
        let script = redis::Script::new(
            "if redis.call('EXISTS', KEYS[1]) == 1 then \
               local n = redis.call('DECR', KEYS[1]) \
               if n < 0 then redis.call('SET', KEYS[1], 0, 'KEEPTTL') n = 0 end \
               return n \
             else return 0 end",
        );
        script
            .key(key)
            .invoke_async(&mut connection(store))
            .await
            .context("Redis release script")
    }

    pub async fn extend(store: &RedisStore, key: &str, ttl: Duration) -> anyhow::Result<bool> {
        let set: i64 = connection(store)
            .pexpire(key, ttl_millis(ttl) as i64)
            .await
            .context("Redis PEXPIRE")?;
        Ok(set == 1)
    }

    pub async fn claim(
        store: &RedisStore,
        key: &str,
        value: &str,
        ttl: Duration,
    ) -> anyhow::Result<bool> {
        let stored: Option<String> = redis::cmd("SET")
            .arg(key)
            .arg(value)
            .arg("PX")
            .arg(ttl_millis(ttl))
            .arg("NX")
            .query_async(&mut connection(store))
            .await
            .context("Redis SET NX")?;
        Ok(stored.is_some())
    }

    pub async fn ping(store: &RedisStore) -> anyhow::Result<()> {
        let answer: String = redis::cmd("PING")
            .query_async(&mut connection(store))
            .await
            .context("Redis PING")?;
        anyhow::ensure!(answer == "PONG", "unexpected PING answer {answer:?}");
        Ok(())
    }
}

/// Runs one operation on the configured store; on Redis, a failure is answered by the
/// in-process fallback (unless the view is strict). `$key` is rebound to the prefixed key.
macro_rules! dispatch {
    ($cache:expr, $key:ident, |$memory:ident| $on_memory:expr, |$redis:ident| $on_redis:expr) => {{
        let $key = $cache.key($key);
        let $key = $key.as_str();
        match &$cache.store {
            Store::Memory($memory) => $on_memory.await,
            Store::Redis(store) => {
                let $redis: &RedisStore = store;
                match $on_redis.await {
                    Ok(answer) => {
                        store.answered();
                        Ok(answer)
                    }
                    Err(error) if $cache.strict => Err(error),
                    Err(error) => {
                        store.failed(&error);
                        let $memory = &store.fallback;
                        $on_memory.await
                    }
                }
            }
        }
    }};
}

impl Cache {
    /// An in-process cache holding at most `capacity` entries.
    pub fn in_memory(prefix: &str, capacity: u64) -> Self {
        Self {
            prefix: prefix.into(),
            store: Store::Memory(memory_store(capacity)),
            strict: false,
        }
    }

    /// Connects to Redis (fails if it does not answer now; later failures fall back to an
    /// in-process cache of `fallback_capacity` entries).
    pub async fn redis(url: &str, prefix: &str) -> anyhow::Result<Self> {
        Self::redis_with_fallback(url, prefix, 100_000).await
    }

    async fn redis_with_fallback(
        url: &str,
        prefix: &str,
        fallback_capacity: u64,
    ) -> anyhow::Result<Self> {
        let client = redis::Client::open(url).context("invalid Redis URL")?;
        // Short waits: a Redis that does not answer within a second is treated as down and the
        // fallback answers, rather than holding the request.
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(Duration::from_secs(1)))
            .set_response_timeout(Some(Duration::from_secs(1)))
            .set_number_of_retries(1);
        let manager = ConnectionManager::new_with_config(client.clone(), config)
            .await
            .context("connecting to Redis")?;
        Ok(Self {
            prefix: prefix.into(),
            store: Store::Redis(Arc::new(RedisStore {
                client,
                manager,
                fallback: memory_store(fallback_capacity),
                degraded: AtomicBool::new(false),
                warned_at: AtomicI64::new(0),
            })),
            strict: false,
        })
    }

    /// From the settings: Redis when `redis_url` is set, otherwise in-process.
    pub async fn from_settings(settings: &crate::Settings) -> anyhow::Result<Self> {
        match &settings.redis_url {
            Some(url) => {
                Self::redis_with_fallback(url, &settings.cache_prefix, settings.cache_capacity)
                    .await
            }
            None => Ok(Self::in_memory(
                &settings.cache_prefix,
                settings.cache_capacity,
            )),
        }
    }

    /// The same store with `<prefix><namespace>:` in front of every key (one per service).
    pub fn scoped(&self, namespace: &str) -> Self {
        Self {
            prefix: format!("{}{namespace}:", self.prefix).into(),
            store: self.store.clone(),
            strict: self.strict,
        }
    }

    /// The same store without the in-process fallback: a Redis failure reaches the caller
    /// (for what must be the same in every process, e.g. cached token checks).
    pub fn strict(&self) -> Self {
        Self {
            strict: true,
            ..self.clone()
        }
    }

    pub fn kind(&self) -> &'static str {
        match self.store {
            Store::Memory(_) => "memory",
            Store::Redis(_) => "redis",
        }
    }

    /// Whether Redis failed on its last call (the fallback answers meanwhile).
    pub fn is_degraded(&self) -> bool {
        match &self.store {
            Store::Memory(_) => false,
            Store::Redis(store) => store.degraded.load(Ordering::Relaxed),
        }
    }

    fn key(&self, key: &str) -> String {
        format!("{}{key}", self.prefix)
    }

    pub async fn get(&self, key: &str) -> anyhow::Result<Option<String>> {
        dispatch!(self, key, |cache| memory::get(cache, key), |store| {
            remote::get(store, key)
        })
    }

    /// The values of several keys in one round trip (Redis `MGET`), in the order asked.
    pub async fn get_many(&self, keys: &[String]) -> anyhow::Result<Vec<Option<String>>> {
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        let keys: Vec<String> = keys.iter().map(|key| self.key(key)).collect();
        match &self.store {
            Store::Memory(cache) => memory::get_many(cache, &keys).await,
            Store::Redis(store) => match remote::get_many(store, &keys).await {
                Ok(values) => {
                    store.answered();
                    Ok(values)
                }
                Err(error) if self.strict => Err(error),
                Err(error) => {
                    store.failed(&error);
                    memory::get_many(&store.fallback, &keys).await
                }
            },
        }
    }

    pub async fn set(&self, key: &str, value: &str, ttl: Duration) -> anyhow::Result<()> {
        dispatch!(
            self,
            key,
            |cache| memory::set(cache, key, value, ttl),
            |store| remote::set(store, key, value, ttl)
        )
    }

    /// Removes the key; answers whether it existed.
    pub async fn delete(&self, key: &str) -> anyhow::Result<bool> {
        dispatch!(self, key, |cache| memory::delete(cache, key), |store| {
            remote::delete(store, key)
        })
    }

    /// Adds one to a counter and answers the new value; the first increment of a window sets
    /// the expiry to `window`, later increments keep it (fixed-window rate limiting). Exact
    /// under parallel calls (a reservation: each caller sees its own number).
    pub async fn incr(&self, key: &str, window: Duration) -> anyhow::Result<i64> {
        dispatch!(
            self,
            key,
            |cache| memory::incr(cache, key, window),
            |store| remote::incr(store, key, window)
        )
    }

    /// Takes one of the `limit` slots of a fixed-window counter: `true` when a slot was free
    /// (give it back with [`Cache::release`] if the work turns out not to count); `false` when
    /// all are taken, the counter left as it was.
    pub async fn take_slot(&self, key: &str, window: Duration, limit: i64) -> anyhow::Result<bool> {
        if self.incr(key, window).await? > limit {
            self.release(key).await?;
            return Ok(false);
        }
        Ok(true)
    }

    /// Gives back one unit of a counter taken with [`Cache::incr`] (a reservation that turned
    /// out not to count, e.g. a login that succeeded). A counter whose window has ended stays
    /// absent: no negative counter is ever created. Answers the new value (0 when absent).
    pub async fn release(&self, key: &str) -> anyhow::Result<i64> {
        dispatch!(self, key, |cache| memory::release(cache, key), |store| {
            remote::release(store, key)
        })
    }

    /// Makes an existing entry (a counter too) expire `ttl` from now, its value untouched;
    /// answers whether the key existed (an absent key is not created).
    pub async fn extend(&self, key: &str, ttl: Duration) -> anyhow::Result<bool> {
        dispatch!(
            self,
            key,
            |cache| memory::extend(cache, key, ttl),
            |store| remote::extend(store, key, ttl)
        )
    }

    /// Stores `value` under `key` only if the key is absent; answers whether this call stored
    /// it. Of any number of concurrent claims exactly one wins (a lock with an expiry).
    pub async fn claim(&self, key: &str, value: &str, ttl: Duration) -> anyhow::Result<bool> {
        dispatch!(
            self,
            key,
            |cache| memory::claim(cache, key, value, ttl),
            |store| remote::claim(store, key, value, ttl)
        )
    }

    /// Sends `message` to every process following `channel` (Redis pub/sub, prefixed like
    /// the keys). In-process there is nobody else to tell: a no-op.
    pub async fn publish(&self, channel: &str, message: &str) -> anyhow::Result<()> {
        match &self.store {
            Store::Memory(_) => Ok(()),
            Store::Redis(store) => {
                let channel = self.key(channel);
                let mut connection = store.manager.clone();
                connection
                    .publish::<_, _, ()>(&channel, message)
                    .await
                    .context("Redis PUBLISH")
            }
        }
    }

    /// Calls `on_message` with every message published to `channel` by any process, for as
    /// long as the task runs; resubscribes after Redis comes back. `None` without Redis.
    pub fn follow<F, Fut>(
        &self,
        channel: &str,
        on_message: F,
    ) -> Option<tokio::task::JoinHandle<()>>
    where
        F: Fn(String) -> Fut + Send + Sync + 'static,
        Fut: std::future::Future<Output = ()> + Send,
    {
        let Store::Redis(store) = &self.store else {
            return None;
        };
        let client = store.client.clone();
        let channel = self.key(channel);
        Some(tokio::spawn(async move {
            use futures_util::StreamExt;
            loop {
                let subscribed = async {
                    let mut pubsub = client.get_async_pubsub().await?;
                    pubsub.subscribe(&channel).await?;
                    Ok::<_, redis::RedisError>(pubsub.into_on_message())
                };
                match subscribed.await {
                    Ok(mut messages) => {
                        while let Some(message) = messages.next().await {
                            match message.get_payload::<String>() {
                                Ok(payload) => on_message(payload).await,
                                Err(error) => tracing::warn!(%error, "unreadable pub/sub message"),
                            }
                        }
                        tracing::warn!(%channel, "pub/sub connection closed: resubscribing");
                    }
                    Err(error) => {
                        tracing::debug!(%error, %channel, "pub/sub subscription failed: retrying");
                    }
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }))
    }

    /// Answers whether the store is reachable (readiness check).
    pub async fn ping(&self) -> anyhow::Result<()> {
        match &self.store {
            Store::Memory(_) => Ok(()),
            Store::Redis(store) => {
                let answer = remote::ping(store).await;
                match &answer {
                    Ok(()) => store.answered(),
                    Err(error) => store.failed(error),
                }
                answer
            }
        }
    }
}

fn ttl_millis(ttl: Duration) -> u64 {
    u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX).max(1)
}

/// The behaviour both stores must share; run by the unit tests below (memory) and by the
/// kernel's integration tests (Redis).
#[cfg(any(test, feature = "testing"))]
pub mod contract {
    use std::time::{Duration, Instant};

    use super::Cache;

    pub async fn get_set_delete(cache: &Cache) -> anyhow::Result<()> {
        assert_eq!(cache.get("absent").await?, None);
        cache
            .set("greeting", "你好", Duration::from_secs(60))
            .await?;
        assert_eq!(cache.get("greeting").await?.as_deref(), Some("你好"));
        cache
            .set("greeting", "hello", Duration::from_secs(60))
            .await?;
        assert_eq!(cache.get("greeting").await?.as_deref(), Some("hello"));
        assert!(cache.delete("greeting").await?);
        assert!(!cache.delete("greeting").await?);
        assert_eq!(cache.get("greeting").await?, None);
        Ok(())
    }

    pub async fn get_many_answers_in_order(cache: &Cache) -> anyhow::Result<()> {
        assert_eq!(cache.get_many(&[]).await?, Vec::<Option<String>>::new());
        cache.set("many:a", "1", Duration::from_secs(60)).await?;
        cache.set("many:c", "3", Duration::from_secs(60)).await?;
        let keys = ["many:c", "many:b", "many:a"].map(String::from);
        assert_eq!(
            cache.get_many(&keys).await?,
            vec![Some("3".to_owned()), None, Some("1".to_owned())]
        );
        let one = cache.get_many(&["many:a".to_owned()]).await?;
        assert_eq!(one, vec![Some("1".to_owned())]);
        Ok(())
    }

    pub async fn entries_expire(cache: &Cache) -> anyhow::Result<()> {
        // Generous margins: a loaded CI machine may stall for hundreds of milliseconds.
        let ttl = Duration::from_millis(1500);
        let written = Instant::now();
        cache.set("short", "x", ttl).await?;
        let value = cache.get("short").await?;
        if written.elapsed() < ttl {
            assert_eq!(value.as_deref(), Some("x"));
        }
        tokio::time::sleep_until((written + ttl + Duration::from_millis(300)).into()).await;
        assert_eq!(cache.get("short").await?, None);
        Ok(())
    }

    pub async fn counters_use_fixed_windows(cache: &Cache) -> anyhow::Result<()> {
        let window = Duration::from_millis(2000);
        let opened = Instant::now();
        assert_eq!(cache.incr("hits", window).await?, 1);
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(cache.incr("hits", window).await?, 2);
        tokio::time::sleep(Duration::from_millis(300)).await;
        let third = cache.incr("hits", window).await?;
        if opened.elapsed() < window {
            assert_eq!(third, 3);
        }
        // Past the window the first increment opened, but before the end of a window the
        // later increments would have opened had they (wrongly) renewed the expiry.
        tokio::time::sleep_until((opened + window + Duration::from_millis(250)).into()).await;
        assert_eq!(cache.incr("hits", window).await?, 1);
        Ok(())
    }

    /// A burst of parallel increments is counted exactly: every caller sees a distinct value.
    pub async fn parallel_increments_are_exact(cache: &Cache) -> anyhow::Result<()> {
        let window = Duration::from_secs(60);
        let burst = (0..200).map(|_| cache.incr("burst", window));
        let mut seen = futures_util::future::try_join_all(burst).await?;
        seen.sort_unstable();
        assert_eq!(seen, (1..=200).collect::<Vec<i64>>());
        Ok(())
    }

    /// `release` gives back what `incr` took, never below zero, never creating a counter.
    pub async fn releases_give_back_reservations(cache: &Cache) -> anyhow::Result<()> {
        let window = Duration::from_secs(60);
        assert_eq!(cache.release("never-taken").await?, 0);
        assert_eq!(cache.get("never-taken").await?, None);
        for _ in 0..3 {
            cache.incr("taken", window).await?;
        }
        assert_eq!(cache.release("taken").await?, 2);
        let releases = (0..10).map(|_| cache.release("taken"));
        futures_util::future::try_join_all(releases).await?;
        assert_eq!(cache.get("taken").await?.as_deref(), Some("0"));
        assert_eq!(cache.incr("taken", window).await?, 1);
        Ok(())
    }

    /// `extend` moves a counter's expiry without touching its value, racing increments
    /// included; an absent key stays absent.
    pub async fn extend_keeps_the_value(cache: &Cache) -> anyhow::Result<()> {
        let short = Duration::from_millis(800);
        assert!(!cache.extend("never-set", short).await?);
        assert_eq!(cache.get("never-set").await?, None);
        let opened = Instant::now();
        for _ in 0..3 {
            cache.incr("held", short).await?;
        }
        let (extended, counted) = tokio::join!(
            cache.extend("held", Duration::from_secs(60)),
            cache.incr("held", short)
        );
        assert!(extended?);
        assert_eq!(counted?, 4);
        tokio::time::sleep_until((opened + short + Duration::from_millis(400)).into()).await;
        assert_eq!(cache.get("held").await?.as_deref(), Some("4"));
        assert_eq!(cache.release("held").await?, 3);
        assert_eq!(cache.incr("held", short).await?, 4);
        Ok(())
    }

    /// Of a burst of claims on one key exactly one wins; the key frees when it expires.
    pub async fn exactly_one_claim_wins(cache: &Cache) -> anyhow::Result<()> {
        let ttl = Duration::from_millis(800);
        let claims = (0..100).map(|i| {
            let value = i.to_string();
            async move { cache.claim("lock", &value, ttl).await }
        });
        let won = futures_util::future::try_join_all(claims).await?;
        assert_eq!(won.iter().filter(|won| **won).count(), 1);
        tokio::time::sleep(ttl + Duration::from_millis(300)).await;
        assert!(cache.claim("lock", "again", ttl).await?);
        Ok(())
    }

    pub async fn scopes_do_not_collide(cache: &Cache) -> anyhow::Result<()> {
        let part = cache.scoped("part");
        let mat = cache.scoped("mat");
        part.set("k", "part", Duration::from_secs(60)).await?;
        mat.set("k", "mat", Duration::from_secs(60)).await?;
        assert_eq!(part.get("k").await?.as_deref(), Some("part"));
        assert_eq!(mat.get("k").await?.as_deref(), Some("mat"));
        cache.ping().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn memory() -> Cache {
        Cache::in_memory("test:", 1000)
    }

    #[tokio::test]
    async fn memory_get_set_delete() -> anyhow::Result<()> {
        contract::get_set_delete(&memory()).await
    }

    #[tokio::test]
    async fn memory_get_many_answers_in_order() -> anyhow::Result<()> {
        contract::get_many_answers_in_order(&memory()).await
    }

    #[tokio::test]
    async fn memory_entries_expire() -> anyhow::Result<()> {
        contract::entries_expire(&memory()).await
    }

    #[tokio::test]
    async fn memory_counters_use_fixed_windows() -> anyhow::Result<()> {
        contract::counters_use_fixed_windows(&memory()).await
    }

    #[tokio::test]
    async fn memory_parallel_increments_are_exact() -> anyhow::Result<()> {
        contract::parallel_increments_are_exact(&memory()).await
    }

    #[tokio::test]
    async fn memory_releases_give_back_reservations() -> anyhow::Result<()> {
        contract::releases_give_back_reservations(&memory()).await
    }

    #[tokio::test]
    async fn memory_extend_keeps_the_value() -> anyhow::Result<()> {
        contract::extend_keeps_the_value(&memory()).await
    }

    #[tokio::test]
    async fn memory_exactly_one_claim_wins() -> anyhow::Result<()> {
        contract::exactly_one_claim_wins(&memory()).await
    }

    #[tokio::test]
    async fn memory_scopes_do_not_collide() -> anyhow::Result<()> {
        contract::scopes_do_not_collide(&memory()).await
    }
}
