/* System zlib for koalio's level layers and replay checksums. inflateInit2 is a macro (it passes
 * the library's version and the stream's size), so Swift cannot call it: wrapped here. */
#ifndef KOALIO_CZLIB_SHIM_H
#define KOALIO_CZLIB_SHIM_H

#include <zlib.h>

static inline int koalio_inflate_init2(z_stream *stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

#endif
