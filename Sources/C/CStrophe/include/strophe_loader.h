// CStropheLoader: libstrophe (Debian libstrophe0), the XMPP client the game talks to a
// rendezvous's rooms with, loaded when a room's game begins rather than linked: a game that
// never plays across the internet never maps it, nor the OpenSSL and expat it brings (start-up
// memory is measured in `make bench`). Its types come from its header (libstrophe-dev); each
// function the game uses is `koalio_` and its name, called through the library loaded.
#ifndef KOALIO_STROPHE_LOADER_H
#define KOALIO_STROPHE_LOADER_H

#include <strophe.h>

/// Loads libstrophe.so.0 once (later calls answer at once): 1 when it and every function the
/// game uses are there, 0 when not (no libstrophe0 installed). Call before any other.
int koalio_strophe_load(void);

/// XMPP_CONN_FLAG_MANDATORY_TLS, a macro of an unsigned long, as a function.
static inline long koalio_xmpp_mandatory_tls(void) { return (long)XMPP_CONN_FLAG_MANDATORY_TLS; }

void koalio_xmpp_initialize(void);
xmpp_ctx_t *koalio_xmpp_ctx_new(const xmpp_mem_t *mem, const xmpp_log_t *log);
void koalio_xmpp_ctx_free(xmpp_ctx_t *ctx);
void koalio_xmpp_free(const xmpp_ctx_t *ctx, void *p);
xmpp_conn_t *koalio_xmpp_conn_new(xmpp_ctx_t *ctx);
int koalio_xmpp_conn_release(xmpp_conn_t *conn);
void koalio_xmpp_conn_set_jid(xmpp_conn_t *conn, const char *jid);
int koalio_xmpp_conn_set_flags(xmpp_conn_t *conn, long flags);
void koalio_xmpp_conn_set_cafile(xmpp_conn_t *const conn, const char *path);
int koalio_xmpp_conn_is_connected(xmpp_conn_t *conn);
int koalio_xmpp_connect_client(xmpp_conn_t *conn, const char *altdomain, unsigned short altport, xmpp_conn_handler callback, void *userdata);
void koalio_xmpp_disconnect(xmpp_conn_t *conn);
void koalio_xmpp_run_once(xmpp_ctx_t *ctx, unsigned long timeout);
void koalio_xmpp_handler_add(xmpp_conn_t *conn, xmpp_handler handler, const char *ns, const char *name, const char *type, void *userdata);
void koalio_xmpp_send_raw(xmpp_conn_t *conn, const char *data, size_t len);
const char *koalio_xmpp_stanza_get_name(xmpp_stanza_t *stanza);
const char *koalio_xmpp_stanza_get_type(xmpp_stanza_t *stanza);
const char *koalio_xmpp_stanza_get_id(xmpp_stanza_t *stanza);
const char *koalio_xmpp_stanza_get_from(xmpp_stanza_t *stanza);
const char *koalio_xmpp_stanza_get_attribute(xmpp_stanza_t *stanza, const char *name);
char *koalio_xmpp_stanza_get_text(xmpp_stanza_t *stanza);
xmpp_stanza_t *koalio_xmpp_stanza_get_children(xmpp_stanza_t *stanza);
xmpp_stanza_t *koalio_xmpp_stanza_get_next(xmpp_stanza_t *stanza);
xmpp_stanza_t *koalio_xmpp_stanza_get_child_by_name(xmpp_stanza_t *stanza, const char *name);

#endif
