#ifndef PODIUM_MAIN_QUEUE_H
#define PODIUM_MAIN_QUEUE_H

/// The main dispatch queue, served by Podium's own run loop instead of Foundation's RunLoop or
/// dispatchMain(): on Linux the Swift main actor's jobs (`Task { @MainActor … }`, `await` on a
/// main-actor method) and `DispatchQueue.main.async` blocks wait on that queue, and nothing else
/// runs it while the SDL loop sleeps.
///
/// Uses libdispatch's run-loop hooks (`_dispatch_get_main_queue_handle_4CF`, an eventfd on Linux,
/// and `_dispatch_main_queue_callback_4CF`), the same two Foundation's CFRunLoop uses; see
/// swift-corelibs-libdispatch, src/queue.c and dispatch/private.h.

/// Starts, once, a thread that calls `wake` (from that thread) whenever work is waiting on the
/// main queue; it then waits until `podium_main_queue_drain` has run before watching again.
void podium_main_queue_watch(void (*wake)(void));

/// Runs the work waiting on the main queue. Call on the main thread only.
void podium_main_queue_drain(void);

#endif
