#include "podium_http.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

struct podium_http_cancel { atomic_int flag; };

podium_http_cancel *podium_http_cancel_new(void) {
    podium_http_cancel *c = malloc(sizeof *c);
    if (c) atomic_init(&c->flag, 0);
    return c;
}
void podium_http_cancel_set(podium_http_cancel *c) { if (c) atomic_store(&c->flag, 1); }
void podium_http_cancel_free(podium_http_cancel *c) { free(c); }

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void global_init(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

typedef struct {
    unsigned char *data;
    size_t len, cap, max;
    int too_large;
    podium_http_cancel *cancel;
} sink;

static size_t on_body(char *p, size_t size, size_t n, void *ud) {
    sink *s = ud;
    size_t add = size * n;
    if (s->cancel && atomic_load(&s->cancel->flag)) return 0;
    if (add > s->max - s->len) { s->too_large = 1; return 0; }   /* stop: returning less aborts */
    if (s->len + add > s->cap) {
        size_t cap = s->cap ? s->cap : 16384;
        while (cap < s->len + add) cap *= 2;
        if (cap > s->max) cap = s->max;
        unsigned char *d = realloc(s->data, cap);
        if (!d) return 0;
        s->data = d; s->cap = cap;
    }
    memcpy(s->data + s->len, p, add);
    s->len += add;
    return add;
}

static int on_progress(void *ud, curl_off_t dt, curl_off_t dn, curl_off_t ut, curl_off_t un) {
    (void)dt; (void)dn; (void)ut; (void)un;
    sink *s = ud;
    return s->cancel && atomic_load(&s->cancel->flag) ? 1 : 0;
}

void podium_http_get(const char *url, const char *const *headers, size_t n_headers, long timeout_ms,
                     size_t max_bytes, podium_http_cancel *cancel, podium_http_result *out) {
    memset(out, 0, sizeof *out);
    pthread_once(&once, global_init);
    CURL *h = curl_easy_init();
    if (!h) { out->outcome = PODIUM_HTTP_FAILED; strcpy(out->message, "cannot start libcurl"); return; }
    sink s = { .max = max_bytes, .cancel = cancel };
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < n_headers; i++) list = curl_slist_append(list, headers[i]);

    curl_easy_setopt(h, CURLOPT_URL, url);
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(h, CURLOPT_MAXREDIRS, 5L);
    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);                 /* threads: no SIGALRM */
    curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, timeout_ms);       /* the whole transfer */
    curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl_easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)max_bytes);   /* announced size */
    curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");          /* gzip if offered; the cap counts decoded bytes */
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, &s);
    curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(h, CURLOPT_XFERINFODATA, &s);
    curl_easy_setopt(h, CURLOPT_ERRORBUFFER, out->message);

    CURLcode rc = curl_easy_perform(h);
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &out->status);
    if (rc == CURLE_OK) {
        out->outcome = PODIUM_HTTP_OK;
        out->body = s.data; out->body_len = s.len; s.data = NULL;
        struct curl_header *ra = NULL;
        if (curl_easy_header(h, "Retry-After", 0, CURLH_HEADER, -1, &ra) == CURLHE_OK && ra && ra->value)
            out->retry_after = strdup(ra->value);
    } else if (s.too_large || rc == CURLE_FILESIZE_EXCEEDED) {
        out->outcome = PODIUM_HTTP_TOO_LARGE;
    } else if (rc == CURLE_OPERATION_TIMEDOUT) {
        out->outcome = PODIUM_HTTP_TIMED_OUT;
    } else if (rc == CURLE_ABORTED_BY_CALLBACK || (cancel && atomic_load(&cancel->flag))) {
        out->outcome = PODIUM_HTTP_CANCELLED;
    } else if (rc == CURLE_COULDNT_RESOLVE_HOST || rc == CURLE_COULDNT_RESOLVE_PROXY || rc == CURLE_COULDNT_CONNECT) {
        out->outcome = PODIUM_HTTP_OFFLINE;
    } else {
        out->outcome = PODIUM_HTTP_FAILED;
    }
    if (rc != CURLE_OK && out->message[0] == 0) strncpy(out->message, curl_easy_strerror(rc), sizeof out->message - 1);
    free(s.data);
    curl_slist_free_all(list);
    curl_easy_cleanup(h);
}

void podium_http_result_free(podium_http_result *r) {
    free(r->body); r->body = NULL;
    free(r->retry_after); r->retry_after = NULL;
}
