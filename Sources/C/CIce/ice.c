// CIce: koalio's polled ICE link over libnice (see include/ice.h).
#include "ice.h"

#include <agent.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

// libnice (with GLib, and through it UPnP, HTTP, XML and ICU) is loaded when the first link is
// made, not when the game starts: a game that never plays across the internet never maps it
// (start-up time and memory are measured in `make bench`). Every function used is looked up
// once through libnice's handle, which finds GLib's too, and called through `api`.
#define KOALIO_ICE_API(X) \
    X(nice_agent_new_full) X(nice_agent_add_stream) X(nice_agent_set_stream_name) X(nice_agent_set_relay_info) \
    X(nice_agent_attach_recv) X(nice_agent_gather_candidates) X(nice_agent_close_async) X(nice_agent_get_local_candidates) \
    X(nice_agent_generate_local_sdp) X(nice_agent_parse_remote_sdp) X(nice_agent_get_selected_pair) X(nice_agent_send) \
    X(nice_candidate_free) X(g_object_set) X(g_object_unref) X(g_signal_connect_data) X(g_signal_handlers_disconnect_matched) \
    X(g_main_context_new) X(g_main_context_unref) X(g_main_context_iteration) X(g_main_context_push_thread_default) \
    X(g_main_context_pop_thread_default) X(g_timeout_source_new) X(g_source_set_callback) X(g_source_attach) \
    X(g_source_destroy) X(g_source_unref) X(g_slist_free_full) X(g_free)

#define KOALIO_ICE_POINTER(name) __typeof__(name) *name;
static struct { KOALIO_ICE_API(KOALIO_ICE_POINTER) } api;
/// 0 not tried yet, 1 loaded, -1 not there (no libnice10 installed).
static int api_state;

static int load_api(void) {
    if (api_state != 0) return api_state > 0;
    api_state = -1;
    void *library = dlopen("libnice.so.10", RTLD_NOW | RTLD_LOCAL);
    if (!library) return 0;
#define KOALIO_ICE_LOAD(name) if (!(api.name = (__typeof__(name) *)dlsym(library, #name))) return 0;
    KOALIO_ICE_API(KOALIO_ICE_LOAD)
    api_state = 1;
    return 1;
}

/// Datagrams kept between two polls: more than a second of a game's traffic.
#define KOALIO_ICE_QUEUE 256
/// The largest datagram kept (the game's are far smaller; a bigger one is dropped).
#define KOALIO_ICE_DATAGRAM 1500

struct koalio_ice {
    GMainContext *context;
    NiceAgent *agent;
    guint stream;
    koalio_ice_state state;
    int gathered;
    int remote_set;
    int wants_relay;    ///< a TURN server was given: a relayed candidate is worth waiting for
    int wants_reflexive; ///< a STUN server was given (and the relay is not forced)
    uint8_t queue[KOALIO_ICE_QUEUE][KOALIO_ICE_DATAGRAM];
    size_t lengths[KOALIO_ICE_QUEUE];
    size_t head, count;
};

static void on_gathering_done(NiceAgent *agent, guint stream, gpointer data) {
    (void)agent; (void)stream;
    koalio_ice *ice = data;
    ice->gathered = 1;
    if (ice->state == KOALIO_ICE_GATHERING) ice->state = ice->remote_set ? KOALIO_ICE_CHECKING : KOALIO_ICE_GATHERED;
}

static void on_state_changed(NiceAgent *agent, guint stream, guint component, guint state, gpointer data) {
    (void)agent; (void)stream; (void)component;
    koalio_ice *ice = data;
    if (state == NICE_COMPONENT_STATE_READY) ice->state = KOALIO_ICE_READY;
    else if (state == NICE_COMPONENT_STATE_FAILED) ice->state = KOALIO_ICE_FAILED;
}

static void on_receive(NiceAgent *agent, guint stream, guint component, guint length, gchar *buffer, gpointer data) {
    (void)agent; (void)stream; (void)component;
    koalio_ice *ice = data;
    if (ice->count == KOALIO_ICE_QUEUE || length > KOALIO_ICE_DATAGRAM) return;  // a flood, or a frame that never came
    size_t slot = (ice->head + ice->count) % KOALIO_ICE_QUEUE;
    memcpy(ice->queue[slot], buffer, length);
    ice->lengths[slot] = length;
    ice->count++;
}

koalio_ice *koalio_ice_new(int controlling, const char *stun_ip, unsigned stun_port,
                           const char *turn_ip, unsigned turn_port, const char *turn_user, const char *turn_password,
                           int relay_only) {
    if (!load_api()) return NULL;
    koalio_ice *ice = calloc(1, sizeof *ice);
    if (!ice) return NULL;
    ice->context = api.g_main_context_new();
    ice->agent = api.nice_agent_new_full(ice->context, NICE_COMPATIBILITY_RFC5245, NICE_AGENT_OPTION_NONE);
    if (!ice->agent) { api.g_main_context_unref(ice->context); free(ice); return NULL; }
    api.g_object_set(ice->agent, "controlling-mode", controlling ? TRUE : FALSE, "upnp", FALSE, "ice-tcp", FALSE,
                 "force-relay", relay_only ? TRUE : FALSE, NULL);
    if (stun_ip && !relay_only) {
        api.g_object_set(ice->agent, "stun-server", stun_ip, "stun-server-port", stun_port, NULL);
        ice->wants_reflexive = 1;
    }
    ice->stream = api.nice_agent_add_stream(ice->agent, 1);
    api.nice_agent_set_stream_name(ice->agent, ice->stream, "application");
    if (turn_ip && turn_user && turn_password) {
        ice->wants_relay = 1;
        api.nice_agent_set_relay_info(ice->agent, ice->stream, 1, turn_ip, turn_port, turn_user, turn_password, NICE_RELAY_TYPE_TURN_UDP);
    }
    api.g_signal_connect_data(ice->agent, "candidate-gathering-done", G_CALLBACK(on_gathering_done), ice, NULL, 0);
    api.g_signal_connect_data(ice->agent, "component-state-changed", G_CALLBACK(on_state_changed), ice, NULL, 0);
    api.nice_agent_attach_recv(ice->agent, ice->stream, 1, ice->context, on_receive, ice);
    if (!api.nice_agent_gather_candidates(ice->agent, ice->stream)) ice->state = KOALIO_ICE_FAILED;
    return ice;
}

/// The most a link's end may wait for the relay to let its allocation go (a lost answer).
#define KOALIO_ICE_CLOSE_MS 500

static void on_closed(GObject *source, GAsyncResult *result, gpointer data) {
    (void)source; (void)result;
    *(int *)data = 1;
}

static gboolean on_close_deadline(gpointer data) {
    *(int *)data = 1;
    return G_SOURCE_REMOVE;
}

void koalio_ice_free(koalio_ice *ice) {
    if (!ice) return;
    api.nice_agent_attach_recv(ice->agent, ice->stream, 1, ice->context, NULL, NULL);
    // Release the relay's allocation (else it holds one of the player's few until it expires):
    // libnice's close answers in the calling thread's default context, so ours is pushed, and
    // iterated until it answers or the deadline passes. On the deadline the flag outlives us
    // (a few bytes, rarely), as the agent does, held by the close under way.
    int *closed = calloc(1, sizeof *closed), deadline_passed = 0;
    if (closed) {  // (without memory for the flag, the allocation simply expires)
        api.g_main_context_push_thread_default(ice->context);
        api.nice_agent_close_async(ice->agent, on_closed, closed);
        GSource *deadline = api.g_timeout_source_new(KOALIO_ICE_CLOSE_MS);
        api.g_source_set_callback(deadline, on_close_deadline, &deadline_passed, NULL);
        api.g_source_attach(deadline, ice->context);
        while (!*closed && !deadline_passed) api.g_main_context_iteration(ice->context, TRUE);
        api.g_source_destroy(deadline);
        api.g_source_unref(deadline);
        api.g_main_context_pop_thread_default(ice->context);
        if (*closed) free(closed);
    }
    api.g_signal_handlers_disconnect_matched(ice->agent, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, ice);  // the agent may outlive `ice` (above)
    api.g_object_unref(ice->agent);
    for (int round = 0; round < 64 && api.g_main_context_iteration(ice->context, FALSE); round++) {}
    api.g_main_context_unref(ice->context);
    free(ice);
}

void koalio_ice_poll(koalio_ice *ice) {
    // A bounded number of dispatches: a flood of datagrams cannot hold the frame.
    for (int round = 0; round < 64 && api.g_main_context_iteration(ice->context, FALSE); round++) {}
}

koalio_ice_state koalio_ice_get_state(const koalio_ice *ice) { return ice->state; }

/// Whether the candidates that matter are in: a relayed one when a relay was given, and a
/// server-reflexive one when a STUN server was. Gathering itself goes on until every local
/// address has been tried, which can mean waiting out a STUN timeout for an address that has no
/// route to the server; the description need not wait for that.
static int has_enough_candidates(koalio_ice *ice) {
    GSList *candidates = api.nice_agent_get_local_candidates(ice->agent, ice->stream, 1);
    int relayed = 0, reflexive = 0;
    for (GSList *item = candidates; item; item = item->next) {
        NiceCandidate *candidate = item->data;
        if (candidate->type == NICE_CANDIDATE_TYPE_RELAYED) relayed = 1;
        if (candidate->type == NICE_CANDIDATE_TYPE_SERVER_REFLEXIVE) reflexive = 1;
    }
    api.g_slist_free_full(candidates, (GDestroyNotify)api.nice_candidate_free);
    return (relayed || !ice->wants_relay) && (reflexive || !ice->wants_reflexive);
}

int koalio_ice_local_description(koalio_ice *ice, char *out, size_t capacity) {
    if (!ice->gathered && !has_enough_candidates(ice)) return 0;
    gchar *sdp = api.nice_agent_generate_local_sdp(ice->agent);
    if (!sdp) return -1;
    size_t length = strlen(sdp);
    int result = -1;
    if (length + 1 <= capacity) { memcpy(out, sdp, length + 1); result = (int)length; }
    api.g_free(sdp);
    return result;
}

int koalio_ice_set_remote_description(koalio_ice *ice, const char *description) {
    int taken = api.nice_agent_parse_remote_sdp(ice->agent, description);
    if (taken <= 0) return -1;
    ice->remote_set = 1;
    if (ice->state == KOALIO_ICE_GATHERED || (ice->state == KOALIO_ICE_GATHERING && ice->gathered)) ice->state = KOALIO_ICE_CHECKING;
    return taken;
}

int koalio_ice_relayed(koalio_ice *ice) {
    NiceCandidate *local = NULL, *remote = NULL;
    if (!api.nice_agent_get_selected_pair(ice->agent, ice->stream, 1, &local, &remote) || !local || !remote) return -1;
    return local->type == NICE_CANDIDATE_TYPE_RELAYED || remote->type == NICE_CANDIDATE_TYPE_RELAYED;
}

int koalio_ice_send(koalio_ice *ice, const uint8_t *bytes, size_t length) {
    if (ice->state != KOALIO_ICE_READY) return -1;
    return api.nice_agent_send(ice->agent, ice->stream, 1, (guint)length, (const gchar *)bytes);
}

int koalio_ice_receive(koalio_ice *ice, uint8_t *out, size_t capacity) {
    if (ice->count == 0) return 0;
    size_t slot = ice->head, length = ice->lengths[slot];
    ice->head = (ice->head + 1) % KOALIO_ICE_QUEUE;
    ice->count--;
    if (length > capacity) return -1;
    memcpy(out, ice->queue[slot], length);
    return (int)length;
}

