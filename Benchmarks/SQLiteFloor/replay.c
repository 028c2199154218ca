// Runs again, alone, the SQLite calls trace.c wrote down, and times each
// stretch from a sqlite3_db_release_memory (the runtime's purge()) to the
// next finalize or release: SQLite's own work in one parse after purge(),
// every statement prepared, bound and stepped as the runtime did, with no
// Swift around it (Scripts/sqlite-floor).
//   replay DATABASE LOG [--keep-statements]
//     -> `sqlite_cold_median_us M` and `sqlite_cold_parses N`
// With --keep-statements a finalized statement is kept and a later prepare
// of the same SQL takes it back, reset: the floor had purge() kept the
// prepared statements (`sqlite_cold_kept_median_us`).
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void fail(const char *what, const char *detail) {
    fprintf(stderr, "replay: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

// The traced process's statements (by its pointers) and their stand-ins.
static struct { unsigned long long traced; sqlite3_stmt *statement; } live[256];
static int liveCount;

static sqlite3_stmt **slot(unsigned long long traced, int create) {
    for (int i = 0; i < liveCount; i++) if (live[i].traced == traced) return &live[i].statement;
    if (!create) fail("a statement used before it was prepared", NULL);
    if (liveCount == 256) fail("more than 256 statements at once", NULL);
    live[liveCount].traced = traced;
    return &live[liveCount++].statement;
}

// Statements finalized by the traced process, kept by SQL (--keep-statements).
static struct { char *sql; int length; sqlite3_stmt *statement; } kept[256];
static int keptCount;

static void forget(unsigned long long traced) {
    for (int i = 0; i < liveCount; i++)
        if (live[i].traced == traced) { live[i] = live[--liveCount]; return; }
}

static int unhex(const char *text, unsigned char *out) {
    if (text[0] == '-') return 0;
    int n = 0;
    for (; text[0] && text[1] && text[0] != '\n'; text += 2) {
        unsigned value;
        sscanf(text, "%2x", &value);
        out[n++] = (unsigned char)value;
    }
    return n;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc != 3 && !(argc == 4 && strcmp(argv[3], "--keep-statements") == 0)) fail("usage: replay DATABASE LOG [--keep-statements]", NULL);
    int keep = argc == 4;
    char uri[4096];
    snprintf(uri, sizeof uri, "file:%s?immutable=1", argv[1]);
    sqlite3 *db;
    if (sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) != SQLITE_OK) fail("cannot open", argv[1]);
    FILE *log = fopen(argv[2], "r");
    if (!log) fail("cannot read", argv[2]);
    size_t capacity = 1 << 20;
    char *line = malloc(capacity);
    unsigned char *bytes = malloc(capacity);
    double *times = malloc(sizeof(double) * 100000);
    int count = 0;
    double started = -1;
    int releases = 0;
    long long sink = 0;
    while (getline(&line, &capacity, log) > 0) {
        bytes = realloc(bytes, capacity);
        char kind = line[0];
        unsigned long long traced = 0;
        if (kind != 'M' && kind != 'X') traced = strtoull(line + 2, NULL, 16);
        char *rest = kind == 'M' || kind == 'X' ? line + 2 : strchr(line + 2, ' ');
        if ((kind == 'F' || kind == 'M') && started >= 0) {
            // The first stretch is the open's release of memory to the first
            // purge(): the warm-up parses, not one parse after purge().
            if (releases > 1 && count < 100000) times[count++] = now_us() - started;
            started = -1;
        }
        switch (kind) {
        case 'P': {
            int n = unhex(rest + 1, bytes);
            sqlite3_stmt **statement = slot(traced, 1);
            *statement = NULL;
            for (int i = 0; keep && i < keptCount; i++)
                if (kept[i].length == n && memcmp(kept[i].sql, bytes, n) == 0) {
                    *statement = kept[i].statement;
                    kept[i] = kept[--keptCount];
                    sqlite3_reset(*statement);
                    sqlite3_clear_bindings(*statement);
                    break;
                }
            if (!*statement && sqlite3_prepare_v2(db, (const char *)bytes, n, statement, NULL) != SQLITE_OK) fail("prepare", sqlite3_errmsg(db));
            break;
        }
        case 'B': {
            sqlite3_stmt *statement = *slot(traced, 0);
            int index = (int)strtol(rest + 1, &rest, 10);
            char type = rest[1];
            const char *value = rest + 3;
            int n;
            switch (type) {
            case 'i': sqlite3_bind_int64(statement, index, strtoll(value, NULL, 10)); break;
            case 'd': sqlite3_bind_double(statement, index, strtod(value, NULL)); break;
            case 'n': sqlite3_bind_null(statement, index); break;
            case 't': n = unhex(value, bytes); sqlite3_bind_text(statement, index, (const char *)bytes, n, SQLITE_TRANSIENT); break;
            case 'b': n = unhex(value, bytes); sqlite3_bind_blob(statement, index, bytes, n, SQLITE_TRANSIENT); break;
            default: fail("unknown binding", line);
            }
            break;
        }
        case 'S': {
            sqlite3_stmt *statement = *slot(traced, 0);
            // The row's columns are not read: a step has made them (its
            // program reads each result column, overflow pages included), and
            // what the runtime does with them is the runtime's. A floor.
            sink += sqlite3_step(statement);
            break;
        }
        case 'R': sqlite3_reset(*slot(traced, 0)); break;
        case 'C': sqlite3_clear_bindings(*slot(traced, 0)); break;
        case 'F': {
            sqlite3_stmt *statement = *slot(traced, 0);
            if (keep && keptCount < 256) {
                const char *sql = sqlite3_sql(statement);
                kept[keptCount].length = (int)strlen(sql);
                kept[keptCount].sql = strdup(sql);
                kept[keptCount++].statement = statement;
                sqlite3_reset(statement);
            } else {
                sqlite3_finalize(statement);
            }
            forget(traced);
            break;
        }
        case 'X': {
            int n = unhex(rest, bytes);
            bytes[n] = 0;
            sqlite3_exec(db, (const char *)bytes, NULL, NULL, NULL);
            break;
        }
        case 'M':
            releases += 1;
            sqlite3_db_release_memory(db);
            started = now_us();
            break;
        default: fail("unknown event", line);
        }
    }
    if (count == 0) fail("no parse after a release of memory in the log", NULL);
    qsort(times, count, sizeof(double), compare);
    printf("%s %.1f\nsqlite_cold_parses %d\n", keep ? "sqlite_cold_kept_median_us" : "sqlite_cold_median_us", times[count / 2],
           count + (int)(sink & 0));
    return 0;
}
