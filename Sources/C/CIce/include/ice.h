// One ICE link to one peer (libnice underneath), polled from the game's frame and never
// blocking it: the link owns a GLib main context of its own, which koalio_ice_poll iterates
// without waiting; datagrams that arrive are queued until koalio_ice_receive takes them.
#ifndef KOALIO_ICE_H
#define KOALIO_ICE_H

#include <stddef.h>
#include <stdint.h>

typedef struct koalio_ice koalio_ice;

/// Where the link stands.
typedef enum {
    KOALIO_ICE_GATHERING = 0,  ///< finding this machine's candidates (host, server-reflexive, relayed)
    KOALIO_ICE_GATHERED = 1,   ///< the local description is ready to post; waiting for the peer's
    KOALIO_ICE_CHECKING = 2,   ///< both descriptions known: connectivity checks under way
    KOALIO_ICE_READY = 3,      ///< a pair is chosen: datagrams flow
    KOALIO_ICE_FAILED = 4      ///< no pair works (or the peer's description was refused)
} koalio_ice_state;

/// A link. `controlling`: 1 for the host. `stun_ip`/`turn_ip` are numeric IPv4 addresses (NULL:
/// none). `relay_only`: only relayed candidates are gathered and offered, so the peer never
/// learns this machine's addresses. Returns NULL if libnice cannot make an agent.
koalio_ice *koalio_ice_new(int controlling, const char *stun_ip, unsigned stun_port,
                           const char *turn_ip, unsigned turn_port, const char *turn_user, const char *turn_password,
                           int relay_only);
/// Ends the link: the relay is told to let its allocation go (waiting for its answer half a
/// second at most: the one wait in this file, at a game's end, never in a frame).
void koalio_ice_free(koalio_ice *ice);

/// Runs whatever is due (timers, sockets) without waiting: once a frame.
void koalio_ice_poll(koalio_ice *ice);
koalio_ice_state koalio_ice_get_state(const koalio_ice *ice);

/// The local description (ufrag, password, candidates: libnice's SDP lines) once gathered, or
/// once the relayed and server-reflexive candidates are in (whichever comes first), copied into
/// `out` with a NUL; returns its length, 0 while gathering, -1 if `capacity` is short.
int koalio_ice_local_description(koalio_ice *ice, char *out, size_t capacity);
/// The peer's description; returns the number of its candidates taken, or -1 if refused.
int koalio_ice_set_remote_description(koalio_ice *ice, const char *description);

/// 1 if the chosen pair goes through the relay (either end a relayed candidate), 0 if direct,
/// -1 before a pair is chosen.
int koalio_ice_relayed(koalio_ice *ice);

/// Sends one datagram over the chosen pair; the bytes sent, or -1.
int koalio_ice_send(koalio_ice *ice, const uint8_t *bytes, size_t length);
/// The oldest datagram received, copied into `out`: its length, 0 if none waits, -1 if it did
/// not fit (it is dropped).
int koalio_ice_receive(koalio_ice *ice, uint8_t *out, size_t capacity);

#endif
