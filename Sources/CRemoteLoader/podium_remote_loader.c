// See podium_remote_loader.h. Hidden: these definitions serve Podium's own calls and never
// interpose on the libraries' exported functions of the same names.
#include "podium_remote_loader.h"
#include "podium_lazy_library.h"
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HIDDEN __attribute__((visibility("hidden")))
#define REMOTE_FUNCTIONS(X) X(podium_remote_start) X(podium_remote_port) X(podium_remote_send_text) \
    X(podium_remote_send_binary) X(podium_remote_stop) X(podium_remote_random_token) X(podium_remote_token_equal)
#define QR_FUNCTIONS(X) X(QRcode_encodeString8bit) X(QRcode_free)
REMOTE_FUNCTIONS(PODIUM_LAZY_POINTER)
QR_FUNCTIONS(PODIUM_LAZY_POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_error[512];

void podium_remote_server_path(char *out, size_t n) {
    const char *dir = getenv("PODIUM_BUILTIN_PLUGINS");
    if (dir && *dir) { snprintf(out, n, "%s/libPodiumRemoteServer.so", dir); return; }
    char exe[PATH_MAX];
    ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[k > 0 ? k : 0] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0; else strcpy(exe, ".");
    snprintf(out, n, "%s/libPodiumRemoteServer.so", exe);
}

static void load(void) {
    char path[PATH_MAX + 32];
    podium_remote_server_path(path, sizeof path);
    static const char *const server[] = { REMOTE_FUNCTIONS(PODIUM_LAZY_NAME) }, *const qr[] = { QR_FUNCTIONS(PODIUM_LAZY_NAME) };
    static void **const server_slots[] = { REMOTE_FUNCTIONS(PODIUM_LAZY_SLOT) }, **const qr_slots[] = { QR_FUNCTIONS(PODIUM_LAZY_SLOT) };
    loaded = podium_lazy_resolve(path, server, server_slots, sizeof server / sizeof *server, load_error, sizeof load_error) == 0
        && podium_lazy_resolve("libqrencode.so.4", qr, qr_slots, sizeof qr / sizeof *qr, load_error, sizeof load_error) == 0;
}

int podium_remote_load(char *error, size_t error_len) {
    pthread_once(&once, load);
    if (!loaded && error && error_len) snprintf(error, error_len, "%s", load_error);
    return loaded ? 0 : -1;
}

HIDDEN podium_remote *podium_remote_start(const char *address, int port, const char *assets_dir, const char *view_token,
                                   const char *control_token, const char *audience_token, podium_remote_callbacks callbacks,
                                   char *error, size_t error_len) {
    if (podium_remote_load(error, error_len) != 0) return NULL;
    return p_podium_remote_start(address, port, assets_dir, view_token, control_token, audience_token, callbacks, error, error_len);
}
HIDDEN int podium_remote_port(const podium_remote *r) { return p_podium_remote_port(r); }
HIDDEN void podium_remote_send_text(podium_remote *r, uint64_t conn, int control_only, const char *text) { p_podium_remote_send_text(r, conn, control_only, text); }
HIDDEN void podium_remote_send_binary(podium_remote *r, const void *bytes, size_t len) { p_podium_remote_send_binary(r, bytes, len); }
HIDDEN void podium_remote_stop(podium_remote *r) { p_podium_remote_stop(r); }
HIDDEN int podium_remote_random_token(char out[33]) { return podium_remote_load(NULL, 0) == 0 ? p_podium_remote_random_token(out) : -1; }
HIDDEN int podium_remote_token_equal(const char *a, const char *b) { return podium_remote_load(NULL, 0) == 0 && p_podium_remote_token_equal(a, b); }
HIDDEN QRcode *QRcode_encodeString8bit(const char *string, int version, QRecLevel level) {
    return podium_remote_load(NULL, 0) == 0 ? p_QRcode_encodeString8bit(string, version, level) : NULL;
}
HIDDEN void QRcode_free(QRcode *qrcode) { if (qrcode && loaded) p_QRcode_free(qrcode); }
