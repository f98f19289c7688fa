// The compositor's own names for its outputs (wl_output version 4: `name`, e.g. "HDMI-A-1", what
// `swaymsg -t get_outputs` prints; `description`), plus make and model. SDL 2.26 names a Wayland
// display after the description ("Wayland output 1", "Dell Inc. DELL U2415 …"), which no user
// tool calls it. One short-lived connection of our own, two round trips, then closed.
#include <wayland-client.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char name[64], description[192], make[64], model[64];
} podium_wl_output_info;

typedef struct {
    podium_wl_output_info *out;
    int count, capacity;
    struct wl_output *outputs[32];
} podium_wl_outputs_state;

static inline void podium_wl_copy(char *dst, size_t n, const char *src) {
    if (!src) { dst[0] = 0; return; }
    strncpy(dst, src, n - 1); dst[n - 1] = 0;
}
static inline void podium_wl_geometry(void *d, struct wl_output *o, int32_t x, int32_t y, int32_t pw, int32_t ph,
                                      int32_t subpixel, const char *make, const char *model, int32_t transform) {
    podium_wl_output_info *i = d;
    podium_wl_copy(i->make, sizeof i->make, make); podium_wl_copy(i->model, sizeof i->model, model);
}
static inline void podium_wl_mode(void *d, struct wl_output *o, uint32_t f, int32_t w, int32_t h, int32_t r) {}
static inline void podium_wl_done(void *d, struct wl_output *o) {}
static inline void podium_wl_scale(void *d, struct wl_output *o, int32_t f) {}
static inline void podium_wl_name(void *d, struct wl_output *o, const char *n) { podium_wl_output_info *i = d; podium_wl_copy(i->name, sizeof i->name, n); }
static inline void podium_wl_description(void *d, struct wl_output *o, const char *n) { podium_wl_output_info *i = d; podium_wl_copy(i->description, sizeof i->description, n); }
static const struct wl_output_listener podium_wl_output_listener = {
    podium_wl_geometry, podium_wl_mode, podium_wl_done, podium_wl_scale, podium_wl_name, podium_wl_description
};
static inline void podium_wl_global(void *d, struct wl_registry *r, uint32_t id, const char *iface, uint32_t version) {
    podium_wl_outputs_state *s = d;
    if (strcmp(iface, "wl_output") != 0 || s->count >= s->capacity || s->count >= 32) return;
    podium_wl_output_info *i = &s->out[s->count];
    memset(i, 0, sizeof *i);
    struct wl_output *o = wl_registry_bind(r, id, &wl_output_interface, version < 4 ? version : 4);
    s->outputs[s->count++] = o;
    wl_output_add_listener(o, &podium_wl_output_listener, i);
}
static inline void podium_wl_global_remove(void *d, struct wl_registry *r, uint32_t id) {}
static const struct wl_registry_listener podium_wl_registry_listener = { podium_wl_global, podium_wl_global_remove };

/// Fills `out` (up to `capacity`) with the outputs of the compositor at $WAYLAND_DISPLAY, in the
/// order the compositor announced them (SDL's order too). Returns the count, or -1 without a
/// compositor. Names stay empty when the compositor offers wl_output below version 4.
static inline int podium_wayland_outputs(podium_wl_output_info *out, int capacity) {
    struct wl_display *dpy = wl_display_connect(NULL);
    if (!dpy) return -1;
    podium_wl_outputs_state s = { out, 0, capacity, {0} };
    struct wl_registry *reg = wl_display_get_registry(dpy);
    wl_registry_add_listener(reg, &podium_wl_registry_listener, &s);
    wl_display_roundtrip(dpy);   // the globals
    wl_display_roundtrip(dpy);   // each output's events
    for (int i = 0; i < s.count; i++) {
        if (wl_output_get_version(s.outputs[i]) >= 3) wl_output_release(s.outputs[i]); else wl_output_destroy(s.outputs[i]);
    }
    wl_registry_destroy(reg);
    wl_display_disconnect(dpy);
    return s.count;
}
