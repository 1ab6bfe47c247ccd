//! A bounded pool of threads of its own for CPU-bound work (password hashing, search): the
//! async I/O workers hand a job over and await its answer, so they keep serving cheap requests
//! while the pool computes. At most `threads` jobs run and `max_queued` wait; a job beyond
//! that is refused at once with [`Overloaded`] (→ 503 `服务繁忙，请稍后重试` with `Retry-After`).
//!
//! Fixed threads matter, not only a bounded count: the allocator keeps freed buffers in the
//! arena of the thread that used them, so work spread over tokio's many blocking threads left
//! hundreds of megabytes resident after a burst (measured with argon2: 206 → 841 MB,
//! scripts/memory.sh).

use std::sync::{mpsc, Arc, Mutex};

use anyhow::Context;
use tokio::sync::Semaphore;

use crate::error::Overloaded;

type Job = Box<dyn FnOnce() + Send>;

/// A named pool: `threads` threads taking jobs from one queue. Clones share the pool; the
/// threads end when the last clone is dropped.
#[derive(Clone)]
pub struct WorkerPool {
    /// What the busy answer names (`password hashing`, `search`).
    resource: &'static str,
    threads: usize,
    jobs: mpsc::SyncSender<Job>,
    /// Permits to be admitted at all: the threads plus the queue.
    admitted: Arc<Semaphore>,
}

impl WorkerPool {
    /// `threads` 0 = the machine's cores. Threads are named `<thread_name>-<n>`.
    pub fn new(
        resource: &'static str,
        thread_name: &str,
        threads: usize,
        max_queued: usize,
    ) -> anyhow::Result<Self> {
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(2, usize::from),
            configured => configured,
        };
        let capacity = threads + max_queued;
        let (sender, receiver) = mpsc::sync_channel::<Job>(capacity);
        let receiver = Arc::new(Mutex::new(receiver));
        for index in 0..threads {
            let receiver = Arc::clone(&receiver);
            std::thread::Builder::new()
                .name(format!("{thread_name}-{index}"))
                .spawn(move || loop {
                    let job = match receiver.lock() {
                        Ok(receiver) => receiver.recv(),
                        Err(_) => return,
                    };
                    match job {
                        Ok(job) => job(),
                        Err(_) => return, // every sender dropped
                    }
                })
                .with_context(|| format!("starting a {resource} thread"))?;
        }
        Ok(Self {
            resource,
            threads,
            jobs: sender,
            admitted: Arc::new(Semaphore::new(capacity)),
        })
    }

    /// How many threads run jobs.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Runs `work` on a pool thread once one is free; refuses at once ([`Overloaded`]) when
    /// the threads are busy and the queue is full. A panic in `work` is an error, not a crash.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> anyhow::Result<T> {
        let Ok(admitted) = self.admitted.clone().try_acquire_owned() else {
            return Err(anyhow::Error::new(Overloaded {
                resource: self.resource,
                retry_after_seconds: 1,
            }));
        };
        let (answer, answered) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
            // Free the place before answering: a caller that sends its next job as soon as it
            // has the answer must find it free (it raced the end of this closure before).
            drop(admitted);
            // The caller may have gone (a dropped request): nobody to answer then.
            let _ = answer.send(outcome);
        });
        // Never blocks: the queue holds as many jobs as there are admission permits.
        self.jobs
            .try_send(job)
            .map_err(|_| anyhow::anyhow!("{} queue closed or full", self.resource))?;
        match answered
            .await
            .with_context(|| format!("{} thread", self.resource))?
        {
            Ok(value) => Ok(value),
            Err(_) => anyhow::bail!("a {} job panicked", self.resource),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A burst larger than threads + queue while every thread is held: exactly threads + queue
    /// jobs are admitted, the rest are refused as busy at once; once released, all admitted
    /// jobs finish and the pool admits again.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_burst_beyond_the_queue_is_refused_as_busy() -> anyhow::Result<()> {
        let pool = WorkerPool::new("test work", "test", 2, 3)?;
        assert_eq!(pool.threads(), 2);
        let (release, released) = std::sync::mpsc::channel::<()>();
        let released = Arc::new(Mutex::new(released));
        let burst = (0..20).map(|n| {
            let released = Arc::clone(&released);
            pool.run(move || {
                // Hold the thread until the test releases one job.
                let _ = released.lock().map(|r| r.recv());
                n
            })
        });
        let all = futures_util::future::join_all(burst);
        let releaser = async {
            for _ in 0..5 {
                let _ = release.send(());
            }
        };
        let (answers, ()) = tokio::join!(all, releaser);
        let busy = answers
            .iter()
            .filter(|answer| {
                answer
                    .as_ref()
                    .err()
                    .is_some_and(|error| error.downcast_ref::<Overloaded>().is_some())
            })
            .count();
        let done: Vec<i32> = answers
            .iter()
            .filter_map(|a| a.as_ref().ok())
            .copied()
            .collect();
        assert_eq!((done.len(), busy), (5, 15), "{done:?}");
        assert_eq!(pool.run(|| 7).await?, 7);
        Ok(())
    }

    #[tokio::test]
    async fn a_panicking_job_is_an_error_and_the_pool_goes_on() -> anyhow::Result<()> {
        let pool = WorkerPool::new("test work", "test", 1, 0)?;
        let failed = pool.run(|| -> u8 { panic!("boom") }).await;
        assert!(failed.is_err());
        assert_eq!(pool.run(|| 3).await?, 3);
        Ok(())
    }
}
