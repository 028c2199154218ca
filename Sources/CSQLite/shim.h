#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: these wrap the
// calls the runtime makes.
static inline int unitpack_sqlite3_set_lookaside(sqlite3 *db, int slotSize, int slotCount) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_LOOKASIDE, (void *)0, slotSize, slotCount);
}
