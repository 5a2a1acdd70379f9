/* libpng's simplified API, used to decode koalio's images: it reports problems in the image's
 * own `message` field instead of printing to stderr (SDL_image's use of libpng prints), and it
 * tells the size before any pixel memory is allocated. PNG_IMAGE_SIZE is a macro: wrapped. */
#ifndef KOALIO_CPNG_SHIM_H
#define KOALIO_CPNG_SHIM_H

#include <png.h>

static inline size_t koalio_png_image_size(const png_image *image) {
    return PNG_IMAGE_SIZE(*image);
}

/** PNG_FORMAT_FLAG_ALPHA / PNG_FORMAT_RGB / PNG_FORMAT_RGBA combine macros: spelled out here. */
static inline png_uint_32 koalio_png_format_flag_alpha(void) { return PNG_FORMAT_FLAG_ALPHA; }
static inline png_uint_32 koalio_png_format_rgb(void) { return PNG_FORMAT_RGB; }
static inline png_uint_32 koalio_png_format_rgba(void) { return PNG_FORMAT_RGBA; }

#endif
