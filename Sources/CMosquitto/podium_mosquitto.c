// See podium_mosquitto.h. Hidden: these definitions serve Podium's own calls and never
// interpose on the libraries' exported functions of the same names (libssl calls libcrypto's).
#include "podium_mosquitto.h"
#include "podium_lazy_library.h"
#include <pthread.h>
#include <stdio.h>

#define HIDDEN __attribute__((visibility("hidden")))
#define MOSQUITTO_FUNCTIONS(X) X(mosquitto_lib_init) X(mosquitto_new) X(mosquitto_destroy) X(mosquitto_strerror) \
    X(mosquitto_connack_string) X(mosquitto_user_data_set) X(mosquitto_username_pw_set) X(mosquitto_tls_set) \
    X(mosquitto_will_set) X(mosquitto_reconnect_delay_set) X(mosquitto_connect_callback_set) \
    X(mosquitto_disconnect_callback_set) X(mosquitto_message_callback_set) X(mosquitto_log_callback_set) \
    X(mosquitto_connect_async) X(mosquitto_disconnect) X(mosquitto_loop_start) X(mosquitto_loop_stop) \
    X(mosquitto_subscribe) X(mosquitto_publish)
#define CRYPTO_FUNCTIONS(X) X(EVP_MD_CTX_new) X(EVP_MD_CTX_free) X(EVP_DigestInit_ex) X(EVP_DigestUpdate) \
    X(EVP_DigestFinal_ex) X(EVP_sha256)
MOSQUITTO_FUNCTIONS(PODIUM_LAZY_POINTER)
CRYPTO_FUNCTIONS(PODIUM_LAZY_POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_error[512];

static void load(void) {
    static const char *const mosquitto[] = { MOSQUITTO_FUNCTIONS(PODIUM_LAZY_NAME) }, *const crypto[] = { CRYPTO_FUNCTIONS(PODIUM_LAZY_NAME) };
    static void **const mosquitto_slots[] = { MOSQUITTO_FUNCTIONS(PODIUM_LAZY_SLOT) }, **const crypto_slots[] = { CRYPTO_FUNCTIONS(PODIUM_LAZY_SLOT) };
    loaded = podium_lazy_resolve("libmosquitto.so.1", mosquitto, mosquitto_slots, sizeof mosquitto / sizeof *mosquitto, load_error, sizeof load_error) == 0
        && podium_lazy_resolve("libcrypto.so.3", crypto, crypto_slots, sizeof crypto / sizeof *crypto, load_error, sizeof load_error) == 0;
}

int podium_broker_load(char *error, size_t error_len) {
    pthread_once(&once, load);
    if (!loaded && error && error_len) snprintf(error, error_len, "%s", load_error);
    return loaded ? 0 : -1;
}

#define READY (podium_broker_load(NULL, 0) == 0)

HIDDEN int mosquitto_lib_init(void) { return READY ? p_mosquitto_lib_init() : MOSQ_ERR_UNKNOWN; }
HIDDEN struct mosquitto *mosquitto_new(const char *id, bool clean_session, void *obj) { return READY ? p_mosquitto_new(id, clean_session, obj) : NULL; }
HIDDEN void mosquitto_destroy(struct mosquitto *mosq) { if (READY) p_mosquitto_destroy(mosq); }
HIDDEN const char *mosquitto_strerror(int mosq_errno) { return READY ? p_mosquitto_strerror(mosq_errno) : load_error; }
HIDDEN const char *mosquitto_connack_string(int connack_code) { return READY ? p_mosquitto_connack_string(connack_code) : load_error; }
HIDDEN void mosquitto_user_data_set(struct mosquitto *mosq, void *obj) { if (READY) p_mosquitto_user_data_set(mosq, obj); }
HIDDEN int mosquitto_username_pw_set(struct mosquitto *mosq, const char *username, const char *password) {
    return READY ? p_mosquitto_username_pw_set(mosq, username, password) : MOSQ_ERR_UNKNOWN;
}
HIDDEN int mosquitto_tls_set(struct mosquitto *mosq, const char *cafile, const char *capath, const char *certfile, const char *keyfile,
                      int (*pw_callback)(char *buf, int size, int rwflag, void *userdata)) {
    return READY ? p_mosquitto_tls_set(mosq, cafile, capath, certfile, keyfile, pw_callback) : MOSQ_ERR_UNKNOWN;
}
HIDDEN int mosquitto_will_set(struct mosquitto *mosq, const char *topic, int payloadlen, const void *payload, int qos, bool retain) {
    return READY ? p_mosquitto_will_set(mosq, topic, payloadlen, payload, qos, retain) : MOSQ_ERR_UNKNOWN;
}
HIDDEN int mosquitto_reconnect_delay_set(struct mosquitto *mosq, unsigned int delay, unsigned int delay_max, bool exponential) {
    return READY ? p_mosquitto_reconnect_delay_set(mosq, delay, delay_max, exponential) : MOSQ_ERR_UNKNOWN;
}
HIDDEN void mosquitto_connect_callback_set(struct mosquitto *mosq, void (*on_connect)(struct mosquitto *, void *, int)) {
    if (READY) p_mosquitto_connect_callback_set(mosq, on_connect);
}
HIDDEN void mosquitto_disconnect_callback_set(struct mosquitto *mosq, void (*on_disconnect)(struct mosquitto *, void *, int)) {
    if (READY) p_mosquitto_disconnect_callback_set(mosq, on_disconnect);
}
HIDDEN void mosquitto_message_callback_set(struct mosquitto *mosq, void (*on_message)(struct mosquitto *, void *, const struct mosquitto_message *)) {
    if (READY) p_mosquitto_message_callback_set(mosq, on_message);
}
HIDDEN void mosquitto_log_callback_set(struct mosquitto *mosq, void (*on_log)(struct mosquitto *, void *, int, const char *)) {
    if (READY) p_mosquitto_log_callback_set(mosq, on_log);
}
HIDDEN int mosquitto_connect_async(struct mosquitto *mosq, const char *host, int port, int keepalive) {
    return READY ? p_mosquitto_connect_async(mosq, host, port, keepalive) : MOSQ_ERR_UNKNOWN;
}
HIDDEN int mosquitto_disconnect(struct mosquitto *mosq) { return READY ? p_mosquitto_disconnect(mosq) : MOSQ_ERR_UNKNOWN; }
HIDDEN int mosquitto_loop_start(struct mosquitto *mosq) { return READY ? p_mosquitto_loop_start(mosq) : MOSQ_ERR_UNKNOWN; }
HIDDEN int mosquitto_loop_stop(struct mosquitto *mosq, bool force) { return READY ? p_mosquitto_loop_stop(mosq, force) : MOSQ_ERR_UNKNOWN; }
HIDDEN int mosquitto_subscribe(struct mosquitto *mosq, int *mid, const char *sub, int qos) {
    return READY ? p_mosquitto_subscribe(mosq, mid, sub, qos) : MOSQ_ERR_UNKNOWN;
}
HIDDEN int mosquitto_publish(struct mosquitto *mosq, int *mid, const char *topic, int payloadlen, const void *payload, int qos, bool retain) {
    return READY ? p_mosquitto_publish(mosq, mid, topic, payloadlen, payload, qos, retain) : MOSQ_ERR_UNKNOWN;
}

HIDDEN EVP_MD_CTX *EVP_MD_CTX_new(void) { return READY ? p_EVP_MD_CTX_new() : NULL; }
HIDDEN void EVP_MD_CTX_free(EVP_MD_CTX *ctx) { if (READY) p_EVP_MD_CTX_free(ctx); }
HIDDEN int EVP_DigestInit_ex(EVP_MD_CTX *ctx, const EVP_MD *type, ENGINE *impl) { return READY ? p_EVP_DigestInit_ex(ctx, type, impl) : 0; }
HIDDEN int EVP_DigestUpdate(EVP_MD_CTX *ctx, const void *d, size_t cnt) { return READY ? p_EVP_DigestUpdate(ctx, d, cnt) : 0; }
HIDDEN int EVP_DigestFinal_ex(EVP_MD_CTX *ctx, unsigned char *md, unsigned int *s) { return READY ? p_EVP_DigestFinal_ex(ctx, md, s) : 0; }
HIDDEN const EVP_MD *EVP_sha256(void) { return READY ? p_EVP_sha256() : NULL; }
