#ifndef PODIUM_HTTP_H
#define PODIUM_HTTP_H

#include <stddef.h>

/* One HTTP(S) GET through libcurl with hard limits: a deadline for the whole transfer, a cap on
 * the body (an announced Content-Length above it is refused before the body, a longer stream is
 * cut where it crosses the cap), http/https only (redirects too, at most 5), and cancellation
 * from another thread. Blocks the calling thread until done. */

typedef enum {
    PODIUM_HTTP_OK = 0,          /* an answer (any status) */
    PODIUM_HTTP_TOO_LARGE = 1,   /* body above max_bytes: stopped */
    PODIUM_HTTP_TIMED_OUT = 2,   /* not complete within timeout_ms */
    PODIUM_HTTP_CANCELLED = 3,   /* podium_http_cancel was called */
    PODIUM_HTTP_OFFLINE = 4,     /* no connection: DNS, refused, unreachable */
    PODIUM_HTTP_FAILED = 5       /* any other transport error; see message */
} podium_http_outcome;

typedef struct podium_http_cancel podium_http_cancel;
podium_http_cancel *podium_http_cancel_new(void);
void podium_http_cancel_set(podium_http_cancel *c);
void podium_http_cancel_free(podium_http_cancel *c);

typedef struct {
    podium_http_outcome outcome;
    long status;                 /* HTTP status of the final answer */
    unsigned char *body;         /* malloc'd, body_len bytes; free with podium_http_result_free */
    size_t body_len;
    char *retry_after;           /* the Retry-After header, or NULL */
    char message[256];           /* libcurl's words for a failure */
} podium_http_result;

/* headers: "Name: value" lines sent with the request (n_headers of them). */
void podium_http_get(const char *url, const char *const *headers, size_t n_headers, long timeout_ms,
                     size_t max_bytes, podium_http_cancel *cancel, podium_http_result *out);
void podium_http_result_free(podium_http_result *r);

#endif
