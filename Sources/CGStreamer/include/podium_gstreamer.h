// GStreamer for the `media` scene and movies in PDF pages (Sources/PodiumMedia): playbin with an
// RGBA appsink (frames to a callback on GStreamer's streaming thread), state, position, seeks and
// the bus; the discoverer for `podium check`. GObject's property setters are C varargs, which
// Swift cannot call: these thin wrappers set them.
//
// GStreamer is opened on first use, not linked (issue 19): a talk maps none of its dozen
// libraries (libgstreamer, its base, video, audio and tag libraries, liborc, libdw, ...) until a
// movie plays or a clip is probed. `podium_gst_init` opens them; call it (and check it) first.
// No GStreamer header here, so Swift needs none: a pipeline is an opaque `GstElement *`.
#pragma once

typedef struct _GstElement GstElement;

/* Opens GStreamer's libraries and initialises it, once; 1 on success, else 0 with *error a
 * malloc'd message naming the library or function that is missing, or GStreamer's own. */
int podium_gst_init(char **error);

/* GstState values for `podium_gst_set_state`. */
enum { PODIUM_GST_NULL = 1, PODIUM_GST_READY = 2, PODIUM_GST_PAUSED = 3, PODIUM_GST_PLAYING = 4 };
void podium_gst_set_state(GstElement *e, int state);
/* Takes the floating reference of a new pipeline; drops one. */
void podium_gst_ref_sink(GstElement *e);
void podium_gst_unref(GstElement *e);

/* One RGBA frame (premultiplied does not apply: video is opaque), on a streaming thread. */
typedef void (*podium_media_frame_fn)(void *ctx, const unsigned char *rgba, int width, int height,
                                      int stride, long long pts_ns);

/* A playbin for `uri` whose video goes to an appsink as RGBA (frames to `fn` on a streaming
 * thread) and whose audio goes to the default sink, or to a fakesink when `null_audio`.
 * NULL when playbin or appsink is missing (gstreamer1.0-plugins-base). */
GstElement *podium_media_playbin(const char *uri, int null_audio, podium_media_frame_fn fn, void *ctx);
void podium_media_set_volume(GstElement *play, double volume);
void podium_media_set_mute(GstElement *play, int mute);
/* Position and duration in ns; -1 when not known yet. */
long long podium_media_position(GstElement *play);
long long podium_media_duration(GstElement *play);
/* A flushing, frame-accurate seek to `start_ns`, playing until `end_ns` (-1: the end). */
int podium_media_seek(GstElement *play, long long start_ns, long long end_ns);

enum { PODIUM_MEDIA_NOTHING = 0, PODIUM_MEDIA_EOS = 1, PODIUM_MEDIA_ERROR = 2, PODIUM_MEDIA_PREROLLED = 3 };
/* The next end-of-stream, error or preroll (async-done) message on the bus, without waiting;
 * for an error *message is a malloc'd "message (debug)". */
int podium_media_poll(GstElement *play, char **message);

/* GstDiscovererResult values. */
enum { PODIUM_PROBE_OK = 0, PODIUM_PROBE_URI_INVALID = 1, PODIUM_PROBE_ERROR = 2, PODIUM_PROBE_TIMEOUT = 3,
       PODIUM_PROBE_BUSY = 4, PODIUM_PROBE_MISSING_PLUGINS = 5 };
/* What the discoverer found in `uri` within `timeout_ns`. */
typedef struct {
    int result;          /* PODIUM_PROBE_* */
    int video_streams, audio_streams;
    int width, height;   /* of the first video stream; 0 when none */
    long long duration_ns;
    char *error;         /* malloc'd, or NULL */
    char *missing;       /* malloc'd "; "-separated descriptions of missing plugins, or NULL */
    char *missing_decoders; /* the same for decoders of streams the discoverer parsed, or NULL */
} podium_media_probe;
podium_media_probe podium_media_discover(const char *uri, long long timeout_ns);
