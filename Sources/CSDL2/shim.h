/* The C shim: SDL2, SDL2_image and SDL2_mixer, plus static inline wrappers for the function-like macros
 * Swift cannot import (see ../shared/SDL-NOTES.md). Only KoalioSDL imports this module. */
#ifndef KOALIO_CSDL2_SHIM_H
#define KOALIO_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_mixer.h>

/** SDL_WINDOWPOS_CENTERED is a macro that ORs another macro: it does not import. */
static inline int koalio_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }

/** SDL_TOUCH_MOUSEID imports but does not compile when used. */
static inline Uint32 koalio_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }

/** SDL_BUTTON_LMASK is function-like. */
static inline Uint32 koalio_button_lmask(void) { return SDL_BUTTON_LMASK; }

/** MIX_DEFAULT_FORMAT picks the byte order by another macro. */
static inline Uint16 koalio_mix_default_format(void) { return MIX_DEFAULT_FORMAT; }

/** Mix_PlayChannel is a macro over Mix_PlayChannelTiming. */
static inline int koalio_mix_play_channel(int channel, Mix_Chunk *chunk, int loops) { return Mix_PlayChannel(channel, chunk, loops); }

/** Mix_LoadWAV is a macro over Mix_LoadWAV_RW. */
static inline Mix_Chunk *koalio_mix_load_wav(const char *file) { return Mix_LoadWAV(file); }

#endif
