// libnice (Debian libnice-dev): ICE (RFC 8445) with STUN and TURN, on GLib, for play across
// the internet. Only CIce includes it; the game sees CIce's small polled interface.
#include <agent.h>
