/* libvorbisfile (Xiph's Ogg Vorbis decoder), for the music loops. Only KoalioSDL imports it. */
#ifndef KOALIO_CVORBIS_SHIM_H
#define KOALIO_CVORBIS_SHIM_H

/* The header's static callback tables are unused (files are opened with ov_fopen). */
#define OV_EXCLUDE_STATIC_CALLBACKS
#include <vorbis/vorbisfile.h>

#endif
