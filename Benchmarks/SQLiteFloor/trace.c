// An LD_PRELOAD library that writes down every SQLite call a process makes
// on its statements (prepare, bind, step, reset, finalize) and each
// sqlite3_db_release_memory, to the file named by SQLITE_FLOOR_LOG, for
// replay.c to run again with nothing else around it (Scripts/sqlite-floor).
// A line an event: `P ptr hexsql`, `B ptr index kind value`, `S ptr`,
// `R ptr`, `C ptr`, `F ptr`, `X hexsql` (sqlite3_exec), `M` (text and
// blobs in hex, reals as %a).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *out;
/// Calls made inside a call written down (SQLite's own, as `sqlite3_exec`
/// preparing its statements, or reading the schema) are not written: the
/// replay's call makes them again.
static __thread int depth;

static FILE *log_file(void) {
    if (!out) {
        const char *path = getenv("SQLITE_FLOOR_LOG");
        out = fopen(path ? path : "/dev/null", "w");
        if (!out) abort();
        setvbuf(out, NULL, _IOFBF, 1 << 20);
    }
    return out;
}

static void hex(const void *bytes, int count) {
    const unsigned char *b = bytes;
    for (int i = 0; i < count; i++) fprintf(out, "%02x", b[i]);
    if (count == 0) fputc('-', out);
}

/// A text or blob binding: `B ptr index kind hex`.
static void binding(sqlite3_stmt *s, int i, char kind, const void *bytes, int count) {
    fprintf(log_file(), "B %p %d %c ", (void *)s, i, kind);
    hex(bytes, count);
    fputc('\n', out);
}

/// The SQLite function this one stands in front of. A process that loads
/// SQLite with dlopen (Python's sqlite3 module) has none after this library
/// in the global scope: said and stopped, not a call through NULL.
static void *next(const char *name) {
    void *found = dlsym(RTLD_NEXT, name);
    if (!found) {
        fprintf(stderr, "trace.so: no %s after this library (is SQLite loaded with dlopen?)\n", name);
        abort();
    }
    return found;
}

#define REAL(name) static __typeof__(name) *real; if (!real) real = (__typeof__(name) *)next(#name)
#define CALL(expression) (depth++, result = (expression), depth--, result)

int sqlite3_prepare_v2(sqlite3 *db, const char *sql, int bytes, sqlite3_stmt **statement, const char **tail) {
    REAL(sqlite3_prepare_v2);
    int result, outer = depth == 0;
    int rc = CALL(real(db, sql, bytes, statement, tail));
    if (outer && rc == SQLITE_OK && *statement) {
        log_file();
        fprintf(out, "P %p ", (void *)*statement);
        hex(sql, bytes < 0 ? (int)strlen(sql) : bytes);
        fputc('\n', out);
    }
    return rc;
}

int sqlite3_bind_int64(sqlite3_stmt *s, int i, sqlite3_int64 v) {
    REAL(sqlite3_bind_int64);
    int result;
    if (depth == 0) fprintf(log_file(), "B %p %d i %lld\n", (void *)s, i, (long long)v);
    return CALL(real(s, i, v));
}

int sqlite3_bind_double(sqlite3_stmt *s, int i, double v) {
    REAL(sqlite3_bind_double);
    int result;
    if (depth == 0) fprintf(log_file(), "B %p %d d %a\n", (void *)s, i, v);
    return CALL(real(s, i, v));
}

int sqlite3_bind_null(sqlite3_stmt *s, int i) {
    REAL(sqlite3_bind_null);
    int result;
    if (depth == 0) fprintf(log_file(), "B %p %d n\n", (void *)s, i);
    return CALL(real(s, i));
}

int sqlite3_bind_text(sqlite3_stmt *s, int i, const char *v, int n, void (*d)(void *)) {
    REAL(sqlite3_bind_text);
    int result;
    if (depth == 0) binding(s, i, 't', v, n < 0 ? (int)strlen(v) : n);
    return CALL(real(s, i, v, n, d));
}

int sqlite3_bind_blob(sqlite3_stmt *s, int i, const void *v, int n, void (*d)(void *)) {
    REAL(sqlite3_bind_blob);
    int result;
    if (depth == 0) binding(s, i, 'b', v, n);
    return CALL(real(s, i, v, n, d));
}

/// A call on one statement, written `TAG ptr` (finalize's NULL, which
/// SQLite allows and does nothing with, is not written).
#define STATEMENT_CALL(name, tag)                                               \
    int name(sqlite3_stmt *s) {                                                 \
        REAL(name);                                                             \
        int result;                                                             \
        if (depth == 0 && s) fprintf(log_file(), tag " %p\n", (void *)s);       \
        return CALL(real(s));                                                   \
    }

STATEMENT_CALL(sqlite3_step, "S")
STATEMENT_CALL(sqlite3_reset, "R")
STATEMENT_CALL(sqlite3_clear_bindings, "C")
STATEMENT_CALL(sqlite3_finalize, "F")

int sqlite3_db_release_memory(sqlite3 *db) {
    REAL(sqlite3_db_release_memory);
    int result;
    if (depth == 0) fprintf(log_file(), "M\n");
    return CALL(real(db));
}

int sqlite3_exec(sqlite3 *db, const char *sql, int (*callback)(void *, int, char **, char **), void *argument, char **error) {
    REAL(sqlite3_exec);
    int result;
    if (depth == 0) {
        fprintf(log_file(), "X ");
        hex(sql, (int)strlen(sql));
        fputc('\n', out);
    }
    return CALL(real(db, sql, callback, argument, error));
}
