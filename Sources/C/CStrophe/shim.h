// libstrophe (Debian libstrophe-dev): the XMPP client the game talks to a rendezvous's rooms
// with, polled from the frame (xmpp_run_once with no wait). Its flags are macros of unsigned
// longs, given here as functions.
#include <strophe.h>

static inline long koalio_xmpp_mandatory_tls(void) { return (long)XMPP_CONN_FLAG_MANDATORY_TLS; }
