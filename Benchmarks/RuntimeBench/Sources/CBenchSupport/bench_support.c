#include "bench_support.h"
#include <malloc.h>
#include <sqlite3.h>
#include <stdio.h>

size_t bench_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

long long bench_sqlite_memory_used(void) { return sqlite3_memory_used(); }

void *bench_sqlite_open(const char *path) {
    char uri[4096];
    snprintf(uri, sizeof uri, "file:%s?immutable=1", path);
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
        sqlite3_close_v2(db);
        return NULL;
    }
    return db;
}

void bench_sqlite_close(void *db) { sqlite3_close_v2((sqlite3 *)db); }

void bench_sqlite_release(void *db) { sqlite3_db_release_memory((sqlite3 *)db); }

void *bench_sqlite_prepare(void *db, const char *sql) {
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v3((sqlite3 *)db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, NULL) != SQLITE_OK) return NULL;
    return statement;
}

void bench_sqlite_finalize(void *statement) { sqlite3_finalize((sqlite3_stmt *)statement); }

int bench_sqlite_run(void *handle, const char *first, int first_length, const char *second, int second_length, int blob) {
    sqlite3_stmt *statement = (sqlite3_stmt *)handle;
    sqlite3_reset(statement);
    if (blob) {
        sqlite3_bind_blob(statement, 1, first, first_length, SQLITE_STATIC);
        if (second) sqlite3_bind_blob(statement, 2, second, second_length, SQLITE_STATIC);
    } else {
        sqlite3_bind_text(statement, 1, first, first_length, SQLITE_STATIC);
        if (second) sqlite3_bind_text(statement, 2, second, second_length, SQLITE_STATIC);
    }
    int rows = 0, rc;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
        (void)sqlite3_column_blob(statement, 0);
        (void)sqlite3_column_int64(statement, 1);
        rows++;
    }
    sqlite3_reset(statement);
    return rc == SQLITE_DONE ? rows : -1;
}
