// Opening a C library on first use instead of linking it (issue 19: a talk maps only what it
// uses). A loader lists the functions it needs once, as X-macro `LIST(X)`, and keeps one typed
// pointer per function (`PODIUM_LAZY_POINTER`); `podium_lazy_resolve` fills them.
#pragma once
#include <stddef.h>

/// A typed pointer `p_NAME` for function NAME (its prototype from the library's header).
#define PODIUM_LAZY_POINTER(name) static __typeof__(&name) p_##name;
/// For `podium_lazy_resolve`'s arrays: `{ LIST(PODIUM_LAZY_NAME) }`, `{ LIST(PODIUM_LAZY_SLOT) }`.
#define PODIUM_LAZY_NAME(name) #name,
#define PODIUM_LAZY_SLOT(name) (void **)&p_##name,

/// Opens `library` (a soname or a path; RTLD_NOW | RTLD_LOCAL) and resolves `count` functions:
/// `names[i]` into `*slots[i]`. Returns 0 when all were found; else -1 with a message naming the
/// library and the missing file or function in `error`.
int podium_lazy_resolve(const char *library, const char *const *names, void **const *slots, int count,
                        char *error, size_t error_len);
