#ifndef BENCH_SUPPORT_H
#define BENCH_SUPPORT_H
#include <stddef.h>

// What the benchmarks need from C: the allocator's own count of bytes in use
// (glibc mallinfo2, which Swift's Glibc module does not export), and the two
// SQLite baselines of the search benchmark. SQLite handles are opaque here so
// that this module never clashes with the runtime's own SQLite module.

/// Bytes the allocator has handed out and not taken back (mallinfo2().uordblks,
/// plus hblkhd: chunks served by mmap).
size_t bench_heap_in_use(void);

/// sqlite3_memory_used(): every byte SQLite holds in this process.
long long bench_sqlite_memory_used(void);

/// Opens a database read-only and immutable; NULL on failure.
void *bench_sqlite_open(const char *path);
void bench_sqlite_close(void *db);
/// Drops the connection's cached pages.
void bench_sqlite_release(void *db);
void *bench_sqlite_prepare(void *db, const char *sql);
void bench_sqlite_finalize(void *statement);
/// Binds ?1 (and ?2 when `second` is not NULL) as text (`blob` 0) or blobs,
/// steps through every row reading the first two columns, and returns the
/// number of rows, or -1 on an error.
int bench_sqlite_run(void *statement, const char *first, int first_length, const char *second, int second_length, int blob);

#endif
