/* The C shim: SDL2 and SDL2_image, plus static inline wrappers for the function-like macros
 * Swift cannot import (see ../shared/SDL-NOTES.md). Only KoalioSDL imports this module. */
#ifndef KOALIO_CSDL2_SHIM_H
#define KOALIO_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>

/** SDL_WINDOWPOS_CENTERED is a macro that ORs another macro: it does not import. */
static inline int koalio_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }

/** SDL_TOUCH_MOUSEID imports but does not compile when used. */
static inline Uint32 koalio_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }

/** SDL_BUTTON_LMASK is function-like. */
static inline Uint32 koalio_button_lmask(void) { return SDL_BUTTON_LMASK; }

#endif
