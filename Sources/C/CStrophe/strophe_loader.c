// CStropheLoader: libstrophe looked up when a room's game begins (see include/strophe_loader.h).
#include "strophe_loader.h"

#include <dlfcn.h>

#define KOALIO_STROPHE_API(X) \
    X(xmpp_initialize) \
    X(xmpp_ctx_new) \
    X(xmpp_ctx_free) \
    X(xmpp_free) \
    X(xmpp_conn_new) \
    X(xmpp_conn_release) \
    X(xmpp_conn_set_jid) \
    X(xmpp_conn_set_flags) \
    X(xmpp_conn_set_cafile) \
    X(xmpp_conn_is_connected) \
    X(xmpp_connect_client) \
    X(xmpp_disconnect) \
    X(xmpp_run_once) \
    X(xmpp_handler_add) \
    X(xmpp_send_raw) \
    X(xmpp_stanza_get_name) \
    X(xmpp_stanza_get_type) \
    X(xmpp_stanza_get_id) \
    X(xmpp_stanza_get_from) \
    X(xmpp_stanza_get_attribute) \
    X(xmpp_stanza_get_text) \
    X(xmpp_stanza_get_children) \
    X(xmpp_stanza_get_next) \
    X(xmpp_stanza_get_child_by_name)

#define KOALIO_STROPHE_POINTER(name) __typeof__(name) *name;
static struct { KOALIO_STROPHE_API(KOALIO_STROPHE_POINTER) } api;
/// 0 not tried yet, 1 loaded, -1 not there.
static int api_state;

int koalio_strophe_load(void) {
    if (api_state != 0) return api_state > 0;
    api_state = -1;
    void *library = dlopen("libstrophe.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return 0;
#define KOALIO_STROPHE_LOAD(name) if (!(api.name = (__typeof__(name) *)dlsym(library, #name))) return 0;
    KOALIO_STROPHE_API(KOALIO_STROPHE_LOAD)
    api_state = 1;
    return 1;
}

void koalio_xmpp_initialize(void) { api.xmpp_initialize(); }
xmpp_ctx_t *koalio_xmpp_ctx_new(const xmpp_mem_t *mem, const xmpp_log_t *log) { return api.xmpp_ctx_new(mem, log); }
void koalio_xmpp_ctx_free(xmpp_ctx_t *ctx) { api.xmpp_ctx_free(ctx); }
void koalio_xmpp_free(const xmpp_ctx_t *ctx, void *p) { api.xmpp_free(ctx, p); }
xmpp_conn_t *koalio_xmpp_conn_new(xmpp_ctx_t *ctx) { return api.xmpp_conn_new(ctx); }
int koalio_xmpp_conn_release(xmpp_conn_t *conn) { return api.xmpp_conn_release(conn); }
void koalio_xmpp_conn_set_jid(xmpp_conn_t *conn, const char *jid) { api.xmpp_conn_set_jid(conn, jid); }
int koalio_xmpp_conn_set_flags(xmpp_conn_t *conn, long flags) { return api.xmpp_conn_set_flags(conn, flags); }
void koalio_xmpp_conn_set_cafile(xmpp_conn_t *const conn, const char *path) { api.xmpp_conn_set_cafile(conn, path); }
int koalio_xmpp_conn_is_connected(xmpp_conn_t *conn) { return api.xmpp_conn_is_connected(conn); }
int koalio_xmpp_connect_client(xmpp_conn_t *conn, const char *altdomain, unsigned short altport, xmpp_conn_handler callback, void *userdata) { return api.xmpp_connect_client(conn, altdomain, altport, callback, userdata); }
void koalio_xmpp_disconnect(xmpp_conn_t *conn) { api.xmpp_disconnect(conn); }
void koalio_xmpp_run_once(xmpp_ctx_t *ctx, unsigned long timeout) { api.xmpp_run_once(ctx, timeout); }
void koalio_xmpp_handler_add(xmpp_conn_t *conn, xmpp_handler handler, const char *ns, const char *name, const char *type, void *userdata) { api.xmpp_handler_add(conn, handler, ns, name, type, userdata); }
void koalio_xmpp_send_raw(xmpp_conn_t *conn, const char *data, size_t len) { api.xmpp_send_raw(conn, data, len); }
const char *koalio_xmpp_stanza_get_name(xmpp_stanza_t *stanza) { return api.xmpp_stanza_get_name(stanza); }
const char *koalio_xmpp_stanza_get_type(xmpp_stanza_t *stanza) { return api.xmpp_stanza_get_type(stanza); }
const char *koalio_xmpp_stanza_get_id(xmpp_stanza_t *stanza) { return api.xmpp_stanza_get_id(stanza); }
const char *koalio_xmpp_stanza_get_from(xmpp_stanza_t *stanza) { return api.xmpp_stanza_get_from(stanza); }
const char *koalio_xmpp_stanza_get_attribute(xmpp_stanza_t *stanza, const char *name) { return api.xmpp_stanza_get_attribute(stanza, name); }
char *koalio_xmpp_stanza_get_text(xmpp_stanza_t *stanza) { return api.xmpp_stanza_get_text(stanza); }
xmpp_stanza_t *koalio_xmpp_stanza_get_children(xmpp_stanza_t *stanza) { return api.xmpp_stanza_get_children(stanza); }
xmpp_stanza_t *koalio_xmpp_stanza_get_next(xmpp_stanza_t *stanza) { return api.xmpp_stanza_get_next(stanza); }
xmpp_stanza_t *koalio_xmpp_stanza_get_child_by_name(xmpp_stanza_t *stanza, const char *name) { return api.xmpp_stanza_get_child_by_name(stanza, name); }
