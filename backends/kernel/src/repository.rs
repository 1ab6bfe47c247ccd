//! One way for every store in the workspace to choose its backend: a repository is an enum with
//! one variant per backend (`Sqlite`/`Postgres` over [`crate::Database`], `Local`/`S3` for blobs),
//! each holding a store that implements the same trait; [`repository!`](crate::repository)
//! writes the enum, its constructor from a [`crate::Database`] where it has one, and the trait
//! implementation that forwards every method to the variant's store.
//!
//! ```ignore
//! kernel::repository! {
//!     /// The file store of the service's database.
//!     pub enum FileRepository: FileStore {
//!         Sqlite(SqliteFileStore),
//!         Postgres(PgFileStore),
//!     }
//!     async fn find_file(&self, id: i64) -> anyhow::Result<Option<FileRecord>>;
//!     async fn delete_file(&self, id: i64, user_id: i64) -> anyhow::Result<bool>;
//! }
//! ```
//!
//! Methods may be `async fn` or plain `fn` (the blob store's URL signing is synchronous); each
//! is written `fn name(&self, argument: Type, …) -> Answer;` as in the trait.
//!
//! With exactly the variants `Sqlite` and `Postgres`, `Repository::new(&Database)` is written too
//! (each store needs `fn new(pool) -> Self`). Stores whose choice is more than forwarding (the
//! cache's Redis-with-fallback in [`crate::cache`]) keep their own code.

/// See the [module documentation](crate::repository).
#[macro_export]
macro_rules! repository {
    // Over the service's database: the enum, `new(&Database)` and the forwarding impl.
    (
        $(#[$meta:meta])*
        $vis:vis enum $repository:ident: $store_trait:path {
            Sqlite($sqlite:ty),
            Postgres($postgres:ty) $(,)?
        }
        $($methods:tt)*
    ) => {
        $(#[$meta])*
        $vis enum $repository {
            Sqlite($sqlite),
            Postgres($postgres),
        }

        impl $repository {
            pub fn new(db: &$crate::Database) -> Self {
                match db {
                    $crate::Database::Sqlite(pool) => Self::Sqlite(<$sqlite>::new(pool.clone())),
                    $crate::Database::Postgres(pool) => {
                        Self::Postgres(<$postgres>::new(pool.clone()))
                    }
                }
            }
        }

        $crate::repository!(@forward $repository: $store_trait { Sqlite, Postgres } $($methods)*);
    };
    // Any other set of variants: the enum and the forwarding impl.
    (
        $(#[$meta:meta])*
        $vis:vis enum $repository:ident: $store_trait:path {
            $($variant:ident($store:ty)),+ $(,)?
        }
        $($methods:tt)*
    ) => {
        $(#[$meta])*
        $vis enum $repository {
            $($variant($store),)+
        }

        $crate::repository!(@forward $repository: $store_trait { $($variant),+ } $($methods)*);
    };
    (@forward $repository:ident: $store_trait:path { $($variant:ident),+ } $($methods:tt)*) => {
        // The variants travel as one token tree so that each method can expand them again.
        $crate::repository!(@methods $repository: $store_trait [{ $($variant),+ }] {} $($methods)*);
    };
    // Munches one method at a time (async or not), collecting the forwarding bodies.
    (@methods $repository:ident: $store_trait:path [$variants:tt] { $($written:tt)* }
        $(#[$method_meta:meta])*
        async fn $method:ident(&self $(, $arg:ident: $arg_type:ty)* $(,)?) -> $answer:ty;
        $($rest:tt)*
    ) => {
        $crate::repository!(@methods $repository: $store_trait [$variants] {
            $($written)*
            $(#[$method_meta])*
            async fn $method(&self $(, $arg: $arg_type)*) -> $answer {
                $crate::repository!(@await self $variants $method ($($arg),*))
            }
        } $($rest)*);
    };
    (@methods $repository:ident: $store_trait:path [$variants:tt] { $($written:tt)* }
        $(#[$method_meta:meta])*
        fn $method:ident(&self $(, $arg:ident: $arg_type:ty)* $(,)?) -> $answer:ty;
        $($rest:tt)*
    ) => {
        $crate::repository!(@methods $repository: $store_trait [$variants] {
            $($written)*
            $(#[$method_meta])*
            fn $method(&self $(, $arg: $arg_type)*) -> $answer {
                $crate::repository!(@call self $variants $method ($($arg),*))
            }
        } $($rest)*);
    };
    (@methods $repository:ident: $store_trait:path [$variants:tt] { $($written:tt)* }) => {
        impl $store_trait for $repository {
            $($written)*
        }
    };
    // Each arm awaits its own store's future (the arms' future types differ).
    (@await $self:ident { $($variant:ident),+ } $method:ident $args:tt) => {
        match $self {
            $(Self::$variant(store) => store.$method $args .await,)+
        }
    };
    (@call $self:ident { $($variant:ident),+ } $method:ident $args:tt) => {
        match $self {
            $(Self::$variant(store) => store.$method $args,)+
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::Database;

    #[allow(async_fn_in_trait)]
    trait CounterStore {
        async fn count(&self) -> anyhow::Result<i64>;
        async fn scaled(&self, by: i64, label: &str) -> anyhow::Result<String>;
        fn backend(&self, suffix: &str) -> String;
    }

    struct SqliteCounter(sqlx::SqlitePool);
    struct PgCounter(sqlx::PgPool);

    impl SqliteCounter {
        fn new(pool: sqlx::SqlitePool) -> Self {
            Self(pool)
        }
    }

    impl PgCounter {
        fn new(pool: sqlx::PgPool) -> Self {
            Self(pool)
        }
    }

    impl CounterStore for SqliteCounter {
        async fn count(&self) -> anyhow::Result<i64> {
            Ok(sqlx::query_scalar("SELECT 2").fetch_one(&self.0).await?)
        }
        async fn scaled(&self, by: i64, label: &str) -> anyhow::Result<String> {
            Ok(format!("{label}: sqlite {}", self.count().await? * by))
        }
        fn backend(&self, suffix: &str) -> String {
            format!("sqlite{suffix}")
        }
    }

    impl CounterStore for PgCounter {
        async fn count(&self) -> anyhow::Result<i64> {
            Ok(sqlx::query_scalar("SELECT 3::BIGINT")
                .fetch_one(&self.0)
                .await?)
        }
        async fn scaled(&self, by: i64, label: &str) -> anyhow::Result<String> {
            Ok(format!("{label}: postgres {}", self.count().await? * by))
        }
        fn backend(&self, suffix: &str) -> String {
            format!("postgres{suffix}")
        }
    }

    crate::repository! {
        enum CounterRepository: CounterStore {
            Sqlite(SqliteCounter),
            Postgres(PgCounter),
        }
        async fn count(&self) -> anyhow::Result<i64>;
        async fn scaled(&self, by: i64, label: &str) -> anyhow::Result<String>;
        fn backend(&self, suffix: &str) -> String;
    }

    struct Fixed(i64);

    impl CounterStore for Fixed {
        async fn count(&self) -> anyhow::Result<i64> {
            Ok(self.0)
        }
        async fn scaled(&self, by: i64, label: &str) -> anyhow::Result<String> {
            Ok(format!("{label}: fixed {}", self.0 * by))
        }
        fn backend(&self, suffix: &str) -> String {
            format!("fixed{suffix}")
        }
    }

    crate::repository! {
        enum Either: CounterStore {
            Left(Fixed),
            Right(SqliteCounter),
        }
        async fn count(&self) -> anyhow::Result<i64>;
        async fn scaled(&self, by: i64, label: &str) -> anyhow::Result<String>;
        fn backend(&self, suffix: &str) -> String;
    }

    #[tokio::test]
    async fn the_repository_forwards_to_the_store_of_its_backend() -> anyhow::Result<()> {
        let pool = sqlx::SqlitePool::connect("sqlite::memory:").await?;
        let repository = CounterRepository::new(&Database::Sqlite(pool.clone()));
        assert!(matches!(repository, CounterRepository::Sqlite(_)));
        assert_eq!(repository.count().await?, 2);
        assert_eq!(repository.scaled(5, "n").await?, "n: sqlite 10");
        assert_eq!(repository.backend("!"), "sqlite!");

        let left = Either::Left(Fixed(7));
        assert_eq!(left.count().await?, 7);
        assert_eq!(left.scaled(2, "x").await?, "x: fixed 14");
        assert_eq!(left.backend("?"), "fixed?");
        let right = Either::Right(SqliteCounter::new(pool));
        assert_eq!(right.scaled(3, "y").await?, "y: sqlite 6");
        Ok(())
    }
}
