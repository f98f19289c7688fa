// See podium_remote.h. Everything touching libsoup runs on the server thread; other threads only
// queue work onto its GMainContext (g_main_context_invoke_full), so no libsoup object is shared.
#include "podium_remote.h"
#include <libsoup/soup.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/sockios.h>
#include <string.h>
#include <stdio.h>

/// Longest message a client may send (a control request is a line of JSON).
#define MAX_INCOMING (64 * 1024)
/// A client whose kernel send queue has stayed at least half full (or over 256 KB) for this long
/// is behind: it is sent no pictures until it catches up, so a phone that stops reading (asleep,
/// out of range) cannot make podium queue pictures without end. Text (state) is small and kept.
#define BEHIND_BYTES (256 * 1024)
#define BEHIND_USEC (2 * G_USEC_PER_SEC)
/// WebSocket clients at once; more are closed at once (a talk needs a few phones and screens).
#define MAX_CLIENTS 100

struct podium_remote {
    GMainContext *context;
    GMainLoop *loop;
    GThread *thread;
    SoupServer *server;
    char *assets_dir;
    char view_token[33], control_token[33], audience_token[33];
    podium_remote_callbacks callbacks;
    GHashTable *connections;   // conn id -> SoupWebsocketConnection*, server thread only
    uint64_t next_id;
    int port;
    GMutex start_lock; GCond started; int start_state; char *start_error;
    char *address; int requested_port;
};

/// `audience_only`: an audience-link client, sent the room's picture and nothing else.
typedef struct { uint64_t id; int control; int audience_only; podium_remote *remote; int fd; gint64 full_since; } conn_info;

int podium_remote_token_equal(const char *a, const char *b) {
    size_t la = strlen(a), lb = strlen(b);
    unsigned char diff = la != lb;
    for (size_t i = 0; i < la; i++) diff |= (unsigned char)a[i] ^ (unsigned char)b[i % (lb ? lb : 1)];
    return diff == 0;
}

int podium_remote_random_token(char out[33]) {
    unsigned char b[16];
    size_t got = 0;
    while (got < sizeof b) {
        ssize_t n = getrandom(b + got, sizeof b - got, 0);
        if (n < 0) return -1;
        got += (size_t)n;
    }
    for (int i = 0; i < 16; i++) snprintf(out + 2 * i, 3, "%02x", b[i]);
    return 0;
}

/// 2 for the control token, 1 for the view token, 3 for the audience token, 0 for none, -1 for
/// a wrong one.
static int token_class(podium_remote *r, SoupServerMessage *msg) {
    const char *q = g_uri_get_query(soup_server_message_get_uri(msg));
    if (!q) return 0;
    GHashTable *form = soup_form_decode(q);
    const char *t = g_hash_table_lookup(form, "t");
    int c = !t || !*t ? 0 : podium_remote_token_equal(t, r->control_token) ? 2 : podium_remote_token_equal(t, r->view_token) ? 1
          : podium_remote_token_equal(t, r->audience_token) ? 3 : -1;
    g_hash_table_destroy(form);
    return c;
}

/// The host part of a Host header value is an IP literal or localhost: a DNS-rebinding page
/// (a domain name pointed at this machine) is refused even if it guessed a token.
static int host_is_literal(const char *host) {
    if (!host || !*host) return 0;
    char *h = g_strdup(host);
    if (h[0] == '[') { char *e = strchr(h, ']'); if (e) *e = 0; memmove(h, h + 1, strlen(h)); }
    else { char *c = strrchr(h, ':'); if (c) *c = 0; }
    int ok = g_hostname_is_ip_address(h) || g_ascii_strcasecmp(h, "localhost") == 0;
    g_free(h);
    return ok;
}

static void refuse(SoupServerMessage *msg, guint status, const char *why) {
    soup_server_message_set_status(msg, status, NULL);
    soup_server_message_set_response(msg, "text/plain; charset=utf-8", SOUP_MEMORY_COPY, why, strlen(why));
}

/// Runs for every request before anything else: a token, a literal Host, and for WebSocket
/// upgrades an Origin that is this server (or none, as from scripts). 401 without a token, 403
/// with a wrong one or a foreign origin.
static int admit(podium_remote *r, SoupServerMessage *msg) {
    SoupMessageHeaders *h = soup_server_message_get_request_headers(msg);
    const char *host = soup_message_headers_get_one(h, "Host");
    if (!host_is_literal(host)) { refuse(msg, 403, "Host must be this machine's address\n"); return 0; }
    const char *origin = soup_message_headers_get_one(h, "Origin");
    if (origin) {
        char *expected = g_strdup_printf("http://%s", host);
        int same = g_ascii_strcasecmp(origin, expected) == 0;
        g_free(expected);
        if (!same) { refuse(msg, 403, "cross-origin requests are refused\n"); return 0; }
    }
    int c = token_class(r, msg);
    if (c == 0) { refuse(msg, 401, "this page needs the link shown on the presenter screen (missing token)\n"); return 0; }
    if (c < 0) { refuse(msg, 403, "wrong token: scan the code on the presenter screen again\n"); return 0; }
    // The audience link is handed to a second room: it opens the audience page and its files,
    // never the remote or the stage display (notes, next slide, timers).
    if (c == 3) {
        static const char *audience_paths[] = { "/audience", "/audience.css", "/audience.js", "/socket.js", "/ws" };
        const char *path = g_uri_get_path(soup_server_message_get_uri(msg));
        int allowed = 0;
        for (size_t i = 0; i < G_N_ELEMENTS(audience_paths); i++) allowed |= path && strcmp(path, audience_paths[i]) == 0;
        if (!allowed) { refuse(msg, 403, "this link shows the audience view only\n"); return 0; }
    }
    return 1;
}

static void early_handler(SoupServer *s, SoupServerMessage *msg, const char *path, GHashTable *q, gpointer data) {
    (void)s; (void)path; (void)q;
    // Nothing here takes a request body: whatever is sent is read and dropped, never kept
    // (libsoup would otherwise hold a POST of any size in memory, token or not).
    soup_message_body_set_accumulate(soup_server_message_get_request_body(msg), FALSE);
    admit(data, msg);
}

static void file_handler(SoupServer *s, SoupServerMessage *msg, const char *path, GHashTable *q, gpointer data) {
    (void)s; (void)q;
    podium_remote *r = data;
    if (soup_server_message_get_status(msg) != 0 || !admit(r, msg)) return;
    const char *method = soup_server_message_get_method(msg);
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) { refuse(msg, 405, "GET only\n"); return; }
    // A fixed list: no path from the request ever reaches the file system. The pages: the phone
    // remote (/), the stage display (/stage) and the audience view for a second room (/audience).
    static const char *names[][3] = {
        {"/", "index.html", "text/html; charset=utf-8"}, {"/index.html", "index.html", "text/html; charset=utf-8"},
        {"/stage", "stage.html", "text/html; charset=utf-8"}, {"/audience", "audience.html", "text/html; charset=utf-8"},
        {"/remote.css", "remote.css", "text/css; charset=utf-8"}, {"/stage.css", "stage.css", "text/css; charset=utf-8"},
        {"/audience.css", "audience.css", "text/css; charset=utf-8"},
        {"/socket.js", "socket.js", "text/javascript; charset=utf-8"}, {"/remote.js", "remote.js", "text/javascript; charset=utf-8"},
        {"/stage.js", "stage.js", "text/javascript; charset=utf-8"}, {"/audience.js", "audience.js", "text/javascript; charset=utf-8"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        if (strcmp(path, names[i][0]) != 0) continue;
        char *file = g_build_filename(r->assets_dir, names[i][1], NULL);
        char *body = NULL; gsize len = 0;
        gboolean ok = g_file_get_contents(file, &body, &len, NULL);
        g_free(file);
        if (!ok) { refuse(msg, 500, "the remote page is missing from this installation\n"); return; }
        if (g_str_has_suffix(names[i][1], ".html")) {
            // The page's own files need the token too: {{TOKEN}} becomes the one this request
            // carried (one of ours, so 32 hex characters and nothing to escape).
            int c = token_class(r, msg);
            const char *token = c == 2 ? r->control_token : c == 3 ? r->audience_token : r->view_token;
            char **parts = g_strsplit(body, "{{TOKEN}}", -1);
            g_free(body);
            body = g_strjoinv(token, parts);
            len = strlen(body);
            g_strfreev(parts);
        }
        SoupMessageHeaders *out = soup_server_message_get_response_headers(msg);
        soup_message_headers_replace(out, "Cache-Control", "no-store");
        soup_message_headers_replace(out, "Referrer-Policy", "no-referrer");
        soup_message_headers_replace(out, "X-Content-Type-Options", "nosniff");
        soup_message_headers_replace(out, "Content-Security-Policy",
            "default-src 'self'; img-src 'self' blob: data:; connect-src 'self'; frame-ancestors 'none'");
        soup_server_message_set_status(msg, 200, NULL);
        soup_server_message_set_response(msg, names[i][2], SOUP_MEMORY_TAKE, body, len);
        return;
    }
    refuse(msg, 404, "not found\n");
}

static void ws_check_handler(SoupServer *s, SoupServerMessage *msg, const char *path, GHashTable *q, gpointer data) {
    (void)s; (void)path; (void)q;
    if (soup_server_message_get_status(msg) == 0) admit(data, msg);
}

static void on_ws_message(SoupWebsocketConnection *ws, gint type, GBytes *message, gpointer data) {
    (void)ws;
    conn_info *ci = data;
    if (type != SOUP_WEBSOCKET_DATA_TEXT || ci->audience_only) return;   // the audience page only watches
    gsize len = 0;
    const char *text = g_bytes_get_data(message, &len);
    ci->remote->callbacks.message(ci->remote->callbacks.context, ci->id, ci->control, text, len);
}

static void on_ws_closed(SoupWebsocketConnection *ws, gpointer data) {
    conn_info *ci = data;
    g_hash_table_remove(ci->remote->connections, &ci->id);
    ci->remote->callbacks.closed(ci->remote->callbacks.context, ci->id);
    g_object_unref(ws);
}

static int query_int(SoupServerMessage *msg, const char *key) {
    const char *q = g_uri_get_query(soup_server_message_get_uri(msg));
    if (!q) return 0;
    GHashTable *form = soup_form_decode(q);
    const char *v = g_hash_table_lookup(form, key);
    long n = v ? strtol(v, NULL, 10) : 0;
    g_hash_table_destroy(form);
    return n < 0 ? 0 : n > 8192 ? 8192 : (int)n;
}

static void ws_handler(SoupServer *s, SoupServerMessage *msg, const char *path, SoupWebsocketConnection *ws, gpointer data) {
    (void)s; (void)path;
    podium_remote *r = data;
    int c = token_class(r, msg);
    if (c <= 0) { soup_websocket_connection_close(ws, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "token"); return; }
    if (g_hash_table_size(r->connections) >= MAX_CLIENTS) { soup_websocket_connection_close(ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, "too many clients"); return; }
    conn_info *ci = g_new0(conn_info, 1);
    ci->id = ++r->next_id; ci->control = c == 2; ci->audience_only = c == 3; ci->remote = r;
    GSocket *sock = soup_server_message_get_socket(msg);
    ci->fd = sock ? g_socket_get_fd(sock) : -1;
    g_object_ref(ws);
    soup_websocket_connection_set_max_incoming_payload_size(ws, MAX_INCOMING);
    soup_websocket_connection_set_keepalive_interval(ws, 20);
    g_hash_table_insert(r->connections, &ci->id, ws);
    g_signal_connect_data(ws, "message", G_CALLBACK(on_ws_message), ci, NULL, 0);
    g_signal_connect_data(ws, "closed", G_CALLBACK(on_ws_closed), ci, (GClosureNotify)(void (*)(void))g_free, 0);
    r->callbacks.opened(r->callbacks.context, ci->id, ci->control, query_int(msg, "w"), query_int(msg, "h"));
}

/// The server thread's nice value: sending pictures to many viewers yields the CPU to the render
/// loop and the display server (a tap is one small message; an advance reaches the room first).
#define SERVER_NICE 5

static gpointer server_thread(gpointer data) {
    podium_remote *r = data;
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), SERVER_NICE);   // this thread only (Linux)
    g_main_context_push_thread_default(r->context);
    r->server = soup_server_new("server-header", "Podium-remote", NULL);
    soup_server_add_early_handler(r->server, NULL, early_handler, r, NULL);
    soup_server_add_handler(r->server, NULL, file_handler, r, NULL);
    // Handlers are per path: the upgrade path gets the same checks before its handshake (libsoup
    // answers the upgrade only when the handler left the status unset).
    soup_server_add_early_handler(r->server, "/ws", early_handler, r, NULL);
    soup_server_add_handler(r->server, "/ws", ws_check_handler, r, NULL);
    soup_server_add_websocket_handler(r->server, "/ws", NULL, NULL, ws_handler, r, NULL);
    GError *err = NULL;
    GInetAddress *ia = g_inet_address_new_from_string(r->address);
    int ok = 0;
    if (!ia) {
        r->start_error = g_strdup_printf("--remote: %s is not an IP address", r->address);
    } else {
        GSocketAddress *sa = g_inet_socket_address_new(ia, (guint16)r->requested_port);
        ok = soup_server_listen(r->server, sa, 0, &err);
        g_object_unref(sa); g_object_unref(ia);
        if (!ok) r->start_error = g_strdup_printf("--remote: cannot listen on %s:%d: %s", r->address, r->requested_port, err->message);
        else {
            GSList *uris = soup_server_get_uris(r->server);
            if (uris) r->port = g_uri_get_port(uris->data);
            g_slist_free_full(uris, (GDestroyNotify)g_uri_unref);
        }
        g_clear_error(&err);
    }
    g_mutex_lock(&r->start_lock); r->start_state = ok ? 1 : -1; g_cond_signal(&r->started); g_mutex_unlock(&r->start_lock);
    if (ok) g_main_loop_run(r->loop);
    // Closing: every connection, then the server, on this thread.
    GList *conns = g_hash_table_get_values(r->connections);
    for (GList *l = conns; l; l = l->next) soup_websocket_connection_close(l->data, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
    g_list_free(conns);
    soup_server_disconnect(r->server);
    g_object_unref(r->server); r->server = NULL;
    while (g_main_context_iteration(r->context, FALSE)) {}
    g_main_context_pop_thread_default(r->context);
    return NULL;
}

podium_remote *podium_remote_start(const char *address, int port, const char *assets_dir,
                                   const char *view_token, const char *control_token, const char *audience_token,
                                   podium_remote_callbacks callbacks, char *error, size_t error_len) {
    podium_remote *r = g_new0(podium_remote, 1);
    r->context = g_main_context_new();
    r->loop = g_main_loop_new(r->context, FALSE);
    r->assets_dir = g_strdup(assets_dir);
    g_strlcpy(r->view_token, view_token, sizeof r->view_token);
    g_strlcpy(r->control_token, control_token, sizeof r->control_token);
    g_strlcpy(r->audience_token, audience_token, sizeof r->audience_token);
    r->callbacks = callbacks;
    r->connections = g_hash_table_new(g_int64_hash, g_int64_equal);
    r->address = g_strdup(address); r->requested_port = port;
    g_mutex_init(&r->start_lock); g_cond_init(&r->started);
    r->thread = g_thread_new("podium-remote", server_thread, r);
    g_mutex_lock(&r->start_lock);
    while (r->start_state == 0) g_cond_wait(&r->started, &r->start_lock);
    g_mutex_unlock(&r->start_lock);
    if (r->start_state < 0) {
        g_strlcpy(error, r->start_error, error_len);
        g_thread_join(r->thread);
        g_main_loop_unref(r->loop); g_main_context_unref(r->context);
        g_hash_table_destroy(r->connections);
        g_free(r->start_error); g_free(r->assets_dir); g_free(r->address); g_free(r);
        return NULL;
    }
    return r;
}

int podium_remote_port(const podium_remote *r) { return r->port; }

typedef struct { podium_remote *r; uint64_t conn; int control_only; char *text; GBytes *bytes; } outgoing;

static void outgoing_free(gpointer p) { outgoing *o = p; g_free(o->text); if (o->bytes) g_bytes_unref(o->bytes); g_free(o); }

static int client_is_behind(conn_info *ci) {
    int unsent = 0, sndbuf = 0;
    socklen_t len = sizeof sndbuf;
    if (ci->fd < 0 || ioctl(ci->fd, SIOCOUTQ, &unsent) != 0 || getsockopt(ci->fd, SOL_SOCKET, SO_SNDBUF, &sndbuf, &len) != 0) return 0;
    if (unsent < sndbuf / 2 && unsent < BEHIND_BYTES) { ci->full_since = 0; return 0; }
    gint64 now = g_get_monotonic_time();
    if (!ci->full_since) ci->full_since = now;
    return now - ci->full_since > BEHIND_USEC;
}

static gboolean deliver(gpointer p) {
    outgoing *o = p;
    GHashTableIter it; gpointer key, value;
    g_hash_table_iter_init(&it, o->r->connections);
    while (g_hash_table_iter_next(&it, &key, &value)) {
        SoupWebsocketConnection *ws = value;
        if (o->conn && *(uint64_t *)key != o->conn) continue;
        if (soup_websocket_connection_get_state(ws) != SOUP_WEBSOCKET_STATE_OPEN) continue;
        if (o->control_only) {
            // Only control clients: look the class up through the closure data kept on the signal.
            conn_info *ci = (conn_info *)((char *)key - offsetof(conn_info, id));
            if (!ci->control) continue;
        }
        conn_info *info = (conn_info *)((char *)key - offsetof(conn_info, id));
        // Audience-link clients get the room's picture (byte 0 is 0) and nothing else: no state
        // (notes, timers), no next scene, no replies.
        if (info->audience_only && (o->text || g_bytes_get_size(o->bytes) < 1 || ((const uint8_t *)g_bytes_get_data(o->bytes, NULL))[0] != 0)) continue;
        if (o->text) soup_websocket_connection_send_text(ws, o->text);
        else if (!client_is_behind(info)) soup_websocket_connection_send_message(ws, SOUP_WEBSOCKET_DATA_BINARY, o->bytes);
    }
    return G_SOURCE_REMOVE;
}

void podium_remote_send_text(podium_remote *r, uint64_t conn, int control_only, const char *text) {
    outgoing *o = g_new0(outgoing, 1);
    o->r = r; o->conn = conn; o->control_only = control_only; o->text = g_strdup(text);
    g_main_context_invoke_full(r->context, G_PRIORITY_DEFAULT, deliver, o, outgoing_free);
}

void podium_remote_send_binary(podium_remote *r, const void *bytes, size_t len) {
    outgoing *o = g_new0(outgoing, 1);
    o->r = r; o->bytes = g_bytes_new(bytes, len);
    g_main_context_invoke_full(r->context, G_PRIORITY_DEFAULT, deliver, o, outgoing_free);
}

static gboolean quit_loop(gpointer p) { g_main_loop_quit(p); return G_SOURCE_REMOVE; }

void podium_remote_stop(podium_remote *r) {
    if (!r) return;
    g_main_context_invoke(r->context, quit_loop, r->loop);
    g_thread_join(r->thread);
    g_main_loop_unref(r->loop); g_main_context_unref(r->context);
    g_hash_table_destroy(r->connections);
    g_free(r->assets_dir); g_free(r->address); g_free(r);
}
