// GStreamer opened on first use (include/podium_gstreamer.h): every GStreamer function below is
// called through a pointer `p_NAME` that `podium_gst_load` fills (Sources/CLazyLibrary); GLib
// and GObject are linked as before (Pango needs them anyway).
#include "podium_gstreamer.h"
#include "podium_lazy_library.h"
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/pbutils/pbutils.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(PODIUM_GST_PAUSED == GST_STATE_PAUSED && PODIUM_GST_PLAYING == GST_STATE_PLAYING && PODIUM_GST_NULL == GST_STATE_NULL, "GstState");
_Static_assert(PODIUM_PROBE_OK == GST_DISCOVERER_OK && PODIUM_PROBE_MISSING_PLUGINS == GST_DISCOVERER_MISSING_PLUGINS
               && PODIUM_PROBE_TIMEOUT == GST_DISCOVERER_TIMEOUT && PODIUM_PROBE_URI_INVALID == GST_DISCOVERER_URI_INVALID, "GstDiscovererResult");

#define PODIUM_GST_CORE(X) X(gst_init_check) X(gst_mini_object_unref) X(gst_object_ref_sink) X(gst_object_unref) \
    X(gst_element_factory_make) X(gst_element_set_state) X(gst_element_get_bus) X(gst_element_query_position) \
    X(gst_element_query_duration) X(gst_element_seek) X(gst_bus_pop_filtered) X(gst_message_parse_error) \
    X(gst_caps_new_simple) X(gst_caps_get_size) X(gst_caps_get_structure) X(gst_structure_get_int) \
    X(gst_structure_get_name) X(gst_sample_get_caps) X(gst_sample_get_buffer) X(gst_buffer_map) X(gst_buffer_unmap) \
    X(gst_element_factory_list_get_elements) X(gst_element_factory_list_filter) X(gst_plugin_feature_list_free)
#define PODIUM_GST_APP(X) X(gst_app_sink_set_callbacks) X(gst_app_sink_pull_sample) X(gst_app_sink_pull_preroll)
#define PODIUM_GST_PBUTILS(X) X(gst_discoverer_new) X(gst_discoverer_discover_uri) X(gst_discoverer_info_get_result) \
    X(gst_discoverer_info_get_duration) X(gst_discoverer_info_get_video_streams) X(gst_discoverer_info_get_audio_streams) \
    X(gst_discoverer_info_get_missing_elements_installer_details) X(gst_discoverer_stream_info_get_caps) \
    X(gst_discoverer_stream_info_list_free) X(gst_discoverer_video_info_get_width) X(gst_discoverer_video_info_get_height) \
    X(gst_pb_utils_get_decoder_description)


PODIUM_GST_CORE(PODIUM_LAZY_POINTER)
PODIUM_GST_APP(PODIUM_LAZY_POINTER)
PODIUM_GST_PBUTILS(PODIUM_LAZY_POINTER)

/* Opens the three libraries and resolves every function, once; 1 when ready, else 0 with
 * `error` naming the missing library or function. */
static int podium_gst_load(char *error, size_t error_len) {
    static int loaded = 0;
    if (loaded) return 1;
    static const char *const core[] = { PODIUM_GST_CORE(PODIUM_LAZY_NAME) }, *const app[] = { PODIUM_GST_APP(PODIUM_LAZY_NAME) },
        *const pbutils[] = { PODIUM_GST_PBUTILS(PODIUM_LAZY_NAME) };
    static void **const core_slots[] = { PODIUM_GST_CORE(PODIUM_LAZY_SLOT) }, **const app_slots[] = { PODIUM_GST_APP(PODIUM_LAZY_SLOT) },
        **const pbutils_slots[] = { PODIUM_GST_PBUTILS(PODIUM_LAZY_SLOT) };
    loaded = podium_lazy_resolve("libgstreamer-1.0.so.0", core, core_slots, sizeof core / sizeof *core, error, error_len) == 0
        && podium_lazy_resolve("libgstapp-1.0.so.0", app, app_slots, sizeof app / sizeof *app, error, error_len) == 0
        && podium_lazy_resolve("libgstpbutils-1.0.so.0", pbutils, pbutils_slots, sizeof pbutils / sizeof *pbutils, error, error_len) == 0;
    return loaded;
}

void podium_gst_set_state(GstElement *e, int state) { p_gst_element_set_state(e, (GstState)state); }
void podium_gst_ref_sink(GstElement *e) { p_gst_object_ref_sink(e); }
void podium_gst_unref(GstElement *e) { p_gst_object_unref(e); }

int podium_gst_init(char **error) {
    char load_error[512];
    if (!podium_gst_load(load_error, sizeof load_error)) { *error = strdup(load_error); return 0; }
    GError *err = NULL;
    if (p_gst_init_check(NULL, NULL, &err)) return 1;
    *error = strdup(err && err->message ? err->message : "GStreamer could not be initialised");
    if (err) g_error_free(err);
    return 0;
}

typedef struct { podium_media_frame_fn fn; void *ctx; } podium_media_sink_target;

static GstFlowReturn podium_media_deliver(GstSample *sample, podium_media_sink_target *t) {
    if (!sample) return GST_FLOW_EOS;
    GstCaps *caps = p_gst_sample_get_caps(sample);
    GstBuffer *buf = p_gst_sample_get_buffer(sample);
    int w = 0, h = 0;
    if (caps && p_gst_caps_get_size(caps) > 0) {
        const GstStructure *s = p_gst_caps_get_structure(caps, 0);
        p_gst_structure_get_int(s, "width", &w);
        p_gst_structure_get_int(s, "height", &h);
    }
    GstMapInfo map;
    if (buf && w > 0 && h > 0 && p_gst_buffer_map(buf, &map, GST_MAP_READ)) {
        int stride = (w * 4 + 3) & ~3;
        if (map.size >= (gsize)stride * (gsize)h)
            t->fn(t->ctx, map.data, w, h, stride, GST_BUFFER_PTS_IS_VALID(buf) ? (long long)GST_BUFFER_PTS(buf) : -1);
        p_gst_buffer_unmap(buf, &map);
    }
    p_gst_mini_object_unref(GST_MINI_OBJECT_CAST(sample));
    return GST_FLOW_OK;
}

static GstFlowReturn podium_media_new_sample(GstAppSink *sink, gpointer user) {
    return podium_media_deliver(p_gst_app_sink_pull_sample(sink), (podium_media_sink_target *)user);
}
/* The frame a paused pipeline shows (at open and after a seek while paused). */
static GstFlowReturn podium_media_new_preroll(GstAppSink *sink, gpointer user) {
    return podium_media_deliver(p_gst_app_sink_pull_preroll(sink), (podium_media_sink_target *)user);
}

static void podium_media_free_target(gpointer p) { free(p); }

/* A playbin for `uri` whose video goes to an appsink as RGBA (frames to `fn` on a streaming
 * thread) and whose audio goes to the default sink, or to a fakesink when `null_audio`.
 * NULL when playbin or appsink is missing (gstreamer1.0-plugins-base). */
GstElement *podium_media_playbin(const char *uri, int null_audio, podium_media_frame_fn fn, void *ctx) {
    GstElement *play = p_gst_element_factory_make("playbin", NULL);
    GstElement *sink = p_gst_element_factory_make("appsink", NULL);
    if (!play || !sink) {
        if (play) p_gst_object_unref(play);
        if (sink) p_gst_object_unref(sink);
        return NULL;
    }
    GstCaps *caps = p_gst_caps_new_simple("video/x-raw", "format", G_TYPE_STRING, "RGBA", NULL);
    g_object_set(sink, "caps", caps, "max-buffers", 2, "drop", TRUE, "sync", TRUE, NULL);
    p_gst_mini_object_unref(GST_MINI_OBJECT_CAST(caps));
    podium_media_sink_target *t = (podium_media_sink_target *)malloc(sizeof *t);
    t->fn = fn; t->ctx = ctx;
    GstAppSinkCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.new_sample = podium_media_new_sample;
    cb.new_preroll = podium_media_new_preroll;
    p_gst_app_sink_set_callbacks((GstAppSink *)sink, &cb, t, podium_media_free_target);
    g_object_set(play, "uri", uri, "video-sink", sink, NULL);
    if (null_audio) {
        GstElement *a = p_gst_element_factory_make("fakesink", NULL);
        if (a) { g_object_set(a, "sync", TRUE, NULL); g_object_set(play, "audio-sink", a, NULL); }
    }
    // No subtitles or visualisations: the room sees the clip as made.
    guint flags = 0;
    g_object_get(play, "flags", &flags, NULL);
    flags &= ~((1u << 2) | (1u << 3));   /* GST_PLAY_FLAG_TEXT, GST_PLAY_FLAG_VIS */
    g_object_set(play, "flags", flags, NULL);
    return play;
}

void podium_media_set_volume(GstElement *play, double volume) { g_object_set(play, "volume", volume, NULL); }
void podium_media_set_mute(GstElement *play, int mute) { g_object_set(play, "mute", mute ? TRUE : FALSE, NULL); }

/* Position and duration in ns; -1 when not known yet. */
long long podium_media_position(GstElement *play) {
    gint64 v = -1;
    return p_gst_element_query_position(play, GST_FORMAT_TIME, &v) ? (long long)v : -1;
}
long long podium_media_duration(GstElement *play) {
    gint64 v = -1;
    return p_gst_element_query_duration(play, GST_FORMAT_TIME, &v) ? (long long)v : -1;
}

/* A flushing, frame-accurate seek to `start_ns`, playing until `end_ns` (-1: the end). */
int podium_media_seek(GstElement *play, long long start_ns, long long end_ns) {
    return p_gst_element_seek(play, 1.0, GST_FORMAT_TIME, GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_ACCURATE,
                            GST_SEEK_TYPE_SET, start_ns,
                            end_ns >= 0 ? GST_SEEK_TYPE_SET : GST_SEEK_TYPE_NONE, end_ns >= 0 ? end_ns : -1) ? 1 : 0;
}


/* The next end-of-stream, error or preroll (async-done) message on the bus, without waiting;
 * for an error *message is a malloc'd "message (debug)". */
int podium_media_poll(GstElement *play, char **message) {
    GstBus *bus = p_gst_element_get_bus(play);
    GstMessage *m = p_gst_bus_pop_filtered(bus, GST_MESSAGE_EOS | GST_MESSAGE_ERROR | GST_MESSAGE_ASYNC_DONE);
    p_gst_object_unref(bus);
    if (!m) return PODIUM_MEDIA_NOTHING;
    int kind = PODIUM_MEDIA_NOTHING;
    switch (GST_MESSAGE_TYPE(m)) {
    case GST_MESSAGE_EOS: kind = PODIUM_MEDIA_EOS; break;
    case GST_MESSAGE_ASYNC_DONE: kind = PODIUM_MEDIA_PREROLLED; break;
    case GST_MESSAGE_ERROR: {
        GError *err = NULL; gchar *dbg = NULL;
        p_gst_message_parse_error(m, &err, &dbg);
        *message = strdup(err && err->message ? err->message : "playback error");
        if (err) g_error_free(err);
        g_free(dbg);
        kind = PODIUM_MEDIA_ERROR;
        break;
    }
    default: break;
    }
    p_gst_mini_object_unref(GST_MINI_OBJECT_CAST(m));
    return kind;
}




static char *podium_media_join_missing(GstDiscovererInfo *info) {
    const gchar **details = p_gst_discoverer_info_get_missing_elements_installer_details(info);
    if (!details || !details[0]) return NULL;
    GString *out = g_string_new(NULL);
    for (int i = 0; details[i]; i++) {
        /* "gstreamer|1.0|app|AC-3 (ATSC A/52) decoder|decoder-audio/x-ac3": the 4th field. */
        gchar **f = g_strsplit(details[i], "|", 6);
        const char *d = g_strv_length(f) >= 5 ? f[3] : details[i];
        const char *what = g_strv_length(f) >= 5 ? f[4] : "";
        if (out->len) g_string_append(out, "; ");
        g_string_append(out, d);
        if (what[0]) g_string_append_printf(out, " (%s)", what);
        g_strfreev(f);
    }
    char *s = strdup(out->str);
    g_string_free(out, TRUE);
    return s;
}

/* The discoverer stops at parsed streams, so it does not notice a missing decoder: appends to
 * `out` the description of each stream in `streams` that no decoder (of rank marginal or
 * better, as playbin uses) accepts. */
static void podium_media_missing_decoders(GList *streams, GString *out) {
    GList *decoders = p_gst_element_factory_list_get_elements(GST_ELEMENT_FACTORY_TYPE_DECODER, GST_RANK_MARGINAL);
    for (GList *l = streams; l; l = l->next) {
        GstCaps *caps = p_gst_discoverer_stream_info_get_caps((GstDiscovererStreamInfo *)l->data);
        if (!caps) continue;
        const GstStructure *st = p_gst_caps_get_size(caps) ? p_gst_caps_get_structure(caps, 0) : NULL;
        const char *name = st ? p_gst_structure_get_name(st) : "";
        if (!g_str_has_suffix(name, "/x-raw")) {
            GList *fit = p_gst_element_factory_list_filter(decoders, caps, GST_PAD_SINK, FALSE);
            if (!fit) {
                gchar *d = p_gst_pb_utils_get_decoder_description(caps);
                if (out->len) g_string_append(out, "; ");
                g_string_append_printf(out, "%s (%s)", d ? d : "a decoder", name);
                g_free(d);
            }
            p_gst_plugin_feature_list_free(fit);
        }
        p_gst_mini_object_unref(GST_MINI_OBJECT_CAST(caps));
    }
    p_gst_plugin_feature_list_free(decoders);
}

podium_media_probe podium_media_discover(const char *uri, long long timeout_ns) {
    podium_media_probe p;
    memset(&p, 0, sizeof p);
    p.result = GST_DISCOVERER_ERROR;
    GError *err = NULL;
    GstDiscoverer *d = p_gst_discoverer_new((GstClockTime)timeout_ns, &err);
    if (!d) {
        p.error = strdup(err && err->message ? err->message : "no discoverer (gstreamer1.0-plugins-base)");
        if (err) g_error_free(err);
        return p;
    }
    GstDiscovererInfo *info = p_gst_discoverer_discover_uri(d, uri, &err);
    if (info) {
        p.result = p_gst_discoverer_info_get_result(info);
        p.duration_ns = (long long)p_gst_discoverer_info_get_duration(info);
        GList *v = p_gst_discoverer_info_get_video_streams(info);
        GList *a = p_gst_discoverer_info_get_audio_streams(info);
        if (p.result == GST_DISCOVERER_OK) {
            GString *miss = g_string_new(NULL);
            podium_media_missing_decoders(v, miss);
            podium_media_missing_decoders(a, miss);
            if (miss->len) { p.result = GST_DISCOVERER_MISSING_PLUGINS; p.missing_decoders = strdup(miss->str); }
            g_string_free(miss, TRUE);
        }
        p.video_streams = (int)g_list_length(v);
        p.audio_streams = (int)g_list_length(a);
        if (v) {
            GstDiscovererVideoInfo *vi = (GstDiscovererVideoInfo *)v->data;
            p.width = (int)p_gst_discoverer_video_info_get_width(vi);
            p.height = (int)p_gst_discoverer_video_info_get_height(vi);
        }
        p_gst_discoverer_stream_info_list_free(v);
        p_gst_discoverer_stream_info_list_free(a);
        if (!p.missing_decoders) p.missing = podium_media_join_missing(info);
        gst_discoverer_info_unref(info);
    }
    if (err) { p.error = strdup(err->message ? err->message : "unknown error"); g_error_free(err); }
    g_object_unref(d);
    return p;
}
