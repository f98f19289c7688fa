#include "podium_lazy_library.h"
#include <dlfcn.h>
#include <stdio.h>

int podium_lazy_resolve(const char *library, const char *const *names, void **const *slots, int count,
                        char *error, size_t error_len) {
    void *lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        snprintf(error, error_len, "cannot load %s: %s", library, e ? e : "unknown error");
        return -1;
    }
    for (int i = 0; i < count; i++) {
        if (!(*slots[i] = dlsym(lib, names[i]))) {
            snprintf(error, error_len, "%s has no %s", library, names[i]);
            return -1;
        }
    }
    return 0;
}
