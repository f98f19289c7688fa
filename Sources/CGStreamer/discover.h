// GstDiscoverer, plus the decoder lookup it does not do, for `podium check`
// (Plugins/Media/Engine/MediaProbe.swift).
#pragma once
#include <gst/gst.h>
#include <gst/pbutils/pbutils.h>
#include <stdlib.h>
#include <string.h>

/* What the discoverer found in `uri` within `timeout_ns`. */
typedef struct {
    int result;          /* GstDiscovererResult */
    int video_streams, audio_streams;
    int width, height;   /* of the first video stream; 0 when none */
    long long duration_ns;
    char *error;         /* malloc'd, or NULL */
    char *missing;       /* malloc'd "; "-separated descriptions of missing plugins, or NULL */
    char *missing_decoders; /* the same for decoders of streams the discoverer parsed, or NULL */
} podium_media_probe;

static inline char *podium_media_join_missing(GstDiscovererInfo *info) {
    const gchar **details = gst_discoverer_info_get_missing_elements_installer_details(info);
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
static inline void podium_media_missing_decoders(GList *streams, GString *out) {
    GList *decoders = gst_element_factory_list_get_elements(GST_ELEMENT_FACTORY_TYPE_DECODER, GST_RANK_MARGINAL);
    for (GList *l = streams; l; l = l->next) {
        GstCaps *caps = gst_discoverer_stream_info_get_caps((GstDiscovererStreamInfo *)l->data);
        if (!caps) continue;
        const GstStructure *st = gst_caps_get_size(caps) ? gst_caps_get_structure(caps, 0) : NULL;
        const char *name = st ? gst_structure_get_name(st) : "";
        if (!g_str_has_suffix(name, "/x-raw")) {
            GList *fit = gst_element_factory_list_filter(decoders, caps, GST_PAD_SINK, FALSE);
            if (!fit) {
                gchar *d = gst_pb_utils_get_decoder_description(caps);
                if (out->len) g_string_append(out, "; ");
                g_string_append_printf(out, "%s (%s)", d ? d : "a decoder", name);
                g_free(d);
            }
            gst_plugin_feature_list_free(fit);
        }
        gst_caps_unref(caps);
    }
    gst_plugin_feature_list_free(decoders);
}

static inline podium_media_probe podium_media_discover(const char *uri, long long timeout_ns) {
    podium_media_probe p;
    memset(&p, 0, sizeof p);
    p.result = GST_DISCOVERER_ERROR;
    GError *err = NULL;
    GstDiscoverer *d = gst_discoverer_new((GstClockTime)timeout_ns, &err);
    if (!d) {
        p.error = strdup(err && err->message ? err->message : "no discoverer (gstreamer1.0-plugins-base)");
        if (err) g_error_free(err);
        return p;
    }
    GstDiscovererInfo *info = gst_discoverer_discover_uri(d, uri, &err);
    if (info) {
        p.result = gst_discoverer_info_get_result(info);
        p.duration_ns = (long long)gst_discoverer_info_get_duration(info);
        GList *v = gst_discoverer_info_get_video_streams(info);
        GList *a = gst_discoverer_info_get_audio_streams(info);
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
            p.width = (int)gst_discoverer_video_info_get_width(vi);
            p.height = (int)gst_discoverer_video_info_get_height(vi);
        }
        gst_discoverer_stream_info_list_free(v);
        gst_discoverer_stream_info_list_free(a);
        if (!p.missing_decoders) p.missing = podium_media_join_missing(info);
        gst_discoverer_info_unref(info);
    }
    if (err) { p.error = strdup(err->message ? err->message : "unknown error"); g_error_free(err); }
    g_object_unref(d);
    return p;
}
