/* The C shim: SDL2, plus static inline wrappers for the function-like macros
 * Swift cannot import (see ../shared/SDL-NOTES.md). Only KoalioSDL imports this module. */
#ifndef KOALIO_CSDL2_SHIM_H
#define KOALIO_CSDL2_SHIM_H

#include <SDL2/SDL.h>

/** SDL_WINDOWPOS_CENTERED_DISPLAY is a function-like macro: it does not import. */
static inline int koalio_windowpos_centered_display(int display) { return (int)SDL_WINDOWPOS_CENTERED_DISPLAY(display); }

/** SDL_TOUCH_MOUSEID imports but does not compile when used. */
static inline Uint32 koalio_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }

/** SDL_BUTTON_LMASK is function-like. */
static inline Uint32 koalio_button_lmask(void) { return SDL_BUTTON_LMASK; }

/** AUDIO_S16SYS is chosen by another macro (the byte order): the mixer's one sample format. */
static inline SDL_AudioFormat koalio_audio_s16sys(void) { return AUDIO_S16SYS; }

#endif
