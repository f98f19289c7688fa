// playbin with an RGBA appsink: frames to a callback on GStreamer's streaming thread, state,
// position, seeks and the bus, for the media scene (Plugins/Media/Engine/MediaPlayer.swift).
#pragma once
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <stdlib.h>
#include <string.h>

/* Initialises GStreamer once; 1 on success, else 0 with *error a malloc'd message. */
static inline int podium_gst_init(char **error) {
    GError *err = NULL;
    if (gst_init_check(NULL, NULL, &err)) return 1;
    *error = strdup(err && err->message ? err->message : "GStreamer could not be initialised");
    if (err) g_error_free(err);
    return 0;
}

/* One RGBA frame (premultiplied does not apply: video is opaque), on a streaming thread. */
typedef void (*podium_media_frame_fn)(void *ctx, const unsigned char *rgba, int width, int height,
                                      int stride, long long pts_ns);

typedef struct { podium_media_frame_fn fn; void *ctx; } podium_media_sink_target;

static inline GstFlowReturn podium_media_deliver(GstSample *sample, podium_media_sink_target *t) {
    if (!sample) return GST_FLOW_EOS;
    GstCaps *caps = gst_sample_get_caps(sample);
    GstBuffer *buf = gst_sample_get_buffer(sample);
    int w = 0, h = 0;
    if (caps && gst_caps_get_size(caps) > 0) {
        const GstStructure *s = gst_caps_get_structure(caps, 0);
        gst_structure_get_int(s, "width", &w);
        gst_structure_get_int(s, "height", &h);
    }
    GstMapInfo map;
    if (buf && w > 0 && h > 0 && gst_buffer_map(buf, &map, GST_MAP_READ)) {
        int stride = (w * 4 + 3) & ~3;
        if (map.size >= (gsize)stride * (gsize)h)
            t->fn(t->ctx, map.data, w, h, stride, GST_BUFFER_PTS_IS_VALID(buf) ? (long long)GST_BUFFER_PTS(buf) : -1);
        gst_buffer_unmap(buf, &map);
    }
    gst_sample_unref(sample);
    return GST_FLOW_OK;
}

static inline GstFlowReturn podium_media_new_sample(GstAppSink *sink, gpointer user) {
    return podium_media_deliver(gst_app_sink_pull_sample(sink), (podium_media_sink_target *)user);
}
/* The frame a paused pipeline shows (at open and after a seek while paused). */
static inline GstFlowReturn podium_media_new_preroll(GstAppSink *sink, gpointer user) {
    return podium_media_deliver(gst_app_sink_pull_preroll(sink), (podium_media_sink_target *)user);
}

static inline void podium_media_free_target(gpointer p) { free(p); }

/* A playbin for `uri` whose video goes to an appsink as RGBA (frames to `fn` on a streaming
 * thread) and whose audio goes to the default sink, or to a fakesink when `null_audio`.
 * NULL when playbin or appsink is missing (gstreamer1.0-plugins-base). */
static inline GstElement *podium_media_playbin(const char *uri, int null_audio, podium_media_frame_fn fn, void *ctx) {
    GstElement *play = gst_element_factory_make("playbin", NULL);
    GstElement *sink = gst_element_factory_make("appsink", NULL);
    if (!play || !sink) {
        if (play) gst_object_unref(play);
        if (sink) gst_object_unref(sink);
        return NULL;
    }
    GstCaps *caps = gst_caps_new_simple("video/x-raw", "format", G_TYPE_STRING, "RGBA", NULL);
    g_object_set(sink, "caps", caps, "max-buffers", 2, "drop", TRUE, "sync", TRUE, NULL);
    gst_caps_unref(caps);
    podium_media_sink_target *t = (podium_media_sink_target *)malloc(sizeof *t);
    t->fn = fn; t->ctx = ctx;
    GstAppSinkCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.new_sample = podium_media_new_sample;
    cb.new_preroll = podium_media_new_preroll;
    gst_app_sink_set_callbacks(GST_APP_SINK(sink), &cb, t, podium_media_free_target);
    g_object_set(play, "uri", uri, "video-sink", sink, NULL);
    if (null_audio) {
        GstElement *a = gst_element_factory_make("fakesink", NULL);
        if (a) { g_object_set(a, "sync", TRUE, NULL); g_object_set(play, "audio-sink", a, NULL); }
    }
    // No subtitles or visualisations: the room sees the clip as made.
    guint flags = 0;
    g_object_get(play, "flags", &flags, NULL);
    flags &= ~((1u << 2) | (1u << 3));   /* GST_PLAY_FLAG_TEXT, GST_PLAY_FLAG_VIS */
    g_object_set(play, "flags", flags, NULL);
    return play;
}

static inline void podium_media_set_volume(GstElement *play, double volume) { g_object_set(play, "volume", volume, NULL); }
static inline void podium_media_set_mute(GstElement *play, int mute) { g_object_set(play, "mute", mute ? TRUE : FALSE, NULL); }

/* Position and duration in ns; -1 when not known yet. */
static inline long long podium_media_position(GstElement *play) {
    gint64 v = -1;
    return gst_element_query_position(play, GST_FORMAT_TIME, &v) ? (long long)v : -1;
}
static inline long long podium_media_duration(GstElement *play) {
    gint64 v = -1;
    return gst_element_query_duration(play, GST_FORMAT_TIME, &v) ? (long long)v : -1;
}

/* A flushing, frame-accurate seek to `start_ns`, playing until `end_ns` (-1: the end). */
static inline int podium_media_seek(GstElement *play, long long start_ns, long long end_ns) {
    return gst_element_seek(play, 1.0, GST_FORMAT_TIME, GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_ACCURATE,
                            GST_SEEK_TYPE_SET, start_ns,
                            end_ns >= 0 ? GST_SEEK_TYPE_SET : GST_SEEK_TYPE_NONE, end_ns >= 0 ? end_ns : -1) ? 1 : 0;
}

enum { PODIUM_MEDIA_NOTHING = 0, PODIUM_MEDIA_EOS = 1, PODIUM_MEDIA_ERROR = 2, PODIUM_MEDIA_PREROLLED = 3 };

/* The next end-of-stream, error or preroll (async-done) message on the bus, without waiting;
 * for an error *message is a malloc'd "message (debug)". */
static inline int podium_media_poll(GstElement *play, char **message) {
    GstBus *bus = gst_element_get_bus(play);
    GstMessage *m = gst_bus_pop_filtered(bus, GST_MESSAGE_EOS | GST_MESSAGE_ERROR | GST_MESSAGE_ASYNC_DONE);
    gst_object_unref(bus);
    if (!m) return PODIUM_MEDIA_NOTHING;
    int kind = PODIUM_MEDIA_NOTHING;
    switch (GST_MESSAGE_TYPE(m)) {
    case GST_MESSAGE_EOS: kind = PODIUM_MEDIA_EOS; break;
    case GST_MESSAGE_ASYNC_DONE: kind = PODIUM_MEDIA_PREROLLED; break;
    case GST_MESSAGE_ERROR: {
        GError *err = NULL; gchar *dbg = NULL;
        gst_message_parse_error(m, &err, &dbg);
        *message = strdup(err && err->message ? err->message : "playback error");
        if (err) g_error_free(err);
        g_free(dbg);
        kind = PODIUM_MEDIA_ERROR;
        break;
    }
    default: break;
    }
    gst_message_unref(m);
    return kind;
}

