#include <sqlite3.h>
// SQLITE_TRANSIENT is a function-pointer cast macro Swift cannot import.
static inline void (*podium_sqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }
