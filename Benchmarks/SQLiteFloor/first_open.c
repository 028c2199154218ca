// The least a reader's first open of units.sqlite can cost in a process:
// SQLite opens the file read-only (immutable, as the runtime does), parses
// the schema at the first statement and steps through `meta`. Run once a
// process (Scripts/sqlite-floor runs it many times): the first open pays
// SQLite's initialization and its first use of its own code.
//   first_open DATABASE  ->  `sqlite_first_open_us T`
#include <sqlite3.h>
#include <stdio.h>
#include <time.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: first_open DATABASE\n");
        return 1;
    }
    char uri[4096];
    snprintf(uri, sizeof uri, "file:%s?immutable=1", argv[1]);
    double start = now_us();
    sqlite3 *db;
    sqlite3_stmt *statement;
    int rows = 0;
    if (sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) != SQLITE_OK
        || sqlite3_prepare_v2(db, "SELECT key, value, crc FROM meta", -1, &statement, NULL) != SQLITE_OK) {
        fprintf(stderr, "first_open: cannot read %s\n", argv[1]);
        return 1;
    }
    while (sqlite3_step(statement) == SQLITE_ROW) rows++;
    sqlite3_finalize(statement);
    double elapsed = now_us() - start;
    sqlite3_close(db);
    if (rows == 0) {
        fprintf(stderr, "first_open: %s has no meta rows\n", argv[1]);
        return 1;
    }
    printf("sqlite_first_open_us %.1f\n", elapsed);
    return 0;
}
