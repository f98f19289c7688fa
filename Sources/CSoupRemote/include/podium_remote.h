// The network remote's HTTP + WebSocket server (Debian's libsoup 3), run on a thread of its own
// with its own GMainContext so nothing it does can block Podium's render loop.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct podium_remote podium_remote;

/// Called on the server thread. `conn` is a connection id (never 0), `control` is 1 for a
/// control-token client and 0 for a view-token or audience-token one (an audience-token client
/// sends nothing that reaches `message`).
typedef struct {
    void *context;
    /// A WebSocket client connected; `width`/`height`: the image size it asked for (pixels, 0 = any).
    void (*opened)(void *context, uint64_t conn, int control, int width, int height);
    /// A text message (UTF-8, `len` bytes, not NUL-terminated).
    void (*message)(void *context, uint64_t conn, int control, const char *text, size_t len);
    void (*closed)(void *context, uint64_t conn);
} podium_remote_callbacks;

/// Starts serving on `address:port` (port 0: the system picks one). `assets_dir` holds
/// index.html, remote.css and remote.js, the only files served. Tokens are 32 hex characters:
/// the control token drives, the view token watches everything (notes included), the audience
/// token opens only the audience page and is sent only the room's picture (binary messages whose
/// first byte is 0).
/// Returns NULL and writes a message to `error` when the address cannot be bound.
podium_remote *podium_remote_start(const char *address, int port, const char *assets_dir,
                                   const char *view_token, const char *control_token, const char *audience_token,
                                   podium_remote_callbacks callbacks, char *error, size_t error_len);
/// The port actually bound.
int podium_remote_port(const podium_remote *r);
/// Queues a text message for `conn` (0: every client; `control_only`: only control clients). Any thread.
void podium_remote_send_text(podium_remote *r, uint64_t conn, int control_only, const char *text);
/// Queues a binary message for every client. Any thread; the bytes are copied.
void podium_remote_send_binary(podium_remote *r, const void *bytes, size_t len);
/// Stops the server, closes every connection and joins the thread.
void podium_remote_stop(podium_remote *r);
/// 16 random bytes from getrandom(2) as 32 lowercase hex characters plus NUL; 0 on success.
int podium_remote_random_token(char out[33]);
/// Constant-time comparison of two NUL-terminated strings (time depends only on their lengths).
int podium_remote_token_equal(const char *a, const char *b);
